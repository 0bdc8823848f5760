/**
 * How far a game is, read from the influence field: thresholds on the share of the board's points
 * that are empty and nobody's, with the dead stones taken off or with every stone on the board. The
 * reading layer (dragons/refine.ts) lets the owl's word stand, weighs it by real games' odds, or
 * joins weak groups by these.
 */

/** How open the board is, as the odds of weak dragons read it (shares of the board's points). */
export interface BoardShares {
  /** Empty points nobody's in the field with the dead removed. */
  readonly neutral: number;
  /** The same with every stone on the board. */
  readonly fullNeutral: number;
  /** More than UNFINISHED_BOARD of them with the dead removed. */
  readonly unfinished: boolean;
}

/**
 * A board with more than this share of empty points that the field gives to nobody is open: the
 * opening and early middle game.
 */
export const OPEN_BOARD = 0.3;

/** A board with at most this share of empty points nobody's in the field is finished. */
export const FINISHED_BOARD = 0.02;

/**
 * A board with at most this share of empty points nobody's in the field computed with every stone
 * on it (nothing found dead yet) is settled: the end is near and reading deaths stand.
 */
export const SETTLED_BOARD = 0.1;

/**
 * No board is finished while more than this share of one colour's stones is statically dead (on
 * the tune games such boards were 9x9 positions at move 20-45 whose static analysis had killed
 * everything of one colour: B+74.5 for a game won by half a point).
 */
export const COLLAPSED_SHARE = 0.4;

/**
 * No board is nearly finished (the owl's kills standing without odds) while more than this share of
 * one colour's stones is statically dead: a colour wiped out is the static view collapsing (GNU Go's
 * score2.tst 46, a finished game with half of Black's stones dead, stays counted as it was).
 */
export const WIPED_OUT = 0.7;
/** ... of a colour with at least this many stones on the board (a lone invader's death is no collapse). */
export const WIPED_OUT_STONES = 10;

/** The static view killed nearly every stone of a colour with many on the board (see WIPED_OUT). */
export function wipedOut(stones: number, dead: number): boolean {
  return stones >= WIPED_OUT_STONES && dead > WIPED_OUT * stones;
}

/** A board with more than this share of empty points nobody's in the field is not finished. */
export const UNFINISHED_BOARD = 0.05;

/**
 * A board with at most this share of empty nobody's points with every stone on is late: weak groups
 * are joined only where the connection holds (finals within 2 on all 251 games 75.3 -> 75.7 %).
 */
export const LATE_BOARD = 0.15;

/**
 * A board with at most UNFINISHED_BOARD open points once the dead are off, and at most this share
 * with every stone on, is nearly finished: there the owl's kills stand. On the real games (tune and
 * check, positions at 50-90 % and at the end), of the stones of such kills 1,237 died and 148 lived,
 * all of the living ones at 90 % of a game or later (without the second condition 1,312 and 250:
 * 9x9 boards in the middle game look finished once their dead are off).
 */
export const NEARLY_FINISHED_FULL = 0.25;
/** A board with at most this share of empty nobody's points with every stone on is nearly settled. */
export const NEAR_SETTLED = 0.07;

/** A board's phase as one refinement round of the reading layer sees it (see boardPhase). */
export interface BoardPhase {
  /** Much of the board is open: a reading death is read again with the group's own influence. */
  readonly open: boolean;
  /** The game goes on: a reading death with four liberties or more is critical. */
  readonly unfinished: boolean;
  /** The board is finished: nobody moves first any more, static deaths the attacker can carry out stand. */
  readonly finished: boolean;
  /** Real games' odds weigh the reading's word (the game goes on and the board is not settled). */
  readonly calibrate: boolean;
  /** Empty nobody's points with every stone on the board (a count of points). */
  readonly fullNeutral: number;
  readonly shares: BoardShares;
}

/** What boardPhase reads: the board's empty points and the territory of its two fields. */
export interface PhaseInput {
  readonly points: ArrayLike<number>;
  readonly colors: ArrayLike<number>;
  /** The field with the dead stones taken off. */
  readonly territory: ArrayLike<number>;
  /** The field with every stone on the board. */
  readonly fullTerritory: ArrayLike<number>;
  /** Stones of each colour on the board, and those the static analysis calls dead. */
  readonly stones: readonly [black: number, white: number];
  readonly dead: readonly [black: number, white: number];
  /** The game ended by two passes: the board is finished whatever the field says. */
  readonly gameOver: boolean;
  /** GTP's dragon commands read every weak group and never weigh it by odds. */
  readonly thorough: boolean;
}

/** Empty points that a field's territory gives to nobody. */
export function neutralPoints(
  points: ArrayLike<number>,
  colors: ArrayLike<number>,
  territory: ArrayLike<number>,
): number {
  let n = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    if (colors[p] === 0 && Math.abs(territory[p]) < 0.3) n++;
  }
  return n;
}

/** How far the game is, by the thresholds above. */
export function boardPhase(input: PhaseInput): BoardPhase {
  const { points, colors, stones, dead, gameOver, thorough } = input;
  const size = points.length;
  // Open: much of the board is empty and belongs to nobody yet in the field.
  const neutral = neutralPoints(points, colors, input.territory);
  const fullNeutral = neutralPoints(points, colors, input.fullTerritory);
  // A game both players ended by passing is over whatever the field says: nobody moves first.
  const open = !gameOver && neutral > OPEN_BOARD * size;
  const unfinished = !gameOver && neutral > UNFINISHED_BOARD * size;
  // A board looks finished once the dead stones are gone from the field; when most of one
  // colour is dead, that is the static analysis collapsing, not a game a player would count.
  const collapsed = dead[0] > COLLAPSED_SHARE * stones[0] || dead[1] > COLLAPSED_SHARE * stones[1];
  const finished = gameOver || (neutral <= FINISHED_BOARD * size && !collapsed);
  // Real games' odds replace the reading's word while the game goes on: not on a finished board,
  // nor on one that looks settled even with every stone on it (dragons/survival-odds.ts).
  const calibrate = !thorough && !finished && (collapsed || fullNeutral > SETTLED_BOARD * size);
  return {
    open,
    unfinished,
    finished,
    calibrate,
    fullNeutral,
    shares: { neutral: neutral / size, fullNeutral: fullNeutral / size, unfinished },
  };
}
