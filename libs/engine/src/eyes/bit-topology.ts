import {
  BLACK as BLACK_EXPORT,
  EMPTY as EMPTY_EXPORT,
  WHITE as WHITE_EXPORT,
  type Player,
} from '../board/color';
import { Geometry } from '../board/geometry';
import { seededWords } from '../board/random';

// Local copies of the colours (see reader.ts: imported bindings may be getters).
export const EMPTY: number = EMPTY_EXPORT;
export const BLACK = BLACK_EXPORT as Player;
export const WHITE = WHITE_EXPORT as Player;

/** Most members of one bit set (32-bit masks, sign bit left alone). */
export const MAX_BITS = 31;

/** Set bits of a 32-bit mask. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Index of the lowest set bit of a one-bit mask. */
export const bitIndex = (bit: number): number => 31 - Math.clz32(bit);

/** Zobrist keys by board array size (the same words CompactReadingBoard draws), made once. */
const KEYS = new Map<number, Uint32Array>();
export function hashKeys(size: number): Uint32Array {
  let keys = KEYS.get(size);
  if (!keys) {
    keys = seededWords(size * 4 + size, 0x5eed0002);
    KEYS.set(size, keys);
  }
  return keys;
}

/**
 * The fixed layout of an eye problem for BitReadingBoard: "dynamic" points (where moves are
 * played), "static" chains (every other stone, fixed) and "static liberties" (empty points that
 * are not dynamic, never changing), each at most 31, with their neighbours as bit sets.
 */
export interface BitTopology {
  geo: Geometry;
  colors: Int8Array;
  dynPoint: Int32Array;
  /** By point: dynamic index, or -1. */
  dynIndex: Int32Array;
  /** By point: static chain of a static stone, or -1. */
  staticOf: Int32Array;
  /** By dynamic index: dynamic neighbours, static chain neighbours, static liberty neighbours. */
  nbrDyn: Int32Array;
  nbrStatic: Int32Array;
  nbrLib: Int32Array;
  /** By static chain: colour, adjacent dynamic points, static liberties, stones. */
  sColor: Int8Array;
  sDyn: Int32Array;
  sLib: Int32Array;
  sStones: Int32Array[];
  libPoint: Int32Array;
  /** By static liberty: dynamic, static chain and static liberty neighbours. */
  libNbrDyn: Int32Array;
  libNbrStatic: Int32Array;
  libNbrLib: Int32Array;
  /**
   * Static liberties all of whose neighbours are stones of Black static chains (or the edge):
   * White may play there only by capturing one of those chains, i.e. exactly when one of them has
   * a single liberty.
   */
  blackWalledEyes: number;
  allDyn: number;
  sBlack: number;
  sWhite: number;
  blackDyn: number;
  whiteDyn: number;
}

/**
 * The topology of the position in `rows` (`X`, `O`, `.`, top row first) with moves on
 * `dynamicPoints` only, or null when it does not fit 31-bit sets. Pure.
 */
export function bitTopology(rows: string[], dynamicPoints: ArrayLike<number>): BitTopology | null {
  const geo = Geometry.of(rows.length);
  const colors = new Int8Array(geo.emptyColors);
  rows.forEach((row, y) => {
    for (let x = 0; x < rows.length; x++) {
      colors[geo.pt(x, y)] = row[x] === 'X' ? BLACK : row[x] === 'O' ? WHITE : EMPTY;
    }
  });
  const dyn = Int32Array.from(new Set(Array.from(dynamicPoints)));
  const isDyn = new Uint8Array(geo.arraySize);
  for (const p of dyn) isDyn[p] = 1;
  const seen = new Uint8Array(geo.arraySize);
  const statics: { color: number; stones: Int32Array }[] = [];
  const libs = new Set<number>();
  const adj = geo.adjacent;
  for (const start of geo.points) {
    const c = colors[start];
    if (isDyn[start]) {
      for (let k = 0; k < 4; k++) {
        const q = start + adj[k];
        if (colors[q] === EMPTY && !isDyn[q]) libs.add(q);
      }
    }
    if (c === EMPTY || isDyn[start] || seen[start]) continue;
    const stones = [start];
    seen[start] = 1;
    for (let i = 0; i < stones.length; i++) {
      for (let k = 0; k < 4; k++) {
        const q = stones[i] + adj[k];
        if (isDyn[q]) continue;
        if (colors[q] === EMPTY) libs.add(q);
        else if (colors[q] === c && !seen[q]) {
          seen[q] = 1;
          stones.push(q);
        }
      }
    }
    statics.push({ color: c, stones: Int32Array.from(stones) });
  }
  if (dyn.length > MAX_BITS || statics.length > MAX_BITS || libs.size > MAX_BITS) return null;
  return tables(geo, colors, dyn, statics, Int32Array.from(libs));
}

/** The neighbour bit sets of a layout whose static chains and liberties are known. */
function tables(
  geo: Geometry,
  colors: Int8Array,
  dyn: Int32Array,
  statics: { color: number; stones: Int32Array }[],
  libPoints: Int32Array,
): BitTopology {
  const S = statics.length;
  const t: BitTopology = {
    geo,
    colors,
    dynPoint: dyn,
    dynIndex: new Int32Array(geo.arraySize).fill(-1),
    staticOf: new Int32Array(geo.arraySize).fill(-1),
    nbrDyn: new Int32Array(dyn.length),
    nbrStatic: new Int32Array(dyn.length),
    nbrLib: new Int32Array(dyn.length),
    sColor: new Int8Array(S),
    sDyn: new Int32Array(S),
    sLib: new Int32Array(S),
    sStones: statics.map((s) => s.stones),
    libPoint: libPoints,
    libNbrDyn: new Int32Array(libPoints.length),
    libNbrStatic: new Int32Array(libPoints.length),
    libNbrLib: new Int32Array(libPoints.length),
    blackWalledEyes: 0,
    allDyn: 0,
    sBlack: 0,
    sWhite: 0,
    blackDyn: 0,
    whiteDyn: 0,
  };
  const adj = geo.adjacent;
  dyn.forEach((p, i) => (t.dynIndex[p] = i));
  const libIndex = new Int32Array(geo.arraySize).fill(-1);
  libPoints.forEach((p, i) => (libIndex[p] = i));
  statics.forEach((s, id) => {
    t.sColor[id] = s.color;
    if (s.color === BLACK) t.sBlack |= 1 << id;
    else t.sWhite |= 1 << id;
    for (const p of s.stones) t.staticOf[p] = id;
  });
  // What q is, as kind * 32 + index (kind 0 dynamic, 1 static chain, 2 static liberty, 3 none):
  // a number, not a pair, as it is asked for every neighbour of every static stone.
  const bitOf = (q: number): number => {
    if (t.dynIndex[q] >= 0) return t.dynIndex[q];
    if (t.staticOf[q] >= 0) return 32 + t.staticOf[q];
    if (libIndex[q] >= 0) return 64 + libIndex[q];
    return 96;
  };
  statics.forEach((s, id) => {
    for (const p of s.stones) {
      for (let k = 0; k < 4; k++) {
        const v = bitOf(p + adj[k]);
        const kind = v >> 5;
        const i = v & 31;
        if (kind === 0) t.sDyn[id] |= 1 << i;
        else if (kind === 2) t.sLib[id] |= 1 << i;
      }
    }
  });
  libPoints.forEach((p, l) => {
    for (let k = 0; k < 4; k++) {
      const v = bitOf(p + adj[k]);
      const kind = v >> 5;
      const i = v & 31;
      if (kind === 0) t.libNbrDyn[l] |= 1 << i;
      else if (kind === 1) t.libNbrStatic[l] |= 1 << i;
      else if (kind === 2) t.libNbrLib[l] |= 1 << i;
    }
    const chains = t.libNbrStatic[l];
    if (chains !== 0 && t.libNbrDyn[l] === 0 && t.libNbrLib[l] === 0 && (chains & ~t.sBlack) === 0) {
      t.blackWalledEyes |= 1 << l;
    }
  });
  let all = 0;
  dyn.forEach((p, d) => {
    all |= 1 << d;
    for (let k = 0; k < 4; k++) {
      const v = bitOf(p + adj[k]);
      const kind = v >> 5;
      const i = v & 31;
      if (kind === 0) t.nbrDyn[d] |= 1 << i;
      else if (kind === 1) t.nbrStatic[d] |= 1 << i;
      else if (kind === 2) t.nbrLib[d] |= 1 << i;
    }
    if (colors[p] === BLACK) t.blackDyn |= 1 << d;
    else if (colors[p] === WHITE) t.whiteDyn |= 1 << d;
  });
  t.allDyn = all;
  return t;
}
