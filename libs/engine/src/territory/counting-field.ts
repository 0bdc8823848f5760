import type { Geometry } from '../board/geometry';

/**
 * Stones of groups more likely dead than alive wall off nothing: in the field the count is made
 * on, the stones of critical groups with a safety of at most WEAK_SAFETY (a chance of living of
 * 3 / 8 or less, groups/group.ts survivalOf) neither radiate nor block, and the layers do not
 * count them as live stones bordering territory. They still count at their odds (count.ts), and
 * they are not dead: nobody's dead list names them.
 *
 * Measured on all 250 real games (bench:real, 1,000 middle-game positions, GNU Go 3.8's saved
 * answers beside, one run): winner 59.1 -> 61.5 % (GNU Go 59.0), close professional games 56.6 ->
 * 58.9 % (58.5), wide margins 64.1 -> 66.3 % (60.2); see docs/real-games.md for the rest.
 */
export const WEAK_SAFETY = 0.3;

/**
 * The stones the count treats as transparent (1), or null when there are none: stones with a
 * safety in (0, WEAK_SAFETY]. Pure.
 */
export function weakStones(geo: Geometry, safety: ArrayLike<number>): Uint8Array | null {
  let weak: Uint8Array | null = null;
  for (const p of geo.points) {
    const s = safety[p];
    if (s > 0 && s <= WEAK_SAFETY) (weak ??= new Uint8Array(geo.arraySize))[p] = 1;
  }
  return weak;
}

/** `safety` with the `weak` stones at 0: what the counting field is computed from. Pure. */
export function countingSafety(geo: Geometry, safety: ArrayLike<number>, weak: Uint8Array): Float32Array {
  const out = Float32Array.from(safety as ArrayLike<number>);
  for (const p of geo.points) if (weak[p]) out[p] = 0;
  return out;
}
