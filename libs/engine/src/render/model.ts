/**
 * The renderer's input: a small plain model, independent of the analysis result shapes, so a
 * picture can be drawn from engine arrays, from stored JSON results, or by hand in a test.
 *
 * Conventions: x is the column from the LEFT, y the row from the TOP (as in `Geometry`, SGF and
 * our JSON maps); per-point arrays are row-major, `size * size` long, top row first; signs are
 * positive for Black.
 */

/** A point on the picture: column from the left, row from the top, both 0-based. */
export interface PictureVertex {
  readonly x: number;
  readonly y: number;
}

/**
 * Stones: either rows of `X` (Black), `O` (White), `.` (empty), top row first, or a row-major
 * array of 0 (empty), 1 (Black), 2 (White).
 */
export type PictureStones = readonly string[] | ArrayLike<number>;

/** Ownership heat map: one value per point in [-1, 1], +1 = surely Black's. */
export interface OwnershipOverlay {
  readonly kind: 'ownership';
  readonly values: ArrayLike<number>;
}

/** Which Bouzy reading an owner map comes from; changes the shading strength only. */
export type OwnerMapKind = 'territory' | 'moyo' | 'area';

/** Owner shading from a signed integer map (Bouzy territory/moyo/area): > 0 Black, < 0 White, 0 nobody. */
export interface OwnerOverlay {
  readonly kind: 'owners';
  readonly map: OwnerMapKind;
  readonly values: ArrayLike<number>;
}

/** A number written on each point (Freihofner influence); zeros are left blank. */
export interface NumbersOverlay {
  readonly kind: 'numbers';
  readonly values: ArrayLike<number>;
}

/** Dead stones, crossed out. */
export interface DeadStonesOverlay {
  readonly kind: 'dead';
  readonly points: readonly PictureVertex[];
}

/** One candidate move and its value (points gained for the side to move). */
export interface PictureMoveValue extends PictureVertex {
  readonly value: number;
}

/** Move values: the `top` best (default 5) are marked and labelled, the best one highlighted. */
export interface MoveValuesOverlay {
  readonly kind: 'moveValues';
  readonly moves: readonly PictureMoveValue[];
  readonly top?: number;
}

/** Anything drawn over the board. */
export type PictureOverlay =
  OwnershipOverlay | OwnerOverlay | NumbersOverlay | DeadStonesOverlay | MoveValuesOverlay;

/** A board picture. */
export interface BoardPicture {
  /** Side length, 5..25. */
  readonly size: number;
  readonly stones: PictureStones;
  /** Marked with a ring; null or absent for none (e.g. after a pass). */
  readonly lastMove?: PictureVertex | null;
  /** Drawn in order; shadings go under the stones, marks and numbers over them. */
  readonly overlays?: readonly PictureOverlay[];
  /** GTP letters and numbers around the board (default true). */
  readonly coordinates?: boolean;
  /** Pixels between lines (default 32). */
  readonly cellSize?: number;
  /** Accessible title (`<title>`). */
  readonly title?: string;
}

/** An eye-graph diagram as printed by the eye analysis (GNU Go's marks), with its value. */
export interface EyeGraphPicture {
  /**
   * Rows of the diagram: ` ` blank, `.` eye point, `!` marginal eye point, `X` attacker stone,
   * `$` marginal point holding an attacker stone, `|` `-` `+` board edges, and the vital marks
   * `*` (attack and defence), `<` (attack), `>` (defence) on `.`, and `@` `(` `)` the same on `!`.
   */
  readonly rows: readonly string[];
  /** The value string (e.g. `0112`), shown under the diagram when given. */
  readonly value?: string;
  readonly cellSize?: number;
  readonly title?: string;
}
