import { BLACK, type Player } from '../board/color';

/**
 * Points of lead the side to move holds per unit of the board's doubt share (see {@link tempoLead}).
 *
 * The estimate counts the position as GNU Go's estimate_score does, the mean of the counts with each
 * side moving first, which leaves out who actually moves next. On real counted games that shows: on
 * the tune set of bench/data/real-games (no handicap games, 30-90 % of each game), the counted result
 * beat the estimate by 2.6-7.6 points on the mean when Black was to move and fell short of it by
 * 1.2-7.8 when White was (19x19; GNU Go 3.8's estimate shows the same split). In combinatorial terms
 * the side to move gains about half the value of the largest move on the board, and that shrinks as
 * the board settles. The doubt share (the sum of 1 - |ownership| over the empty points, divided by
 * the board's points) is the engine's cheapest measure of what is still to play for: about 0.57 at
 * 30 % of a game, 0.4 at 50 %, 0.2 at 70 %, 0.08 at 90 %. The factor was fitted on the tune set for
 * the least mean absolute error (4.25; 4 kept) and checked on the held-out set, 1,004 middle-game
 * positions of 251 games (bench:real data, engine at f56f19f): winner 58.7 -> 59.0 % on tune,
 * 59.3 -> 61.0 % on check; mean error 12.99 -> 12.85 and 10.48 -> 10.29. Move values (the largest
 * move's value as the temperature) did as well but cost 2-3 times the whole estimate.
 */
export const TEMPO_PER_DOUBT = 4;

/**
 * The side to move's expected gain from moving next, + = Black: TEMPO_PER_DOUBT times the doubt
 * share of the board (`unsettled` over `points`). Zero when the game is over. Pure.
 */
export function tempoLead(unsettled: number, points: number, toMove: Player, gameOver: boolean): number {
  if (gameOver || points <= 0) return 0;
  const gain = (TEMPO_PER_DOUBT * unsettled) / points;
  return toMove === BLACK ? gain : -gain;
}
