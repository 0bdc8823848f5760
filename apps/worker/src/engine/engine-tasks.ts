import { hashOf, type EyegraphInput, type PositionInput } from '@moyo/contracts';
import {
  analyzeEyeGraph,
  analyzePosition,
  AnalysisError,
  BoardFormatError,
  CoordinateError,
  ENGINE,
  EyeGraphBudgetError,
  EyeGraphError,
  EyeGraphUnrealizableError,
  Game,
  IllegalMoveError,
  MAX_BOARD_SIZE,
  MIN_BOARD_SIDE,
  parseKataGoMove,
  parsePlayer,
  parseRules,
  positionFromGame,
  type AnalysisOptions,
  type AnalysisReport,
  type EyeGraphAnalysis,
  type Position,
} from '@moyo/engine';

/**
 * The engine work of the worker's jobs, as plain functions of plain data: they run in engine
 * threads (see engine.thread.ts), so everything in and out is structured-cloneable.
 */

export interface PositionTask {
  input: PositionInput;
  analyses: string[];
  options: Record<string, unknown>;
}

export interface EyegraphTask {
  input: EyegraphInput;
}

/** What a thread answers: the value, or the error with whether it is the input's fault. */
export type EngineOutcome<T> =
  { ok: true; value: T } | { ok: false; invalidInput: boolean; name: string; message: string };

/** The position job's cache key and the facts of its position that are not in the key. */
export interface PreparedPosition {
  cacheKey: string;
  moveNumber: number;
}

/** Input the job cannot succeed with however often it is retried. */
export class InvalidJobInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidJobInputError';
  }
}

/** Errors that mean the input is wrong (or too hard to read out): retrying cannot help. */
const INPUT_ERRORS = [
  InvalidJobInputError,
  AnalysisError,
  BoardFormatError,
  CoordinateError,
  IllegalMoveError,
  EyeGraphError,
  EyeGraphUnrealizableError,
  EyeGraphBudgetError,
  RangeError,
  TypeError,
];

/** Runs `fn` and wraps its answer or error as an EngineOutcome. Never throws. */
export function outcomeOf<T>(fn: () => T): EngineOutcome<T> {
  try {
    return { ok: true, value: fn() };
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    return {
      ok: false,
      invalidInput: INPUT_ERRORS.some((cls) => e instanceof cls),
      name: e.name,
      message: e.message,
    };
  }
}

/**
 * Replays the job's position: setup stones, then the moves up to `analyzeTurn`. Throws
 * InvalidJobInputError / CoordinateError / IllegalMoveError / RangeError naming the bad field.
 */
export function replayPosition(input: PositionInput): Position {
  if (input === null || typeof input !== 'object') throw new InvalidJobInputError('input: must be an object');
  const { boardXSize, boardYSize } = input;
  for (const [field, v] of [
    ['boardXSize', boardXSize],
    ['boardYSize', boardYSize],
  ] as const) {
    if (!Number.isInteger(v) || v < MIN_BOARD_SIDE || v > MAX_BOARD_SIZE) {
      throw new InvalidJobInputError(
        `${field}: must be an integer from ${MIN_BOARD_SIDE} to ${MAX_BOARD_SIZE} (got ${JSON.stringify(v)})`,
      );
    }
  }
  const rules = withField('rules', () => parseRules(input.rules ?? 'japanese'));
  if (input.komi !== undefined && typeof input.komi !== 'number') {
    throw new InvalidJobInputError(`komi: must be a number (got ${JSON.stringify(input.komi)})`);
  }
  const game = new Game({ width: boardXSize, height: boardYSize }, { rules, komi: input.komi });
  const initial = input.initialStones ?? [];
  const moves = input.moves ?? [];
  if (!Array.isArray(initial))
    throw new InvalidJobInputError('initialStones: must be an array of ["B"|"W", vertex]');
  if (!Array.isArray(moves)) throw new InvalidJobInputError('moves: must be an array of ["B"|"W", vertex]');
  const first =
    input.initialPlayer === undefined
      ? undefined
      : withField('initialPlayer', () => parsePlayer(input.initialPlayer as string));
  if (initial.length > 0 || first !== undefined) {
    const stones = initial.map((m, i) => {
      const move = withField(`initialStones[${i}]`, () => parseKataGoMove(m, game.geo));
      if (move.point === 0)
        throw new InvalidJobInputError(`initialStones[${i}]: a setup stone cannot be a pass`);
      return { point: move.point, color: move.player };
    });
    game.setup(stones, first ?? game.toPlay);
  }
  const turn = input.analyzeTurn ?? moves.length;
  if (!Number.isInteger(turn) || turn < 0 || turn > moves.length) {
    throw new InvalidJobInputError(`analyzeTurn: must be an integer from 0 to ${moves.length} (got ${turn})`);
  }
  for (let i = 0; i < turn; i++) {
    withField(`moves[${i}]`, () => {
      const move = parseKataGoMove(moves[i], game.geo);
      if (move.point === 0) game.pass(move.player);
      else game.play(move.point, move.player);
    });
  }
  return positionFromGame(game);
}

/** Runs `fn`; an error it throws gets `field: ` in front of its message (same class). */
function withField<T>(field: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof Error && !err.message.startsWith(field)) err.message = `${field}: ${err.message}`;
    throw err;
  }
}

/**
 * The result-cache key of a position job: the engine version, the position as the analyses see
 * it (size, stones and ko point via the Zobrist hash, player to move, komi, rules, prisoners,
 * handicap), the analyses and their options. Two move orders reaching one position share it.
 */
export function positionCacheKey(
  position: Position,
  analyses: string[],
  options: Record<string, unknown>,
): string {
  const b = position.board;
  return `position:${hashOf({
    engine: ENGINE.version,
    // A square board keeps the key it always had; a rectangle's names both sides.
    size: b.geo.square ? b.geo.width : b.geo.label,
    hash: [b.hashHi, b.hashLo],
    toPlay: position.toPlay,
    komi: position.komi,
    rules: position.rules.name,
    captures: position.captures,
    handicap: position.handicap,
    analyses: [...new Set(analyses)].sort(),
    options,
  })}`;
}

/** The cache key of an eye-graph job: engine version, the graph text and the options. */
export function eyegraphCacheKey(input: EyegraphInput): string {
  return `eyegraph:${hashOf({
    engine: ENGINE.version,
    graph: input.graph,
    outerLiberties: input.outerLiberties,
    koThreats: input.koThreats,
  })}`;
}

/** Replays the position and returns its cache key (cheap: no analysis runs). */
export function preparePosition(task: PositionTask): PreparedPosition {
  checkAnalyses(task.analyses);
  const position = replayPosition(task.input);
  return {
    cacheKey: positionCacheKey(position, task.analyses, task.options ?? {}),
    moveNumber: position.moveNumber,
  };
}

/** Replays the position and runs the analyses: the report `analyzePosition` documents. */
export function runPosition(task: PositionTask): AnalysisReport {
  checkAnalyses(task.analyses);
  const position = replayPosition(task.input);
  return analyzePosition(position, task.analyses, (task.options ?? {}) as Record<string, AnalysisOptions>);
}

/** Eye value and vital points of the job's graph. */
export function runEyegraph(task: EyegraphTask): EyeGraphAnalysis {
  const { graph, outerLiberties, koThreats } = task.input ?? ({} as EyegraphInput);
  if (typeof graph !== 'string')
    throw new InvalidJobInputError('graph: must be a string in GNU Go eye-graph encoding');
  return analyzeEyeGraph(graph, { outerLiberties, koThreats });
}

function checkAnalyses(analyses: unknown): void {
  if (!Array.isArray(analyses) || analyses.length === 0 || !analyses.every((a) => typeof a === 'string')) {
    throw new InvalidJobInputError('analyses: must be a non-empty array of analysis names');
  }
}
