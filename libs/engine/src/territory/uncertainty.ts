import type { Geometry } from '../board/geometry';

/**
 * The spread of the final score around an estimate, calibrated on real counted games.
 *
 * sigma = 1.390 * sqrt(0.25 * N / 361 + U + 2 (D + C)^2 * sqrt(U / E)), where N is the number of
 * points, E the empty points, U their doubt (the sum of 1 - |ownership| over them), D the stones
 * called dead and C the stones of critical groups. The open points' doubt adds up like independent
 * coin flips (U); a wrong verdict on a group costs about twice its stones at once, so the stones
 * whose verdict could be wrong enter squared, weighted by how open the board still is (sqrt(U / E):
 * at the end of a game dead stones are rarely a mistake); the first term is a floor of a few points.
 *
 * Fitted 2026-11-25 on the tune set of bench/data/real-games (176 games, 1,232 positions at 10-90 %
 * of the moves and at the end) so that lead +- 1.2816 sigma (the central 80 % of a normal
 * distribution) holds the counted result in 80 % of positions; measured per phase 84 / 77 / 84 / 77
 * / 75 / 76 / 88 % at 10 / 20 / 30 / 50 / 70 / 90 % and the end, and on the held-out check set (75
 * games, 525 positions) 84 / 84 / 88 / 83 / 75 / 76 / 85 %. Mean 80 % width: 46-65 points in the
 * opening and middle game, 16-19 at the end (`npm run bench:real` reports it).
 */
export const SCORE_STDEV_SCALE = 1.39;
/** z of the central 80 % of a normal distribution. */
export const Z80 = 1.2816;

/** What the spread is computed from (counts of points). */
export interface ScoreDoubt {
  /** Empty points. */
  readonly empty: number;
  /** Doubt of the empty points: the sum of 1 - |ownership| over them. */
  readonly unsettled: number;
  /** Stones called dead. */
  readonly dead: number;
  /** Stones of critical groups. */
  readonly critical: number;
}

/** The score's standard deviation (points) from the position's doubt; see {@link SCORE_STDEV_SCALE}. Pure. */
export function scoreStdev(geo: Geometry, d: ScoreDoubt): number {
  const n = geo.points.length;
  const openness = d.empty > 0 ? Math.sqrt(d.unsettled / d.empty) : 0;
  const wrong = d.dead + d.critical;
  return SCORE_STDEV_SCALE * Math.sqrt((0.25 * n) / 361 + d.unsettled + 2 * wrong * wrong * openness);
}
