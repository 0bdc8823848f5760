/**
 * Moyo's estimate of a position in the numbers KataGo answers with, taken from the territory
 * analysis through ONE function (`estimatePosition`), so that the KataGo answers (JSON, GTP) follow
 * whatever the territory analysis learns.
 *
 * Moyo has no neural network, so three of KataGo's numbers are derived, not searched:
 * - ownershipStdev of a point = sqrt(1 - o^2): the spread of a point that ends Black (+1) or White
 *   (-1) with mean o (0 for a settled point, 1 for an even one).
 * - scoreStdev = the territory analysis' score spread (territory/uncertainty.ts: open points,
 *   verdicts that could be wrong), calibrated on real counted games so that scoreLead +- 1.28
 *   scoreStdev holds the counted result about 80 % of the time; at least 0.5.
 * - winrate = Phi(scoreLead / scoreStdev), the normal distribution's probability that the final
 *   lead is above zero.
 */
import type { Position } from '../analysis/types';
import { BLACK, type Player } from '../board/color';
import { territoryOfPosition } from '../territory/analysis';
import type { TerritoryAnalysis } from '../territory/territory';

/** The numbers of one position, + = Black; maps row-major from the top-left. */
export interface PositionEstimate {
  /** Expected final lead of Black (komi included). */
  readonly scoreLead: number;
  readonly scoreStdev: number;
  /** Ownership in [-1, 1] per point, + = Black. */
  readonly ownership: number[];
  /** Spread of each point's final owner, [0, 1]. */
  readonly ownershipStdev: number[];
  /** The analysis the numbers come from (the move values read it). */
  readonly analysis: TerritoryAnalysis;
}

/** Smallest score spread: half a point, the score's own granularity. */
export const MIN_SCORE_STDEV = 0.5;

/** The estimate of `position`: the territory analysis' lead, bounds and ownership. Pure. */
export function estimatePosition(position: Position): PositionEstimate {
  const analysis = territoryOfPosition(position);
  const { geo } = position.board;
  const ownership: number[] = [];
  const ownershipStdev: number[] = [];
  for (const p of geo.points) {
    const o = Math.max(-1, Math.min(1, analysis.ownership[p]));
    ownership.push(o);
    ownershipStdev.push(Math.sqrt(1 - o * o));
  }
  const { lead, upper, lower, stdev } = analysis.score;
  const scoreStdev = Math.max(MIN_SCORE_STDEV, stdev ?? (upper - lower) / (2 * 1.2816));
  return { scoreLead: lead, scoreStdev, ownership, ownershipStdev, analysis };
}

/** Phi(x), the standard normal distribution function (Abramowitz-Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Win probability of a player leading by `lead` points with spread `stdev`: Phi(lead / stdev). */
export function winrateOf(lead: number, stdev: number): number {
  return normalCdf(lead / Math.max(MIN_SCORE_STDEV, stdev));
}

/** +1 when `player` is Black, -1 for White: multiplies a Black-positive number into its view. */
export function viewSign(player: Player): 1 | -1 {
  return player === BLACK ? 1 : -1;
}
