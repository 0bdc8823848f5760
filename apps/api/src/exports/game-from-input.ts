import { BLACK, Game, parseKataGoMove, parseRules, PASS, WHITE } from '@moyo/engine';

/** A position job's stored input (KataGo style), as far as the export reads it. */
export interface StoredPositionInput {
  boardXSize: number;
  /** Rows; absent in rows stored before rectangular boards: square. */
  boardYSize?: number;
  komi?: number;
  rules?: string;
  initialStones?: unknown[];
  moves?: unknown[];
  initialPlayer?: 'B' | 'W';
}

/**
 * Replays a stored position job's input into a Game: setup stones, then every move (not only up
 * to `analyzeTurn`: an export holds the whole game). The api checked the input when it was
 * submitted, so an error here means a row no longer matches this engine; it names the field.
 */
export function gameFromInput(input: StoredPositionInput): Game {
  const dims = { width: input.boardXSize, height: input.boardYSize ?? input.boardXSize };
  const game = new Game(dims, { rules: parseRules(input.rules ?? 'japanese'), komi: input.komi });
  const initial = input.initialStones ?? [];
  if (initial.length > 0 || input.initialPlayer) {
    const stones = initial.map((m) => {
      const move = parseKataGoMove(m, game.geo);
      return { point: move.point, color: move.player };
    });
    game.setup(
      stones,
      input.initialPlayer === 'W' ? WHITE : input.initialPlayer === 'B' ? BLACK : game.toPlay,
    );
  }
  (input.moves ?? []).forEach((m, i) => {
    try {
      const move = parseKataGoMove(m, game.geo);
      if (move.point === PASS) game.pass(move.player);
      else game.play(move.point, move.player);
    } catch (err) {
      throw new Error(`moves[${i}]: ${(err as Error).message}`, { cause: err });
    }
  });
  return game;
}
