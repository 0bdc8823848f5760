import { type KataGoMove, type PositionInput } from '@moyo/contracts';
import {
  BLACK,
  CoordinateError,
  formatGtpVertex,
  Game,
  IllegalMoveError,
  parseGtpVertex,
  parseKataGoVertex,
  PASS,
  WHITE,
  type Player,
  type PointColor,
  type Rules,
} from '@moyo/engine';
import { FieldError } from '../../errors/api-errors';
import { MAX_BATCH_MOVES } from '../../jobs/request-limits';
import type { NormalizedPositionRequest, PositionRequest } from './position-request';

// KataGo-style position requests (moves and initial stones), and the turns of any request.

export function colorOf(c: string): Player {
  return c.toUpperCase() === 'W' ? WHITE : BLACK;
}

export function colorName(p: PointColor): 'B' | 'W' {
  return p === WHITE ? 'W' : 'B';
}

/** KataGo-style request: replays initial stones and moves on the engine to check them. */
export function fromMoves(
  req: PositionRequest,
  rules: Rules,
): Omit<NormalizedPositionRequest, 'analyses' | 'analysisOptions' | 'webhookUrl'> {
  // One size given: a square board of it. Both: boardXSize columns by boardYSize rows.
  const width = req.boardXSize ?? req.boardYSize ?? 19;
  const height = req.boardYSize ?? width;
  const komi = req.komi ?? rules.defaultKomi;
  const game = new Game({ width, height }, { rules, komi });
  const geo = game.geo;

  const stones: KataGoMove[] = [];
  const setup: { point: number; color: PointColor }[] = [];
  const seen = new Set<number>();
  (req.initialStones ?? []).forEach(([color, vertex], i) => {
    const field = `initialStones[${i}]`;
    if (!/^[BbWw]$/.test(color))
      throw new FieldError(field, `colour must be "B" or "W", got ${JSON.stringify(color)}`);
    const point = vertexOf(vertex, geo, field);
    if (point === PASS) throw new FieldError(field, 'an initial stone needs a point, not a pass');
    if (seen.has(point)) throw new FieldError(field, `${formatGtpVertex(point, geo)} is given twice`);
    seen.add(point);
    setup.push({ point, color: colorOf(color) });
    stones.push([colorName(colorOf(color)), formatGtpVertex(point, geo)]);
  });

  const moves = req.moves ?? [];
  const firstColor = req.initialPlayer ?? moves[0]?.[0];
  const initialPlayer = firstColor === undefined ? BLACK : colorOf(firstColor);
  if (setup.length > 0) game.setup(setup, initialPlayer);
  else game.toPlay = initialPlayer;

  const normalized: KataGoMove[] = moves.map(([color, vertex], i) => {
    const field = `moves[${i}]`;
    if (!/^[BbWw]$/.test(color))
      throw new FieldError(field, `colour must be "B" or "W", got ${JSON.stringify(color)}`);
    const point = vertexOf(vertex, geo, field);
    const player = colorOf(color);
    try {
      game.play(point, player);
    } catch (err) {
      if (err instanceof IllegalMoveError) {
        throw new FieldError(
          field,
          `illegal move ${colorName(player)} ${formatGtpVertex(point, geo)}: ${err.reason}`,
        );
      }
      throw err;
    }
    return [colorName(player), formatGtpVertex(point, geo)];
  });

  const base: PositionInput = {
    boardXSize: width,
    boardYSize: height,
    komi,
    rules: rules.name,
    initialStones: stones,
    moves: normalized,
    // Kept whenever it is not the default Black: a turn-0 input holds no moves to tell it.
    ...(req.initialPlayer !== undefined || initialPlayer !== BLACK
      ? { initialPlayer: colorName(initialPlayer) }
      : {}),
  };
  return turnsOf(base, req.analyzeTurns, undefined, 'analyzeTurns');
}

/** A GTP vertex (`Q16`, `pass`), or KataGo's `(x,y)` from the top-left. */
function vertexOf(vertex: string, geo: Game['geo'], field: string): number {
  try {
    return parseGtpVertex(vertex, geo);
  } catch (err) {
    if (!(err instanceof CoordinateError)) throw err;
    const point = /^\s*\(/.test(vertex) ? parseKataGoVertex(vertex, geo) : null;
    if (point !== null) return point;
    throw new FieldError(field, err.message);
  }
}

/**
 * The inputs of a request. A single position keeps every move with `analyzeTurn` set (left out
 * when it is the last move, so both ways of asking for the final position name the same job), so
 * the viewer can step through the whole game. Each turn of `analyzeTurns` holds the moves up to
 * that turn only: the same opening asked for by two games is one job, and a long game's batch
 * does not store the whole game once per turn.
 */
export function turnsOf(
  base: PositionInput,
  analyzeTurns: number[] | undefined,
  single: number | undefined,
  field: string,
): { inputs: PositionInput[]; turns: number[] | null } {
  const total = base.moves.length;
  if (analyzeTurns === undefined) {
    const turn = single ?? total;
    return { inputs: [turn === total ? { ...base } : { ...base, analyzeTurn: turn }], turns: null };
  }
  const turns = [...new Set(analyzeTurns)];
  turns.forEach((t, i) => {
    if (t > total) throw new FieldError(`${field}[${i}]`, `turn ${t} is past the last move (${total} moves)`);
  });
  const moves = turns.reduce((sum, t) => sum + t, 0);
  if (moves > MAX_BATCH_MOVES) {
    throw new FieldError(
      field,
      `asks for ${moves} moves in all, more than ${MAX_BATCH_MOVES}: split the request`,
    );
  }
  return { inputs: turns.map((turn) => ({ ...base, moves: base.moves.slice(0, turn) })), turns };
}
