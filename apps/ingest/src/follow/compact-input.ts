import type { KataGoMove, PositionInput } from '@moyo/contracts';
import { BLACK, formatGtpVertex, Game, parseKataGoMove, parseRules, PASS, WHITE } from '@moyo/engine';

/** Moves a compact input keeps as moves (the last move and a ko fight before it replay exactly). */
export const COMPACT_WINDOW = 8;

/**
 * The stored form of an older move's input: the board `COMPACT_WINDOW` moves before it as setup
 * stones, then those moves, with `omittedMoves` saying how many moves the setup stands for. The
 * position (stones, ko, player to move) is the same as the full input's; the count of prisoners
 * before the window is not kept, so it is for reading back a finished job, not for analysing it.
 * Its size is bounded by the board, so a game's rows grow linearly, not with the square of its
 * length. Pure.
 *
 * `full` is the input of a move at least as late as every number in `moveNumbers` (ascending,
 * each above COMPACT_WINDOW); one replay serves them all.
 */
export function compactInputs(full: PositionInput, moveNumbers: number[]): Map<number, PositionInput> {
  return new CompactReplay().compact(full, moveNumbers);
}

/**
 * `compactInputs` for one followed game over and over: the replay stays where the last call left
 * it, so compacting the game's moves in order, a few at a time, replays each move once (a call
 * for an earlier move, or `reset()` after an undo, starts again from the setup).
 */
export class CompactReplay {
  private game?: Game;
  private played = 0;

  reset(): void {
    this.game = undefined;
    this.played = 0;
  }

  /** See compactInputs. Mutates the replay; `full` must extend the moves of the previous calls. */
  compact(full: PositionInput, moveNumbers: number[]): Map<number, PositionInput> {
    const out = new Map<number, PositionInput>();
    if (moveNumbers.length === 0) return out;
    if (!this.game || moveNumbers[0] - COMPACT_WINDOW < this.played) {
      this.game = startOf(full);
      this.played = 0;
    }
    const game = this.game;
    for (const n of moveNumbers) {
      const start = n - COMPACT_WINDOW;
      if (start < this.played || n > full.moves.length) throw new RangeError(`move ${n} cannot be compacted`);
      for (; this.played < start; this.played++) {
        const move = parseKataGoMove(full.moves[this.played], game.geo);
        if (move.point === PASS) game.pass(move.player);
        else game.play(move.point, move.player);
      }
      out.set(n, snapshot(game, full, full.moves.slice(start, n), start));
    }
    return out;
  }
}

/** The game of `full` before its first move: rules, komi, setup stones, player to move. */
function startOf(full: PositionInput): Game {
  const game = new Game(full.boardXSize, { rules: parseRules(full.rules), komi: full.komi });
  const setup = full.initialStones.map((m) => {
    const move = parseKataGoMove(m, game.geo);
    return { point: move.point, color: move.player };
  });
  if (setup.length > 0 || full.initialPlayer) {
    game.setup(setup, full.initialPlayer === 'W' ? WHITE : full.initialPlayer === 'B' ? BLACK : game.toPlay);
  }
  return game;
}

function snapshot(game: Game, full: PositionInput, window: KataGoMove[], omitted: number): PositionInput {
  const stones: KataGoMove[] = [];
  for (const p of game.geo.points) {
    const c = game.board.colors[p];
    if (c === BLACK || c === WHITE) stones.push([c === BLACK ? 'B' : 'W', formatGtpVertex(p, game.geo)]);
  }
  return {
    boardXSize: full.boardXSize,
    boardYSize: full.boardYSize,
    komi: full.komi,
    rules: full.rules,
    initialStones: stones,
    moves: window.map((m) => [m[0], m[1]]),
    initialPlayer: game.toPlay === WHITE ? 'W' : 'B',
    omittedMoves: omitted,
  };
}
