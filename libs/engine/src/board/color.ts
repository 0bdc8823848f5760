/** Point contents. Stored in Int8Array boards; WALL marks the border sentinel ring. */
export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;
export const WALL = 3;

/** A player's colour. */
export type Player = typeof BLACK | typeof WHITE;
/** Anything a point can hold. */
export type PointColor = typeof EMPTY | Player | typeof WALL;

/** The other player. Does not mutate. */
export function opponent(c: Player): Player {
  return (3 - c) as Player;
}

/** +1 for Black, -1 for White: the sign convention of every map in our JSON (positive = Black). */
export function signOf(c: Player): 1 | -1 {
  return c === BLACK ? 1 : -1;
}
