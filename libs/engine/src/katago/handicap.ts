import { BLACK, WHITE } from '../board/color';
import { PASS, type Move } from '../board/coords';
import type { PointColor } from '../board/color';

/** KataGo's `whiteHandicapBonus` rule: White gets 0, N-1 or N points in an N-stone handicap game. */
export type WhiteHandicapBonusRule = '0' | 'N' | 'N-1';

/**
 * The handicap of a query's game at a turn, counted as KataGo's analysis engine counts it: the
 * black setup stones (none if any setup stone is white) plus the black stones played before
 * White's first move (KataGo treats a run of black moves at the start as free-placement handicap,
 * unless White then plays twice in a row: a problem set up move by move). One stone or none is no
 * handicap (0). Only the moves before `turnNumber` count. Pure.
 */
export function handicapStonesAt(
  initialStones: readonly { color: PointColor }[],
  moves: readonly Move[],
  turnNumber: number,
): number {
  if (initialStones.some((s) => s.color === WHITE)) return 0;
  const played = moves.slice(0, turnNumber);
  let run = 0;
  for (let i = 0; i < played.length; i++) {
    if (played[i].player !== BLACK) {
      if (i + 1 < played.length && played[i + 1].player !== BLACK) run = 0;
      break;
    }
    if (played[i].point !== PASS) run++;
  }
  const n = initialStones.length + run;
  return n <= 1 ? 0 : n;
}

/** The points White gets for `handicap` stones under `rule` (0, N-1 or N), added to komi. Pure. */
export function whiteHandicapBonusPoints(rule: WhiteHandicapBonusRule, handicap: number): number {
  if (rule === '0' || handicap <= 1) return 0;
  return rule === 'N' ? handicap : handicap - 1;
}
