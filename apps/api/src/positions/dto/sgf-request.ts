import { type KataGoMove, type PositionInput } from '@moyo/contracts';
import {
  BLACK,
  CoordinateError,
  EMPTY,
  formatGtpVertex,
  Game,
  readSgf,
  replaySgf,
  SgfError,
  WHITE,
  type Player,
  type PointColor,
  type Rules,
  type SgfRecord,
} from '@moyo/engine';
import { FieldError } from '../../errors/api-errors';
import { colorName, turnsOf } from './moves-request';
import type { NormalizedPositionRequest, PositionRequest } from './position-request';

/** SGF request: parsed and replayed by the engine; errors name the SGF node and property. */
export function fromSgf(
  req: PositionRequest,
  rulesOverride: Rules | undefined,
  maxSgfBytes: number,
): Omit<NormalizedPositionRequest, 'analyses' | 'analysisOptions' | 'webhookUrl'> {
  const text = req.sgf as string;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxSgfBytes)
    throw new FieldError('sgf', `is ${bytes} bytes, more than the limit of ${maxSgfBytes}`);
  let record: SgfRecord;
  let game: Game;
  try {
    record = readSgf(text);
    game = replaySgf(record, { rules: rulesOverride });
  } catch (err) {
    if (err instanceof SgfError) throw new FieldError('sgf', err.message);
    if (err instanceof CoordinateError || err instanceof RangeError) throw new FieldError('sgf', err.message);
    throw err;
  }
  if (req.moveNumber !== undefined && req.moveNumber > record.moveCount) {
    throw new FieldError('moveNumber', `is past the end of the game (${record.moveCount} moves)`);
  }
  const komi = req.komi ?? record.komi;
  const rules = rulesOverride ?? record.rules;
  const geo = game.geo;

  // Setup only before the first move maps exactly onto initialStones + moves; setup later in the
  // game (problem collections) cannot, so each turn is then sent as the board it shows.
  let movesSeen = false;
  let lateSetup = false;
  const setupColors = new Map<number, PointColor>();
  let toPlayAfterSetup: Player | undefined;
  const moves: KataGoMove[] = [];
  for (const action of game.history) {
    if (action.kind === 'setup') {
      if (movesSeen) lateSetup = true;
      for (const s of action.stones) setupColors.set(s.point, s.color);
      toPlayAfterSetup = action.toPlayAfter;
    } else {
      movesSeen = true;
      moves.push([colorName(action.player), formatGtpVertex(action.point, geo)]);
    }
  }

  if (lateSetup) {
    const turns = req.analyzeTurns ?? [req.moveNumber ?? record.moveCount];
    const unique = [...new Set(turns)];
    unique.forEach((t, i) => {
      if (t > record.moveCount) {
        throw new FieldError(
          `analyzeTurns[${i}]`,
          `turn ${t} is past the last move (${record.moveCount} moves)`,
        );
      }
    });
    const inputs = unique.map((turn) => boardSnapshot(replaySgf(record, { move: turn, rules }), komi, rules));
    return { inputs, turns: req.analyzeTurns ? unique : null };
  }

  const initialStones: KataGoMove[] = [];
  for (const [point, color] of setupColors) {
    if (color !== EMPTY) initialStones.push([colorName(color), formatGtpVertex(point, geo)]);
  }
  const firstPlayer = toPlayAfterSetup ?? (moves.length === 0 ? game.toPlay : undefined);
  const base: PositionInput = {
    boardXSize: game.width,
    boardYSize: game.height,
    komi,
    rules: rules.name,
    initialStones,
    moves,
    ...(firstPlayer === WHITE ? { initialPlayer: 'W' as const } : {}),
  };
  return turnsOf(base, req.analyzeTurns, req.moveNumber, 'analyzeTurns');
}

/** The board of a replayed game as setup stones only, with the player to move. */
function boardSnapshot(game: Game, komi: number, rules: Rules): PositionInput {
  const stones: KataGoMove[] = [];
  for (const p of game.geo.points) {
    const c = game.board.colors[p];
    if (c === BLACK || c === WHITE) stones.push([colorName(c), formatGtpVertex(p, game.geo)]);
  }
  return {
    boardXSize: game.width,
    boardYSize: game.height,
    komi,
    rules: rules.name,
    initialStones: stones,
    moves: [],
    initialPlayer: colorName(game.toPlay),
  };
}
