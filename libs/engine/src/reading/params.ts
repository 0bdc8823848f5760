import type { MoveGenDepths } from './moves';

/** Limits of tactical (string capture) reading; depths are plies from the question. */
export interface TacticalParams extends MoveGenDepths {
  /** From this depth on an attack on three liberties tries one move (GNU Go's branch_depth). */
  readonly branchDepth: number;
  /** Below this depth a ko retake the ko rule forbids is read as after a ko threat (KO_B at best). */
  readonly koDepth: number;
  /** Nodes per top-level query; over it the string counts as saved (attack fails, defence works). */
  readonly budget: number;
  /**
   * Each candidate at the root gets a share of what is left of the budget (the rest over the
   * candidates not read yet): one whose read runs out of its share is not trusted, and the next
   * ones are still read (a win found within its share is preferred to one the budget cut short).
   */
  readonly rootShare: boolean;
  /** Plies; deeper lines count as escaped. */
  readonly maxDepth: number;
  /** Strings with more liberties than this are not attacked at the root. */
  readonly maxLiberties: number;
  /** From this depth on only strings of up to three liberties are read (GNU Go's fourlib_depth)... */
  readonly threeLibertyDepth: number;
  /** ...and from this one only up to two (ladders and nets; GNU Go's depth). */
  readonly twoLibertyDepth: number;
  /**
   * Below this depth, when no candidate works, the points where the opponent refuted them are
   * tried too (the opponent's key point is often one's own: a vital point, a ladder breaker).
   */
  readonly refutationDepth: number;
}

/** Defaults, GNU Go 3.8's level-10 depths as the model: four liberties to ply 7, three to 16. */
export const DEFAULT_TACTICAL_PARAMS: TacticalParams = {
  budget: 60_000,
  rootShare: true,
  koDepth: 8,
  branchDepth: 13,
  maxDepth: 80,
  maxLiberties: 4,
  threeLibertyDepth: 7,
  twoLibertyDepth: 16,
  refutationDepth: 1,
  secondOrderTwo: 12,
  secondOrderThree: 4,
  blockThree: 12,
  breakChainTwo: 14,
  breakChainThree: 8,
  rescueTwo: 8,
  netRescue: 7,
  breakChainFour: 4,
  friendRescue: 6,
  superstring: 12,
  superstringAttack: 8,
};
