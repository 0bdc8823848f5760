import type { Board } from '../board/board';
import type { Player } from '../board/color';
import { codeRank, downgrade, packResult, ReadCode } from './result';

/**
 * One node of an alternating reading search (tactical and owl): plays each legal move of
 * `moves[0..count)` for `player`, asks `score(move)` for the reader's code in the position after it (the
 * move is on the board, and `board.koPoint` tells whether it captured a ko), takes it back, and keeps
 * the best code; a ko capture wins at most KO_A. Stops at the first outright win. Returns the packed
 * result (code and move; move 0 when nothing works).
 */
export function bestOfMoves(
  board: Board,
  player: Player,
  moves: ArrayLike<number>,
  count: number,
  score: (move: number) => number,
): number {
  let best = 0;
  let bestMove = 0;
  for (let i = 0; i < count; i++) {
    const m = moves[i];
    if (!board.isLegal(m, player)) continue;
    board.playAssumeLegal(m, player);
    const koCapture = board.koPoint !== 0;
    let code = score(m);
    board.undo();
    if (koCapture) code = downgrade(code, ReadCode.KoA);
    if (codeRank(code) > codeRank(best)) {
      best = code;
      bestMove = m;
      if (code === ReadCode.Win) break;
    }
  }
  return packResult(best, best === 0 ? 0 : bestMove);
}
