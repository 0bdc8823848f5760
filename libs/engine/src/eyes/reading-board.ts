import {
  BLACK as BLACK_EXPORT,
  EMPTY as EMPTY_EXPORT,
  WHITE as WHITE_EXPORT,
  type Player,
} from '../board/color';

// Local copies of the colours: some module loaders turn imported bindings into getters, which
// cost more than the reading itself in the hot loops.
const EMPTY: number = EMPTY_EXPORT;
const BLACK = BLACK_EXPORT as Player;
const WHITE = WHITE_EXPORT as Player;
import { Geometry } from '../board/geometry';
import { seededWords } from '../board/random';
import { labelChains } from './chain-labels';

/**
 * What the eye reader needs from a board: the shared engine Board's play/undo and chain queries.
 * Any board with these members works (the engine's `Board` has them all).
 */
export interface ReadingBoard {
  readonly geo: Geometry;
  readonly colors: Int8Array;
  koPoint: number;
  hashLo: number;
  hashHi: number;
  chainHead(p: number): number;
  chainLiberties(p: number): number;
  chainLibertyPoints(p: number, out?: Int32Array): number;
  chainStones(p: number, out?: Int32Array): number;
  /**
   * Optional shortcut: liberties (up to 2) a stone of `color` at the empty point p would have
   * after its captures, or -1 when the board cannot tell cheaply.
   */
  libertiesAfter?(p: number, color: Player): number;
  /**
   * Optional shortcut: 1 when the empty point p touches a Black chain with two or more
   * liberties White cannot play, 0 when not, -1 when the board cannot tell cheaply.
   */
  touchesInvincibleBlack?(p: number): number;
  /**
   * Optional: the points next to such a chain as a bit set over the points given to
   * keyVertices (bit k: points[k]), or -1 when the board cannot tell cheaply.
   */
  invincibleNear?(): number;
  /** Optional shortcuts: is `color` at the empty point p suicide / a capture? 1, 0 or -1 (cannot tell). */
  isSuicide?(p: number, color: Player): number;
  captures?(p: number, color: Player): number;
  /** Optional: stones the last successful playRecorded captured. */
  readonly lastCaptures?: number;
  /**
   * Optional: keep `vertexKeyLo/Hi` (XOR of `lo/hi[k * 3 + colour]` over the non-empty
   * `points[k]`) up to date; false when the board cannot.
   */
  keyVertices?(points: ArrayLike<number>, lo: Uint32Array, hi: Uint32Array): boolean;
  readonly vertexKeyLo?: number;
  readonly vertexKeyHi?: number;
  /**
   * Optional, after keyVertices: whether `exactVertexKey` is kept, the colours of the points
   * as a base-3 number (digit k: colour of points[k]), below 3^17.
   */
  readonly exactKeyed?: boolean;
  readonly exactVertexKey?: number;
  /** False (board unchanged) when illegal: occupied, suicide or simple-ko recapture. */
  playRecorded(p: number, player: Player): boolean;
  undo(): void;
}

/**
 * A compact board for reading: colours, simple ko, a 64-bit Zobrist hash of stones and ko point,
 * and an undo record per move. Chains are labelled lazily, once per position, so chain queries are
 * cheap between moves. Used by the eye reader; mutates only itself.
 */
export class CompactReadingBoard implements ReadingBoard {
  readonly geo: Geometry;
  readonly colors: Int8Array;
  koPoint = 0;
  hashLo = 0;
  hashHi = 0;
  private readonly keys: Uint32Array;
  private readonly label: Int32Array;
  private readonly libCount: Int32Array;
  /** Next stone of the same chain (0 ends the list), valid while labelled. */
  private readonly nextStone: Int32Array;
  private readonly mark: Int32Array;
  private markGen = 0;
  private labelled = false;
  private readonly undoStack: number[][] = [];
  /** Reduced labellings saved before each move on the undo stack (`savedAt[depth]` = 1 when saved). */
  private savedParents = new Int32Array(0);
  private savedLibs = new Int32Array(0);
  private readonly savedAt: number[] = [];
  private readonly queue: Int32Array;

  // Reduced labelling, used when only a known set of points ("dynamic" points) ever changes, as in
  // an eye problem: stones elsewhere form fixed static chains, so a position's chains are found by
  // a union-find over the static chains and the few dynamic stones instead of a full-board scan.
  private dynamic: Int32Array | null = null;
  /** Index of a dynamic point in `dynamic`, or -1. */
  private dynamicIndex: Int32Array = new Int32Array(0);
  /** Static chain id of a static stone, or -1. */
  private staticId: Int32Array = new Int32Array(0);
  private staticStones: Int32Array[] = [];
  /** Empty non-dynamic points next to each static chain (they never change). */
  private staticLibs: Int32Array[] = [];
  /** Some static liberty touches two static chains (their counts must then be deduplicated). */
  private staticLibsShared = false;
  private parent: Int32Array = new Int32Array(0);
  /** Liberty count by union-find root. */
  private rootLibs: Int32Array = new Int32Array(0);
  /** Static stones captured on the current line: the reduced labelling is off while any is. */
  private staticRemoved = 0;

  private constructor(geo: Geometry, colors: Int8Array) {
    this.geo = geo;
    this.colors = colors;
    const n = geo.arraySize;
    this.keys = seededWords(n * 4 + n, 0x5eed0002);
    this.label = new Int32Array(n);
    this.libCount = new Int32Array(n);
    this.nextStone = new Int32Array(n);
    this.mark = new Int32Array(n);
    this.queue = new Int32Array(n);
    for (const p of geo.points) if (colors[p] !== EMPTY) this.toggleStone(p, colors[p]);
  }

  /**
   * A board from rows of `X` (Black), `O` (White), `.` (empty), top row first. When
   * `dynamicPoints` is given, moves are expected there only; chain queries then cost in proportion
   * to those points (other changes, such as captures of other stones, are still handled exactly).
   */
  static fromRows(rows: string[], dynamicPoints?: ArrayLike<number>): CompactReadingBoard {
    const geo = Geometry.of(rows.length);
    const colors = new Int8Array(geo.emptyColors);
    rows.forEach((row, y) => {
      for (let x = 0; x < rows.length; x++) {
        colors[geo.pt(x, y)] = row[x] === 'X' ? BLACK : row[x] === 'O' ? WHITE : EMPTY;
      }
    });
    const board = new CompactReadingBoard(geo, colors);
    if (dynamicPoints) board.setDynamic(dynamicPoints);
    return board;
  }

  private setDynamic(points: ArrayLike<number>): void {
    const n = this.geo.arraySize;
    const adj = this.geo.adjacent;
    const dyn = Int32Array.from(new Set(Array.from(points)));
    this.dynamic = dyn;
    this.dynamicIndex = new Int32Array(n).fill(-1);
    dyn.forEach((p, i) => (this.dynamicIndex[p] = i));
    this.staticId = new Int32Array(n).fill(-1);
    const { colors, staticId, dynamicIndex } = this;
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

  private reduced(): boolean {
    return this.dynamic !== null && this.staticRemoved === 0;
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

  private reducedLabels(): void {
    const dyn = this.dynamic!;
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

  /** Calls back every stone of the chain at p (reduced mode). */
  private reducedStones(p: number, out: Int32Array | undefined): number {
    const root = this.find(this.nodeOf(p));
    const statics = this.staticStones.length;
    let n = 0;
    for (let s = 0; s < statics; s++) {
      if (this.find(s) !== root) continue;
      const stones = this.staticStones[s];
      if (out) out.set(stones, n);
      n += stones.length;
    }
    const dyn = this.dynamic!;
    for (let d = 0; d < dyn.length; d++) {
      if (this.colors[dyn[d]] !== EMPTY && this.find(statics + d) === root) {
        if (out) out[n] = dyn[d];
        n++;
      }
    }
    return n;
  }

  private reducedLibertyPoints(p: number, out: Int32Array | undefined): number {
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
    const dyn = this.dynamic!;
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

  private toggleStone(p: number, c: number): void {
    this.hashLo ^= this.keys[p * 4 + c * 2];
    this.hashHi ^= this.keys[p * 4 + c * 2 + 1];
  }

  private toggleKo(p: number): void {
    if (p === 0) return;
    const base = this.geo.arraySize * 4;
    this.hashLo ^= this.keys[base + p];
    this.hashHi ^= this.keys[(base + p * 7) % this.keys.length];
  }

  /** Labels every chain (label = lowest point) and counts its liberties. */
  private ensureLabels(): void {
    if (this.labelled) return;
    this.labelled = true;
    if (this.reduced()) {
      this.reducedLabels();
      return;
    }
    this.markGen = labelChains(
      this.geo,
      this.colors,
      this.label,
      this.libCount,
      this.nextStone,
      this.mark,
      this.queue,
      this.markGen,
    );
  }

  chainHead(p: number): number {
    this.ensureLabels();
    if (this.reduced()) return this.find(this.nodeOf(p));
    return this.label[p];
  }

  chainLiberties(p: number): number {
    this.ensureLabels();
    if (this.reduced()) return this.rootLibs[this.find(this.nodeOf(p))];
    return this.libCount[this.label[p]];
  }

  chainStones(p: number, out?: Int32Array): number {
    this.ensureLabels();
    if (this.reduced()) return this.reducedStones(p, out);
    let n = 0;
    for (let q = this.label[p]; q !== 0; q = this.nextStone[q]) {
      if (out) out[n] = q;
      n++;
    }
    return n;
  }

  chainLibertyPoints(p: number, out?: Int32Array): number {
    this.ensureLabels();
    if (this.reduced()) return this.reducedLibertyPoints(p, out);
    const adj = this.geo.adjacent;
    const gen = ++this.markGen;
    let n = 0;
    for (let q = this.label[p]; q !== 0; q = this.nextStone[q]) {
      for (let k = 0; k < 4; k++) {
        const l = q + adj[k];
        if (this.colors[l] === EMPTY && this.mark[l] !== gen) {
          this.mark[l] = gen;
          if (out) out[n] = l;
          n++;
        }
      }
    }
    return n;
  }

  playRecorded(p: number, player: Player): boolean {
    const { colors } = this;
    if (colors[p] !== EMPTY || p === this.koPointFor(player)) return false;
    this.ensureLabels();
    const adj = this.geo.adjacent;
    const other = (3 - player) as Player;
    const capturedHeads: number[] = [];
    const capturedAt: number[] = [];
    let hasLiberty = false;
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      const c = colors[q];
      if (c === EMPTY) hasLiberty = true;
      else if (c === player && this.chainLiberties(q) > 1) hasLiberty = true;
      else if (c === other && this.chainLiberties(q) === 1) {
        const head = this.chainHead(q);
        if (!capturedHeads.includes(head)) {
          capturedHeads.push(head);
          capturedAt.push(q);
        }
      }
    }
    if (!hasLiberty && capturedHeads.length === 0) return false; // suicide
    const captured: number[] = [];
    for (const q of capturedAt) {
      const n = this.chainStones(q, this.queue);
      for (let i = 0; i < n; i++) captured.push(this.queue[i]);
    }
    let staticDelta = 0;
    if (this.dynamic) for (const q of captured) if (this.dynamicIndex[q] < 0) staticDelta++;
    this.saveLabels();
    this.staticRemoved += staticDelta;
    const record = [p, this.koPoint, staticDelta];
    this.toggleKo(this.koPoint);
    colors[p] = player;
    this.toggleStone(p, player);
    for (const q of captured) {
      colors[q] = EMPTY;
      this.toggleStone(q, other);
    }
    this.labelled = false;
    // Simple ko: one stone captured by a lone stone left with that single liberty.
    let ko = 0;
    if (captured.length === 1) {
      let friends = 0;
      let libs = 0;
      for (let k = 0; k < 4; k++) {
        const c = colors[p + adj[k]];
        if (c === player) friends++;
        else if (c === EMPTY) libs++;
      }
      if (friends === 0 && libs === 1) ko = captured[0];
    }
    this.koPoint = ko;
    this.toggleKo(ko);
    record.push(...captured);
    this.undoStack.push(record);
    return true;
  }

  /** The ko point forbidden to `player` (0 if none): only the recapture is illegal. */
  private koPointFor(player: Player): number {
    const ko = this.koPoint;
    if (ko === 0) return 0;
    const adj = this.geo.adjacent;
    for (let k = 0; k < 4; k++) if (this.colors[ko + adj[k]] === player) return 0;
    return ko;
  }

  undo(): void {
    const record = this.undoStack.pop();
    if (!record) throw new Error('undo: no recorded move');
    const [p, previousKo, staticDelta] = record;
    const player = this.colors[p];
    const other = 3 - player;
    this.toggleKo(this.koPoint);
    this.colors[p] = EMPTY;
    this.toggleStone(p, player);
    this.staticRemoved -= staticDelta;
    for (let i = 3; i < record.length; i++) {
      this.colors[record[i]] = other;
      this.toggleStone(record[i], other);
    }
    this.koPoint = previousKo;
    this.toggleKo(previousKo);
    this.labelled = this.restoreLabels();
  }

  /**
   * Keeps the reduced labelling of the position before a move (a few dozen numbers), so that undo
   * gets it back instead of labelling again: the reader undoes every move it tries.
   */
  private saveLabels(): void {
    const depth = this.undoStack.length;
    if (!this.reduced()) {
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

  /** After undo: true when the labelling saved before that move is back in place. */
  private restoreLabels(): boolean {
    const depth = this.undoStack.length;
    if (this.savedAt[depth] !== 1 || !this.reduced()) return false;
    const n = this.parent.length;
    this.parent.set(this.savedParents.subarray(depth * n, depth * n + n));
    this.rootLibs.set(this.savedLibs.subarray(depth * n, depth * n + n));
    return true;
  }
}
