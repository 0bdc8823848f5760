import {
  BLACK as BLACK_EXPORT,
  EMPTY as EMPTY_EXPORT,
  WHITE as WHITE_EXPORT,
  type Player,
} from '../board/color';
import type { Geometry } from '../board/geometry';

// Local copies of the colours (see reader.ts: imported bindings may be getters).
const EMPTY: number = EMPTY_EXPORT;
const BLACK = BLACK_EXPORT as Player;
const WHITE = WHITE_EXPORT as Player;

/**
 * The reduced labelling of a CompactReadingBoard whose moves fall on a known set of points
 * ("dynamic" points), as in an eye problem: stones elsewhere form fixed static chains, so a
 * position's chains are found by a union-find over the static chains and the few dynamic stones
 * instead of a full-board scan. Valid while no static stone is captured (the board then labels
 * the whole board). Reads the board's colours; mutates only itself.
 */
export class UnionFindLabels {
  private readonly geo: Geometry;
  private readonly colors: Int8Array;
  private readonly mark: Int32Array;
  private markGen = 0;
  private readonly dynamic: Int32Array;
  /** Index of a dynamic point in `dynamic`, or -1. */
  readonly dynamicIndex: Int32Array;
  /** Static chain id of a static stone, or -1. */
  private readonly staticId: Int32Array;
  private readonly staticStones: Int32Array[] = [];
  /** Empty non-dynamic points next to each static chain (they never change). */
  private readonly staticLibs: Int32Array[] = [];
  /** Some static liberty touches two static chains (their counts must then be deduplicated). */
  private staticLibsShared = false;
  private readonly parent: Int32Array;
  /** Liberty count by union-find root. */
  private readonly rootLibs: Int32Array;
  /** Labellings saved before each move (`savedAt[depth]` = 1 when saved). */
  private savedParents = new Int32Array(0);
  private savedLibs = new Int32Array(0);
  private readonly savedAt: number[] = [];

  constructor(geo: Geometry, colors: Int8Array, points: ArrayLike<number>) {
    this.geo = geo;
    this.colors = colors;
    this.mark = new Int32Array(geo.arraySize);
    const n = this.geo.arraySize;
    const adj = this.geo.adjacent;
    const dyn = Int32Array.from(new Set(Array.from(points)));
    this.dynamic = dyn;
    this.dynamicIndex = new Int32Array(n).fill(-1);
    dyn.forEach((p, i) => (this.dynamicIndex[p] = i));
    this.staticId = new Int32Array(n).fill(-1);
    const { staticId, dynamicIndex } = this;
    for (const start of this.geo.points) {
      const c = colors[start];
      if (c === EMPTY || dynamicIndex[start] >= 0 || staticId[start] >= 0) continue;
      const id = this.staticStones.length;
      const stones = [start];
      staticId[start] = id;
      const libs = new Set<number>();
      for (let i = 0; i < stones.length; i++) {
        for (let k = 0; k < 4; k++) {
          const q = stones[i] + adj[k];
          if (colors[q] === EMPTY && dynamicIndex[q] < 0) libs.add(q);
          else if (colors[q] === c && dynamicIndex[q] < 0 && staticId[q] < 0) {
            staticId[q] = id;
            stones.push(q);
          }
        }
      }
      this.staticStones.push(Int32Array.from(stones));
      this.staticLibs.push(Int32Array.from(libs));
    }
    const owners = new Map<number, number>();
    this.staticLibs.forEach((libs, id) => {
      for (const l of libs) {
        const owner = owners.get(l);
        if (owner !== undefined && owner !== id) this.staticLibsShared = true;
        owners.set(l, id);
      }
    });
    const total = this.staticStones.length + dyn.length;
    this.parent = new Int32Array(total);
    this.rootLibs = new Int32Array(total);
  }

  /** The chain of the stone at p (its union-find root). */
  head(p: number): number {
    return this.find(this.nodeOf(p));
  }

  /** Liberties of the chain at p. */
  liberties(p: number): number {
    return this.rootLibs[this.find(this.nodeOf(p))];
  }

  private find(i: number): number {
    const parent = this.parent;
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }

  /** Union-find node of a stone. */
  private nodeOf(p: number): number {
    const d = this.dynamicIndex[p];
    return d >= 0 ? this.staticStones.length + d : this.staticId[p];
  }

  /** Labels the current position (every chain of static chains and dynamic stones). */
  label(): void {
    const dyn = this.dynamic;
    const { colors, parent, rootLibs, mark } = this;
    const adj = this.geo.adjacent;
    const statics = this.staticStones.length;
    for (let i = 0; i < parent.length; i++) parent[i] = i;
    for (let d = 0; d < dyn.length; d++) {
      const p = dyn[d];
      const c = colors[p];
      if (c === EMPTY) continue;
      for (let k = 0; k < 4; k++) {
        const q = p + adj[k];
        if (colors[q] !== c) continue;
        const a = this.find(statics + d);
        const b = this.find(this.nodeOf(q));
        if (a !== b) parent[a] = b;
      }
    }
    rootLibs.fill(0);
    if (this.staticLibsShared) {
      // Static liberties, deduplicated per root when several static chains merged.
      for (let s = 0; s < statics; s++) {
        const r = this.find(s);
        let first = true;
        for (let t = 0; t < s; t++) {
          if (this.find(t) === r) {
            first = false;
            break;
          }
        }
        if (!first) continue;
        const gen = ++this.markGen;
        for (let t = s; t < statics; t++) {
          if (this.find(t) !== r) continue;
          const libs = this.staticLibs[t];
          for (let i = 0; i < libs.length; i++) {
            if (mark[libs[i]] !== gen) {
              mark[libs[i]] = gen;
              rootLibs[r]++;
            }
          }
        }
      }
    } else {
      // No static liberty touches two static chains: merged chains just add their counts.
      for (let s = 0; s < statics; s++) rootLibs[this.find(s)] += this.staticLibs[s].length;
    }
    for (let d = 0; d < dyn.length; d++) {
      const e = dyn[d];
      if (colors[e] !== EMPTY) continue;
      let r0 = -1;
      let r1 = -1;
      let r2 = -1;
      for (let k = 0; k < 4; k++) {
        const q = e + adj[k];
        const c = colors[q];
        if (c !== BLACK && c !== WHITE) continue;
        const r = this.find(this.nodeOf(q));
        if (r === r0 || r === r1 || r === r2) continue;
        rootLibs[r]++;
        if (r0 < 0) r0 = r;
        else if (r1 < 0) r1 = r;
        else r2 = r;
      }
    }
  }

  /** Writes the stones of the chain at p to `out` (when given); their count. */
  stones(p: number, out: Int32Array | undefined): number {
    const root = this.find(this.nodeOf(p));
    const statics = this.staticStones.length;
    let n = 0;
    for (let s = 0; s < statics; s++) {
      if (this.find(s) !== root) continue;
      const stones = this.staticStones[s];
      if (out) out.set(stones, n);
      n += stones.length;
    }
    const dyn = this.dynamic;
    for (let d = 0; d < dyn.length; d++) {
      if (this.colors[dyn[d]] !== EMPTY && this.find(statics + d) === root) {
        if (out) out[n] = dyn[d];
        n++;
      }
    }
    return n;
  }

  /** Writes the liberties of the chain at p to `out` (when given); their count. */
  libertyPoints(p: number, out: Int32Array | undefined): number {
    const root = this.find(this.nodeOf(p));
    const statics = this.staticStones.length;
    const tag = ++this.markGen;
    let n = 0;
    for (let s = 0; s < statics; s++) {
      if (this.find(s) !== root) continue;
      const libs = this.staticLibs[s];
      for (let i = 0; i < libs.length; i++) {
        if (this.mark[libs[i]] === tag) continue;
        this.mark[libs[i]] = tag;
        if (out) out[n] = libs[i];
        n++;
      }
    }
    const dyn = this.dynamic;
    const adj = this.geo.adjacent;
    for (let d = 0; d < dyn.length; d++) {
      const e = dyn[d];
      if (this.colors[e] !== EMPTY) continue;
      for (let k = 0; k < 4; k++) {
        const c = this.colors[e + adj[k]];
        if ((c === BLACK || c === WHITE) && this.find(this.nodeOf(e + adj[k])) === root) {
          if (out) out[n] = e;
          n++;
          break;
        }
      }
    }
    return n;
  }

  /**
   * Keeps the labelling of the position before the move at `depth` (a few dozen numbers) when it
   * is `valid`, so that undo gets it back instead of labelling again: the reader undoes every move
   * it tries.
   */
  save(depth: number, valid: boolean): void {
    if (!valid) {
      this.savedAt[depth] = 0;
      return;
    }
    const n = this.parent.length;
    if (this.savedParents.length < (depth + 1) * n) {
      const grown = Math.max((depth + 1) * n, this.savedParents.length * 2);
      const parents = new Int32Array(grown);
      parents.set(this.savedParents);
      this.savedParents = parents;
      const libs = new Int32Array(grown);
      libs.set(this.savedLibs);
      this.savedLibs = libs;
    }
    this.savedParents.set(this.parent, depth * n);
    this.savedLibs.set(this.rootLibs, depth * n);
    this.savedAt[depth] = 1;
  }

  /** After the undo of the move at `depth`: true when the labelling saved before it is back. */
  restore(depth: number): boolean {
    if (this.savedAt[depth] !== 1) return false;
    const n = this.parent.length;
    this.parent.set(this.savedParents.subarray(depth * n, depth * n + n));
    this.rootLibs.set(this.savedLibs.subarray(depth * n, depth * n + n));
    return true;
  }
}
