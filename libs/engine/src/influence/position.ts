import type { Geometry } from '../board/geometry';

/**
 * The minimum a map function needs to read: point colours (EMPTY/BLACK/WHITE, WALL border) on a
 * geometry. `Board` satisfies it structurally, and so does a bare `{ geo, colors }` pair, which keeps
 * the maps independent of the board's chain bookkeeping.
 */
export interface ColorPosition {
  readonly geo: Geometry;
  readonly colors: Int8Array;
}

/** Throws a RangeError naming `field` when `arr` is not at least `geo.arraySize` long. */
export function checkPointArray(field: string, arr: ArrayLike<number>, geo: Geometry): void {
  if (arr.length < geo.arraySize) {
    throw new RangeError(
      `${field}: needs one slot per point (length ${geo.arraySize} on ${geo.label}), got length ${arr.length}`,
    );
  }
}
