import { Geometry } from './geometry';

const tables = new Map<number, Uint32Array>();

/**
 * The Zobrist key table for a board size: for each point p, keys `[p*4 .. p*4+3]` are the (lo, hi)
 * halves for a black stone then a white stone; after `4 * arraySize` come (lo, hi) ko-point keys.
 * Deterministic (seeded by the size), so hashes are stable across processes and machines; cached.
 */
export function zobristTable(size: number): Uint32Array {
  let t = tables.get(size);
  if (!t) {
    const n = Geometry.of(size).arraySize;
    t = new Uint32Array(n * 6);
    // splitmix32: a small, well-mixed generator; the seed folds in the size.
    let s = (0x9e3779b9 ^ Math.imul(size, 0x85ebca6b)) >>> 0;
    for (let i = 0; i < t.length; i++) {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      t[i] = (z ^ (z >>> 16)) >>> 0;
    }
    tables.set(size, t);
  }
  return t;
}

/** The 64-bit hash `(hi, lo)` as 16 lowercase hex digits, the form used in JSON and job ids. */
export function hashHex(hashHi: number, hashLo: number): string {
  return (hashHi >>> 0).toString(16).padStart(8, '0') + (hashLo >>> 0).toString(16).padStart(8, '0');
}
