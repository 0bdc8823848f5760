import { Geometry } from './geometry';

const tables = new Map<number, Uint32Array>();

/**
 * The Zobrist key table for a board's geometry: for each point p, keys `[p*4 .. p*4+3]` are the (lo, hi)
 * halves for a black stone then a white stone; after `4 * arraySize` come (lo, hi) ko-point keys.
 * Deterministic (seeded by the dimensions; a square board by its size alone, as before rectangles),
 * so hashes are stable across processes and machines; cached.
 */
export function zobristTable(geo: Geometry): Uint32Array {
  const key = geo.width * 64 + geo.height;
  let t = tables.get(key);
  if (!t) {
    const n = geo.arraySize;
    t = new Uint32Array(n * 6);
    // splitmix32: a small, well-mixed generator; the seed folds in the dimensions.
    const fold = geo.square ? geo.width : geo.width * 64 + geo.height;
    let s = (0x9e3779b9 ^ Math.imul(fold, 0x85ebca6b)) >>> 0;
    for (let i = 0; i < t.length; i++) {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      t[i] = (z ^ (z >>> 16)) >>> 0;
    }
    tables.set(key, t);
  }
  return t;
}

/** The 64-bit hash `(hi, lo)` as 16 lowercase hex digits, the form used in JSON and job ids. */
export function hashHex(hashHi: number, hashLo: number): string {
  return (hashHi >>> 0).toString(16).padStart(8, '0') + (hashLo >>> 0).toString(16).padStart(8, '0');
}
