import type { Geometry } from '../board/geometry';

/**
 * The spread of the final score around an estimate, calibrated on real counted games.
 *
 * sigma = 1.38 * sqrt(0.25 * N / 361 + U + 0.5 (D + C)^2 * (U / E)^(1/4)), where N is the number of
 * points, E the empty points, U their doubt (the sum of 1 - |ownership| over them), D the stones
 * called dead and C the stones of critical groups. The open points' doubt adds up like independent
 * coin flips (U); a wrong verdict on a group costs about twice its stones at once, so the stones
 * whose verdict could be wrong enter squared, weighted by how open the board still is ((U / E)^(1/4):
 * at the end of a game dead stones are rarely a mistake); the first term is a floor of a few points.
 *
 * Refitted 2026-11-25 (evening) on the tune set of bench/data/real-games (176 games, 1,232
 * positions at 10 / 20 / 30 / 50 / 70 / 90 % of the moves and at the end) so that lead +- 1.2816
 * sigma (the central 80 % of a normal distribution) holds the counted result in about 80 % of the
 * positions of every phase, not only on average: measured (with the small-board factor below)
 * 86 / 81 / 82 / 79 / 82 / 80 / 89 % with mean widths 48 / 46 / 44 / 41 / 37 / 30 / 15 points; on
 * the held-out check set (75 games, 525 positions) 87 / 85 / 91 / 79 / 75 / 81 / 89 % with widths
 * 48 / 46 / 45 / 42 / 39 / 28 / 13. The
 * previous fit (1.39, 2 (D + C)^2 sqrt(U / E)) held 86 % of the results on average but 90 % at 70 %
 * and 91 % at the end, with widths 46-51 points until 90 % of the game: too wide late, and not
 * narrowing as the game went on.
 */
export const SCORE_STDEV_SCALE = 1.38;
/**
 * Small boards spread wider: one group's fate is a larger share of a 9x9 game, and with the same
 * formula the 9x9 middle-game positions held the result only 71 % (tune) and 69 % (check) of the
 * time. The scale grows linearly from 1 at 169 points (13x13) to SMALL_BOARD_FACTOR at 81 (9x9) and
 * below; fitted on the tune set: 9x9 middle game 71 -> 78 % (check 69 -> 78 %), widths 21 -> 28 points;
 * 13x13 and 19x19 unchanged.
 */
const SMALL_BOARD_FACTOR = 1.3;
/** Weight of the squared stones whose verdict could be wrong (see SCORE_STDEV_SCALE). */
const VERDICT_WEIGHT = 0.5;
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
  const openness = d.empty > 0 ? Math.sqrt(Math.sqrt(d.unsettled / d.empty)) : 0;
  const wrong = d.dead + d.critical;
  const small = 1 + (SMALL_BOARD_FACTOR - 1) * Math.min(1, Math.max(0, (169 - n) / (169 - 81)));
  return (
    small *
    SCORE_STDEV_SCALE *
    Math.sqrt((0.25 * n) / 361 + d.unsettled + VERDICT_WEIGHT * wrong * wrong * openness)
  );
}

/**
 * The prior of the final score, + = Black with komi: real games' counted results spread around an
 * even game with this standard deviation (points). It is the root mean square of the results of
 * the 175 tune games of bench/data/real-games (18.3: close professional games 4.7, wide margins
 * 30.3; the held-out check set's 75 games 13.3).
 */
export const RESULT_PRIOR_STDEV = 18.3;

/**
 * The final lead's posterior mean and standard deviation given a count `count` whose error spreads
 * as `stdev` (scoreStdev) and the prior RESULT_PRIOR_STDEV: the count is pulled toward an even game
 * by the share of the spread that is the count's own doubt, k = prior^2 / (prior^2 + stdev^2), and
 * the spread narrows by sqrt(k). A count the position settles (late, stdev small) moves little; a
 * count full of doubt (an open board, big groups in question) moves most. On the real games'
 * middle-game positions this lowers the mean error on every slice, wide margins included (the
 * guard against an estimate that only leans toward an even game): see docs/real-games.md. Pure.
 */
export function posteriorLead(
  count: number,
  stdev: number,
  prior = RESULT_PRIOR_STDEV,
): { lead: number; stdev: number } {
  const k = (prior * prior) / (prior * prior + stdev * stdev);
  return { lead: k * count, stdev: stdev * Math.sqrt(k) };
}
