import { BLACK } from '../board/color';
import { hashHex } from '../board/zobrist';
import type { Game } from '../board/history';
import * as listed from './list';
import {
  AnalysisError,
  type AnalysisDefinition,
  type AnalysisOptions,
  type Json,
  type Position,
} from './types';

/** Engine name and version, as reported in every analysis report (and used in job ids). */
export const ENGINE = { name: 'moyo', version: '0.1.0' } as const;

function isDefinition(v: unknown): v is AnalysisDefinition {
  const d = v as AnalysisDefinition;
  return typeof d === 'object' && d !== null && typeof d.name === 'string' && typeof d.run === 'function';
}

/** Every registered analysis by name (from `list.ts`). */
export const ANALYSES: ReadonlyMap<string, AnalysisDefinition> = (() => {
  const map = new Map<string, AnalysisDefinition>();
  for (const v of Object.values(listed) as unknown[]) {
    if (!isDefinition(v)) continue;
    if (map.has(v.name)) throw new Error(`analysis registry: two analyses named ${v.name}`);
    map.set(v.name, v);
  }
  return map;
})();

/** The registered analysis `name`; throws AnalysisError listing the known names. */
export function getAnalysis(name: string): AnalysisDefinition {
  const d = ANALYSES.get(name);
  if (!d) throw new AnalysisError(`unknown analysis "${name}" (known: ${[...ANALYSES.keys()].join(', ')})`);
  return d;
}

/** The Position of a Game at its current move. Does not copy: the board is the game's own. */
export function positionFromGame(game: Game): Position {
  return {
    board: game.board,
    toPlay: game.toPlay,
    komi: game.komi,
    rules: game.rules,
    moveNumber: game.moveNumber,
    captures: { black: game.board.captures[1], white: game.board.captures[2] },
    handicap: game.handicap,
    game,
  };
}

/**
 * Runs one analysis; a bad option (RangeError or AnalysisError from `run`) becomes an AnalysisError
 * whose message starts with the analysis name (`bouzy.dilations: ...`), so callers can show it as is.
 */
function runNamingOptions(d: AnalysisDefinition, position: Position, options: AnalysisOptions): Json {
  try {
    return d.run(position, options) as Json;
  } catch (e) {
    if (!(e instanceof RangeError || e instanceof AnalysisError)) throw e;
    // Read the message before narrowing further: RangeError and AnalysisError have the same shape,
    // so depending on the checker's order `!(e instanceof AnalysisError)` can narrow `e` to never.
    const { message } = e;
    if (message.startsWith(`${d.name}.`) || message.startsWith(`${d.name}:`)) {
      throw e instanceof AnalysisError ? e : new AnalysisError(message);
    }
    // `dilations: must be...` names an option: `bouzy.dilations: ...`; anything else gets `bouzy: `.
    const sep = /^[\w[\]]+:/.test(message) ? '.' : ': ';
    throw new AnalysisError(`${d.name}${sep}${message}`);
  }
}

/** The JSON report of `analyzePosition`; documented in libs/engine/README.md. */
export interface AnalysisReport {
  engine: { name: string; version: string };
  board: {
    /** Side length; only on a square board (read width and height). */
    size?: number;
    /** Columns and rows. */
    width: number;
    height: number;
    toPlay: 'B' | 'W';
    moveNumber: number;
    komi: number;
    rules: string;
    /** 64-bit Zobrist hash of stones and ko point, 16 hex digits. */
    hash: string;
  };
  analyses: Record<string, Json>;
  /** Milliseconds spent per analysis. */
  timings: Record<string, number>;
}

/**
 * Runs the named analyses on a position and returns one JSON report. `options[name]` is passed to
 * analysis `name`. Throws AnalysisError for an unknown name (before running anything) and for a bad
 * option (message `name.option: problem`). Does not mutate the position.
 */
export function analyzePosition(
  position: Position,
  names: readonly string[],
  options: Record<string, AnalysisOptions> = {},
): AnalysisReport {
  const defs = names.map(getAnalysis);
  for (const key of Object.keys(options)) {
    if (!names.includes(key)) throw new AnalysisError(`options given for "${key}", which is not requested`);
  }
  const b = position.board;
  const report: AnalysisReport = {
    engine: { ...ENGINE },
    board: {
      ...(b.geo.square ? { size: b.geo.width } : {}),
      width: b.geo.width,
      height: b.geo.height,
      toPlay: position.toPlay === BLACK ? 'B' : 'W',
      moveNumber: position.moveNumber,
      komi: position.komi,
      rules: position.rules.name,
      hash: hashHex(b.hashHi, b.hashLo),
    },
    analyses: {},
    timings: {},
  };
  for (const d of defs) {
    const t0 = performance.now();
    report.analyses[d.name] = runNamingOptions(d, position, options[d.name] ?? {});
    report.timings[d.name] = Math.round((performance.now() - t0) * 1000) / 1000;
  }
  return report;
}
