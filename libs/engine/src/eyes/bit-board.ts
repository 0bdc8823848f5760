import {
  BLACK as BLACK_EXPORT,
  EMPTY as EMPTY_EXPORT,
  WHITE as WHITE_EXPORT,
  type Player,
} from '../board/color';

// Local copies of the colours (see reader.ts: imported bindings may be getters).
const EMPTY: number = EMPTY_EXPORT;
const BLACK = BLACK_EXPORT as Player;
const WHITE = WHITE_EXPORT as Player;
import { Geometry } from '../board/geometry';
import { seededWords } from '../board/random';
import { CompactReadingBoard, type ReadingBoard } from './reading-board';

/** Most members of one bit set (32-bit masks, sign bit left alone). */
const MAX_BITS = 31;

/** Set bits of a 32-bit mask. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Zobrist keys by board array size (the same words CompactReadingBoard draws), made once. */
const KEYS = new Map<number, Uint32Array>();
function hashKeys(size: number): Uint32Array {
  let keys = KEYS.get(size);
  if (!keys) {
    keys = seededWords(size * 4 + size, 0x5eed0002);
    KEYS.set(size, keys);
  }
  return keys;
}

/** Index of the lowest set bit of a one-bit mask. */
const bitIndex = (bit: number): number => 31 - Math.clz32(bit);

/**
 * A reading board for an eye problem, on bit sets: moves are played only on a known set of
 * "dynamic" points (at most 31), every other stone belongs to a fixed "static" chain (at most 31),
 * and the empty points that are not dynamic ("static liberties", at most 31) never change. A
 * position's chains are then a flood over dynamic-point and static-chain bit sets, their liberties
 * the population count of two masks: a few dozen integer operations per position, no allocation
 * per move. Captures of static stones (rare: a small White chain cut off by the eye space) switch
 * to a full-board labelling until undone. Same answers, hash and ko rule as CompactReadingBoard.
 */
export class BitReadingBoard implements ReadingBoard {
  readonly geo: Geometry;
  readonly colors: Int8Array;
  koPoint = 0;
  hashLo = 0;
  hashHi = 0;
  private readonly keys: Uint32Array;
  private readonly n: number;
  private readonly dynPoint: Int32Array;
  /** By point: dynamic index, or -1. */
  private readonly dynIndex: Int32Array;
  /** By point: static chain of a static stone, or -1. */
  private readonly staticOf: Int32Array;
  /** By dynamic index: dynamic neighbours, static chain neighbours, static liberty neighbours. */
  private readonly nbrDyn: Int32Array;
  private readonly nbrStatic: Int32Array;
  private readonly nbrLib: Int32Array;
  /** By static chain: colour, adjacent dynamic points, static liberties, stones. */
  private readonly sColor: Int8Array;
  private readonly sDyn: Int32Array;
  private readonly sLib: Int32Array;
  private readonly sStones: Int32Array[];
  private readonly libPoint: Int32Array;
  /** By static liberty: dynamic, static chain and static liberty neighbours. */
  private readonly libNbrDyn: Int32Array;
  private readonly libNbrStatic: Int32Array;
  private readonly libNbrLib: Int32Array;
  /**
   * Static liberties all of whose neighbours are stones of one Black static chain (or the edge):
   * White may play there only by capturing that chain, i.e. exactly when it has one liberty.
   */
  private pureBlackEyes = 0;
  private readonly allDyn: number;
  private sBlack = 0;
  private sWhite = 0;
  private blackDyn = 0;
  private whiteDyn = 0;
  /** Static stones captured on the current line: full-board labelling while any is. */
  private staticRemoved = 0;

  // Bit-set labelling, one slot per line depth (level): a move labels its position in the next
  // slot, so undo finds the previous position's labels in place. Component ids are global
  // (level * comps + local); a component's members, liberties and reach are bit sets.
  private labelled = false;
  private level = 0;
  private levels = 0;
  private readonly comps: number;
  private compOfDyn = new Int32Array(0);
  private compOfStatic = new Int32Array(0);
  private compLibs = new Int32Array(0);
  private compDyn = new Int32Array(0);
  private compStatic = new Int32Array(0);
  private compLibDyn = new Int32Array(0);
  private compLibStatic = new Int32Array(0);
  /** Dynamic points next to some stone of the component (any colour). */
  private compReach = new Int32Array(0);
  /** Per level: dynamic points next to an invincible Black chain, when `invKnown`. */
  private invNear = new Int32Array(0);
  private invKnown = new Uint8Array(0);
  /** Per level: one past the last component id of the labelling. */
  private compEnd = new Int32Array(0);

  // Full-board labelling (static stones captured): label = lowest point of the chain.
  private readonly label: Int32Array;
  private readonly libCount: Int32Array;
  private readonly nextStone: Int32Array;
  private readonly mark: Int32Array;
  private markGen = 0;
  private readonly queue: Int32Array;

  // Undo: per move [point, previous ko, static stones captured, first captured index] and the
  // captured points on one flat stack.
  private undoHeads = new Int32Array(4 * 64);
  private undoTop = 0;
  private captured = new Int32Array(256);
  private capturedTop = 0;
  /** Zobrist key of the dynamic points' colours under the keys given to keyVertices, or 0. */
  vertexKeyLo = 0;
  vertexKeyHi = 0;
  private vertexKeysLo: Uint32Array | null = null;
  private vertexKeysHi: Uint32Array | null = null;
  /** Stones the last move captured (0 after undo or an illegal move). */
  lastCaptures = 0;
  private readonly heads = new Int32Array(4);
  private readonly headAt = new Int32Array(4);

  private constructor(
    geo: Geometry,
    colors: Int8Array,
    dyn: Int32Array,
    statics: { color: number; stones: Int32Array }[],
    libPoints: Int32Array,
  ) {
    this.geo = geo;
    this.colors = colors;
    const size = geo.arraySize;
    const adj = geo.adjacent;
    this.keys = hashKeys(size);
    for (const p of geo.points) if (colors[p] !== EMPTY) this.toggleStone(p, colors[p]);
    this.n = dyn.length;
    this.dynPoint = dyn;
    this.dynIndex = new Int32Array(size).fill(-1);
    dyn.forEach((p, i) => (this.dynIndex[p] = i));
    this.staticOf = new Int32Array(size).fill(-1);
    const libIndex = new Int32Array(size).fill(-1);
    libPoints.forEach((p, i) => (libIndex[p] = i));
    this.libPoint = libPoints;
    const S = statics.length;
    this.sColor = new Int8Array(S);
    this.sDyn = new Int32Array(S);
    this.sLib = new Int32Array(S);
    this.sStones = statics.map((s) => s.stones);
    statics.forEach((s, id) => {
      this.sColor[id] = s.color;
      if (s.color === BLACK) this.sBlack |= 1 << id;
      else this.sWhite |= 1 << id;
      for (const p of s.stones) this.staticOf[p] = id;
    });
    const bitOf = (q: number): [kind: number, index: number] => {
      if (this.dynIndex[q] >= 0) return [0, this.dynIndex[q]];
      if (this.staticOf[q] >= 0) return [1, this.staticOf[q]];
      if (libIndex[q] >= 0) return [2, libIndex[q]];
      return [3, 0];
    };
    statics.forEach((s, id) => {
      for (const p of s.stones) {
        for (let k = 0; k < 4; k++) {
          const [kind, i] = bitOf(p + adj[k]);
          if (kind === 0) this.sDyn[id] |= 1 << i;
          else if (kind === 2) this.sLib[id] |= 1 << i;
        }
      }
    });
    this.libNbrDyn = new Int32Array(libPoints.length);
    this.libNbrStatic = new Int32Array(libPoints.length);
    this.libNbrLib = new Int32Array(libPoints.length);
    libPoints.forEach((p, l) => {
      for (let k = 0; k < 4; k++) {
        const [kind, i] = bitOf(p + adj[k]);
        if (kind === 0) this.libNbrDyn[l] |= 1 << i;
        else if (kind === 1) this.libNbrStatic[l] |= 1 << i;
        else if (kind === 2) this.libNbrLib[l] |= 1 << i;
      }
      const chains = this.libNbrStatic[l];
      const one = chains !== 0 && (chains & (chains - 1)) === 0;
      if (one && this.libNbrDyn[l] === 0 && this.libNbrLib[l] === 0 && (this.sBlack & chains) !== 0) {
        this.pureBlackEyes |= 1 << l;
      }
    });
    this.nbrDyn = new Int32Array(this.n);
    this.nbrStatic = new Int32Array(this.n);
    this.nbrLib = new Int32Array(this.n);
    let all = 0;
    dyn.forEach((p, d) => {
      all |= 1 << d;
      for (let k = 0; k < 4; k++) {
        const [kind, i] = bitOf(p + adj[k]);
        if (kind === 0) this.nbrDyn[d] |= 1 << i;
        else if (kind === 1) this.nbrStatic[d] |= 1 << i;
        else if (kind === 2) this.nbrLib[d] |= 1 << i;
      }
      if (colors[p] === BLACK) this.blackDyn |= 1 << d;
      else if (colors[p] === WHITE) this.whiteDyn |= 1 << d;
    });
    this.allDyn = all;
    this.comps = this.n + S;
    this.growLevels(64);
    this.label = new Int32Array(size);
    this.libCount = new Int32Array(size);
    this.nextStone = new Int32Array(size);
    this.mark = new Int32Array(size);
    this.queue = new Int32Array(size);
  }

  /**
   * A board from rows of `X`, `O`, `.` (top row first) where moves are played on `dynamicPoints`
   * only: a BitReadingBoard when the problem fits its bit sets, else a CompactReadingBoard.
   */
  static fromRows(rows: string[], dynamicPoints: ArrayLike<number>): ReadingBoard {
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
    if (dyn.length > MAX_BITS || statics.length > MAX_BITS || libs.size > MAX_BITS) {
      return CompactReadingBoard.fromRows(rows, dynamicPoints);
    }
    return new BitReadingBoard(geo, colors, dyn, statics, Int32Array.from(libs));
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

  // ---- labelling ----------------------------------------------------------------------------

  private ensureLabels(): void {
    if (this.labelled) return;
    this.labelled = true;
    if (this.staticRemoved > 0) this.boardLabels();
    else this.bitLabels();
  }

  private growLevels(levels: number): void {
    const grow = (a: Int32Array, per: number): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(levels * per);
      b.set(a);
      return b;
    };
    const { comps } = this;
    this.compOfDyn = grow(this.compOfDyn, this.n);
    this.compOfStatic = grow(this.compOfStatic, this.sColor.length);
    this.compLibs = grow(this.compLibs, comps);
    this.compDyn = grow(this.compDyn, comps);
    this.compStatic = grow(this.compStatic, comps);
    this.compLibDyn = grow(this.compLibDyn, comps);
    this.compLibStatic = grow(this.compLibStatic, comps);
    this.compReach = grow(this.compReach, comps);
    this.invNear = grow(this.invNear, 1);
    this.compEnd = grow(this.compEnd, 1);
    const known = new Uint8Array(levels);
    known.set(this.invKnown);
    this.invKnown = known;
    this.levels = levels;
  }

  /** Chains as floods over bit sets: each dynamic stone and static chain is visited once. */
  private bitLabels(): void {
    if (this.level >= this.levels) this.growLevels(this.levels * 2);
    const { compOfDyn, compOfStatic, nbrDyn, nbrStatic, nbrLib, sDyn, sLib, sColor } = this;
    const { compDyn, compStatic, compLibDyn, compLibStatic, compReach, compLibs } = this;
    const sBlack = this.sBlack;
    const sWhite = this.sWhite;
    const black = this.blackDyn;
    const white = this.whiteDyn;
    const empty = this.allDyn & ~(black | white);
    const S = sColor.length;
    let comps = this.level * this.comps;
    const dynBase = this.level * this.n;
    const staticBase = this.level * S;
    this.invKnown[this.level] = 0;
    // Seeds: every static chain, then every dynamic stone not reached from one.
    let todoStatic = sBlack | sWhite;
    let todoDyn = black | white;
    while ((todoStatic | todoDyn) !== 0) {
      let dm = 0;
      let sm = 0;
      let color: number;
      if (todoStatic !== 0) {
        sm = todoStatic & -todoStatic;
        color = sColor[bitIndex(sm)];
      } else {
        dm = todoDyn & -todoDyn;
        color = black & dm ? BLACK : WHITE;
      }
      const same = color === BLACK ? black : white;
      const sameStatic = color === BLACK ? sBlack : sWhite;
      let fd = dm;
      let fs = sm;
      let reach = 0;
      let libs = 0;
      while ((fd | fs) !== 0) {
        let nd = 0;
        let ns = 0;
        while (fs !== 0) {
          const bit = fs & -fs;
          fs ^= bit;
          const i = bitIndex(bit);
          nd |= sDyn[i];
          libs |= sLib[i];
        }
        while (fd !== 0) {
          const bit = fd & -fd;
          fd ^= bit;
          const i = bitIndex(bit);
          nd |= nbrDyn[i];
          ns |= nbrStatic[i];
          libs |= nbrLib[i];
        }
        reach |= nd;
        fd = nd & same & ~dm;
        fs = ns & sameStatic & ~sm;
        dm |= fd;
        sm |= fs;
      }
      const c = comps++;
      const libDyn = reach & empty;
      compDyn[c] = dm;
      compStatic[c] = sm;
      compLibDyn[c] = libDyn;
      compLibStatic[c] = libs;
      compReach[c] = reach;
      compLibs[c] = popcount(libDyn) + popcount(libs);
      todoDyn &= ~dm;
      todoStatic &= ~sm;
      for (let x = dm; x !== 0; ) {
        const bit = x & -x;
        x ^= bit;
        compOfDyn[dynBase + bitIndex(bit)] = c;
      }
      for (let x = sm; x !== 0; ) {
        const bit = x & -x;
        x ^= bit;
        compOfStatic[staticBase + bitIndex(bit)] = c;
      }
    }
    this.compEnd[this.level] = comps;
  }

  /** Component of the stone at p (bit labelling). */
  private compOf(p: number): number {
    const d = this.dynIndex[p];
    return d >= 0
      ? this.compOfDyn[this.level * this.n + d]
      : this.compOfStatic[this.level * this.sColor.length + this.staticOf[p]];
  }

  /** Labels every chain of the whole board (label = lowest point) and counts its liberties. */
  private boardLabels(): void {
    const { colors, label, libCount, mark, queue, nextStone } = this;
    const adj = this.geo.adjacent;
    label.fill(0);
    for (const start of this.geo.points) {
      const c = colors[start];
      if ((c !== BLACK && c !== WHITE) || label[start] !== 0) continue;
      const gen = ++this.markGen;
      let head = 0;
      let tail = 0;
      queue[tail++] = start;
      label[start] = start;
      let libs = 0;
      while (head < tail) {
        const p = queue[head++];
        for (let k = 0; k < 4; k++) {
          const q = p + adj[k];
          const cq = colors[q];
          if (cq === EMPTY) {
            if (mark[q] !== gen) {
              mark[q] = gen;
              libs++;
            }
          } else if (cq === c && label[q] === 0) {
            label[q] = start;
            queue[tail++] = q;
          }
        }
      }
      libCount[start] = libs;
      for (let i = 0; i < tail; i++) nextStone[queue[i]] = i + 1 < tail ? queue[i + 1] : 0;
    }
  }

  // ---- chain queries ------------------------------------------------------------------------

  chainHead(p: number): number {
    this.ensureLabels();
    return this.staticRemoved > 0 ? this.label[p] : this.compOf(p);
  }

  chainLiberties(p: number): number {
    this.ensureLabels();
    return this.staticRemoved > 0 ? this.libCount[this.label[p]] : this.compLibs[this.compOf(p)];
  }

  chainStones(p: number, out?: Int32Array): number {
    return this.stonesInto(p, out, 0);
  }

  /** Writes the stones of the chain at p to `out` from index `at` (when given); their count. */
  private stonesInto(p: number, out: Int32Array | undefined, at: number): number {
    this.ensureLabels();
    let n = at;
    if (this.staticRemoved > 0) {
      for (let q = this.label[p]; q !== 0; q = this.nextStone[q]) {
        if (out) out[n] = q;
        n++;
      }
      return n - at;
    }
    const c = this.compOf(p);
    for (let x = this.compDyn[c]; x !== 0; ) {
      const bit = x & -x;
      x ^= bit;
      if (out) out[n] = this.dynPoint[bitIndex(bit)];
      n++;
    }
    for (let x = this.compStatic[c]; x !== 0; ) {
      const bit = x & -x;
      x ^= bit;
      const stones = this.sStones[bitIndex(bit)];
      if (out) out.set(stones, n);
      n += stones.length;
    }
    return n - at;
  }

  chainLibertyPoints(p: number, out?: Int32Array): number {
    this.ensureLabels();
    let n = 0;
    if (this.staticRemoved > 0) {
      const adj = this.geo.adjacent;
      const gen = ++this.markGen;
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
    const c = this.compOf(p);
    for (let x = this.compLibStatic[c]; x !== 0; ) {
      const bit = x & -x;
      x ^= bit;
      if (out) out[n] = this.libPoint[bitIndex(bit)];
      n++;
    }
    for (let x = this.compLibDyn[c]; x !== 0; ) {
      const bit = x & -x;
      x ^= bit;
      if (out) out[n] = this.dynPoint[bitIndex(bit)];
      n++;
    }
    return n;
  }

  /**
   * Liberties (counted up to 2) a stone of `color` at the empty dynamic point p would have after
   * its captures, from the chains' bit sets; -1 when this board cannot tell cheaply (p not
   * dynamic, static stones captured or about to be): the caller then counts on the board.
   */
  libertiesAfter(p: number, color: Player): number {
    const d = this.dynIndex[p];
    if (d < 0 || this.staticRemoved > 0) return -1;
    this.ensureLabels();
    const black = this.blackDyn;
    const white = this.whiteDyn;
    const same = color === BLACK ? black : white;
    const opp = color === BLACK ? white : black;
    const sameStatic = color === BLACK ? this.sBlack : this.sWhite;
    const oppStatic = color === BLACK ? this.sWhite : this.sBlack;
    const { compOfDyn, compOfStatic, compLibDyn, compLibStatic, compReach, compLibs } = this;
    const dynBase = this.level * this.n;
    const staticBase = this.level * this.sColor.length;
    const near = this.nbrDyn[d];
    let dyn = near & this.allDyn & ~(black | white);
    let lib = this.nbrLib[d];
    // Two empty neighbours: 2 whatever else (as the reader's count stops there).
    if (popcount(dyn) + popcount(lib) >= 2) return 2;
    let touch = near;
    for (let x = near & same; x !== 0; ) {
      const bit = x & -x;
      x ^= bit;
      const c = compOfDyn[dynBase + bitIndex(bit)];
      if (compLibs[c] >= 3) return 2;
      dyn |= compLibDyn[c];
      lib |= compLibStatic[c];
      touch |= compReach[c];
    }
    for (let x = this.nbrStatic[d] & sameStatic; x !== 0; ) {
      const bit = x & -x;
      x ^= bit;
      const c = compOfStatic[staticBase + bitIndex(bit)];
      if (compLibs[c] >= 3) return 2;
      dyn |= compLibDyn[c];
      lib |= compLibStatic[c];
      touch |= compReach[c];
    }
    for (let x = this.nbrStatic[d] & oppStatic; x !== 0; ) {
      const bit = x & -x;
      x ^= bit;
      if (compLibs[compOfStatic[staticBase + bitIndex(bit)]] === 1) return -1;
    }
    for (let x = near & opp; x !== 0; ) {
      const bit = x & -x;
      x ^= bit;
      const c = compOfDyn[dynBase + bitIndex(bit)];
      if (compLibs[c] !== 1) continue;
      if (this.compStatic[c] !== 0) return -1;
      // Captured stones next to p or to a friendly chain become liberties.
      dyn |= this.compDyn[c] & touch;
    }
    const count = popcount(dyn & ~(1 << d)) + popcount(lib);
    return count > 2 ? 2 : count;
  }

  /**
   * 1 when the empty dynamic point p touches an invincible Black chain (one with at least two
   * liberties White cannot play, suicide being judged as the reader does), 0 when not, -1 when
   * this board cannot tell cheaply. Computed once per position.
   */
  touchesInvincibleBlack(p: number): number {
    const d = this.dynIndex[p];
    if (d < 0 || this.staticRemoved > 0) return -1;
    return (this.invincibleNear() >>> d) & 1;
  }

  /**
   * The dynamic points (bit k: the k-th dynamic point) next to an invincible Black chain, or -1
   * when this board cannot tell cheaply (static stones captured).
   */
  invincibleNear(): number {
    if (this.staticRemoved > 0) return -1;
    this.ensureLabels();
    const level = this.level;
    if (this.invKnown[level] === 0) {
      let near = 0;
      const base = level * this.comps;
      const end = this.compEnd[level];
      const { compDyn, compStatic, compLibDyn, compLibStatic, compLibs, compReach } = this;
      const { nbrDyn, nbrStatic, nbrLib, libNbrDyn, libNbrStatic, libNbrLib } = this;
      const blackDyn = this.blackDyn;
      const sBlack = this.sBlack;
      const pureEyes = this.pureBlackEyes;
      for (let c = base; c < end; c++) {
        if ((compDyn[c] & blackDyn) === 0 && (compStatic[c] & sBlack) === 0) continue;
        const libStatic = compLibStatic[c];
        const pure = libStatic & pureEyes;
        let eyes = compLibs[c] === 1 ? 0 : popcount(pure);
        for (let x = libStatic & ~pure; x !== 0 && eyes < 2; ) {
          const bit = x & -x;
          x ^= bit;
          const i = bitIndex(bit);
          if (this.suicide(WHITE, libNbrDyn[i], libNbrStatic[i], libNbrLib[i])) eyes++;
        }
        for (let x = compLibDyn[c]; x !== 0 && eyes < 2; ) {
          const bit = x & -x;
          x ^= bit;
          const i = bitIndex(bit);
          if (this.suicide(WHITE, nbrDyn[i], nbrStatic[i], nbrLib[i])) eyes++;
        }
        if (eyes >= 2) near |= compReach[c];
      }
      this.invNear[level] = near;
      this.invKnown[level] = 1;
    }
    return this.invNear[level];
  }

  /**
   * Would `color` at the empty dynamic point p be suicide (no liberty, nothing captured)? 1 or 0,
   * or -1 when this board cannot tell cheaply.
   */
  isSuicide(p: number, color: Player): number {
    const d = this.dynIndex[p];
    if (d < 0 || this.staticRemoved > 0) return -1;
    this.ensureLabels();
    return this.suicide(color, this.nbrDyn[d], this.nbrStatic[d], this.nbrLib[d]) ? 1 : 0;
  }

  /** Does `color` at the empty dynamic point p capture something? 1 or 0, or -1 (cannot tell). */
  captures(p: number, color: Player): number {
    const d = this.dynIndex[p];
    if (d < 0 || this.staticRemoved > 0) return -1;
    this.ensureLabels();
    const dynBase = this.level * this.n;
    const staticBase = this.level * this.sColor.length;
    const { compLibs, compOfDyn, compOfStatic } = this;
    for (let x = this.nbrDyn[d] & (color === BLACK ? this.whiteDyn : this.blackDyn); x !== 0; ) {
      const bit = x & -x;
      x ^= bit;
      if (compLibs[compOfDyn[dynBase + bitIndex(bit)]] === 1) return 1;
    }
    for (let x = this.nbrStatic[d] & (color === BLACK ? this.sWhite : this.sBlack); x !== 0; ) {
      const bit = x & -x;
      x ^= bit;
      if (compLibs[compOfStatic[staticBase + bitIndex(bit)]] === 1) return 1;
    }
    return 0;
  }

  /** Would `color` at an empty point with these neighbours be suicide (bit labelling)? */
  private suicide(color: Player, nbrDyn: number, nbrStatic: number, nbrLib: number): boolean {
    const black = this.blackDyn;
    const white = this.whiteDyn;
    if (nbrLib !== 0 || (nbrDyn & ~(black | white)) !== 0) return false;
    const dynBase = this.level * this.n;
    const staticBase = this.level * this.sColor.length;
    const { compLibs, compOfDyn, compOfStatic } = this;
    const same = color === BLACK ? black : white;
    const sameStatic = color === BLACK ? this.sBlack : this.sWhite;
    for (let x = nbrDyn; x !== 0; ) {
      const bit = x & -x;
      x ^= bit;
      const libs = compLibs[compOfDyn[dynBase + bitIndex(bit)]];
      if (bit & same ? libs > 1 : libs === 1) return false;
    }
    for (let x = nbrStatic; x !== 0; ) {
      const bit = x & -x;
      x ^= bit;
      const libs = compLibs[compOfStatic[staticBase + bitIndex(bit)]];
      if (bit & sameStatic ? libs > 1 : libs === 1) return false;
    }
    return true;
  }

  // ---- moves --------------------------------------------------------------------------------

  playRecorded(p: number, player: Player): boolean {
    const { colors } = this;
    if (colors[p] !== EMPTY || p === this.koPointFor(player)) return false;
    this.ensureLabels();
    const adj = this.geo.adjacent;
    const other = (3 - player) as Player;
    const first = this.capturedTop;
    if (this.captured.length < first + colors.length) {
      const grown = new Int32Array(this.captured.length * 2 + colors.length);
      grown.set(this.captured);
      this.captured = grown;
    }
    const d = this.dynIndex[p];
    if (d >= 0 && this.staticRemoved === 0) {
      if (!this.bitCaptures(d, player)) return false; // suicide
    } else {
      const { heads, headAt } = this;
      let capturedChains = 0;
      let hasLiberty = false;
      for (let k = 0; k < 4; k++) {
        const q = p + adj[k];
        const c = colors[q];
        if (c === EMPTY) hasLiberty = true;
        else if (c === player && this.chainLiberties(q) > 1) hasLiberty = true;
        else if (c === other && this.chainLiberties(q) === 1) {
          const head = this.chainHead(q);
          let known = false;
          for (let i = 0; i < capturedChains; i++) if (heads[i] === head) known = true;
          if (!known) {
            heads[capturedChains] = head;
            headAt[capturedChains++] = q;
          }
        }
      }
      if (!hasLiberty && capturedChains === 0) return false; // suicide
      for (let i = 0; i < capturedChains; i++) {
        this.capturedTop += this.stonesInto(headAt[i], this.captured, this.capturedTop);
      }
    }
    let staticDelta = 0;
    for (let i = first; i < this.capturedTop; i++) if (this.dynIndex[this.captured[i]] < 0) staticDelta++;
    if (this.undoHeads.length < this.undoTop + 4) {
      const grown = new Int32Array(this.undoHeads.length * 2);
      grown.set(this.undoHeads);
      this.undoHeads = grown;
    }
    const u = this.undoTop;
    this.undoHeads[u] = p;
    this.undoHeads[u + 1] = this.koPoint;
    this.undoHeads[u + 2] = staticDelta;
    this.undoHeads[u + 3] = first;
    this.undoTop += 4;
    this.level++;
    this.toggleKo(this.koPoint);
    this.setStone(p, player);
    for (let i = first; i < this.capturedTop; i++) this.setEmpty(this.captured[i], other);
    this.staticRemoved += staticDelta;
    this.labelled = false;
    // Simple ko: one stone captured by a lone stone left with that single liberty.
    let ko = 0;
    if (this.capturedTop - first === 1) {
      let friends = 0;
      let libs = 0;
      for (let k = 0; k < 4; k++) {
        const c = colors[p + adj[k]];
        if (c === player) friends++;
        else if (c === EMPTY) libs++;
      }
      if (friends === 0 && libs === 1) ko = this.captured[first];
    }
    this.koPoint = ko;
    this.toggleKo(ko);
    this.lastCaptures = this.capturedTop - first;
    return true;
  }

  /**
   * Keeps vertexKeyLo/Hi, the XOR of `lo[k * 3 + colour]` / `hi[...]` over the non-empty points
   * `points[k]`, up to date from now on. Only when `points` are this board's dynamic points in
   * the same order; returns whether it does.
   */
  keyVertices(points: ArrayLike<number>, lo: Uint32Array, hi: Uint32Array): boolean {
    if (points.length !== this.n) return false;
    for (let k = 0; k < this.n; k++) if (points[k] !== this.dynPoint[k]) return false;
    this.vertexKeysLo = lo;
    this.vertexKeysHi = hi;
    this.vertexKeyLo = 0;
    this.vertexKeyHi = 0;
    for (let k = 0; k < this.n; k++) {
      const c = this.colors[this.dynPoint[k]];
      if (c === EMPTY) continue;
      this.vertexKeyLo ^= lo[k * 3 + c];
      this.vertexKeyHi ^= hi[k * 3 + c];
    }
    return true;
  }

  private toggleVertex(d: number, c: number): void {
    if (this.vertexKeysLo === null) return;
    this.vertexKeyLo ^= this.vertexKeysLo[d * 3 + c];
    this.vertexKeyHi ^= this.vertexKeysHi![d * 3 + c];
  }

  /**
   * Bit labelling: pushes the stones a move of `player` at dynamic point d captures onto the
   * captured stack; false (nothing pushed) when the move is suicide.
   */
  private bitCaptures(d: number, player: Player): boolean {
    const black = this.blackDyn;
    const white = this.whiteDyn;
    const near = this.nbrDyn[d];
    const nearStatic = this.nbrStatic[d];
    const { compLibs, compOfDyn, compOfStatic, compDyn, compStatic } = this;
    const dynBase = this.level * this.n;
    const staticBase = this.level * this.sColor.length;
    let hasLiberty = this.nbrLib[d] !== 0 || (near & this.allDyn & ~(black | white)) !== 0;
    const same = player === BLACK ? black : white;
    const sameStatic = player === BLACK ? this.sBlack : this.sWhite;
    for (let x = near & same; x !== 0 && !hasLiberty; ) {
      const bit = x & -x;
      x ^= bit;
      if (compLibs[compOfDyn[dynBase + bitIndex(bit)]] > 1) hasLiberty = true;
    }
    for (let x = nearStatic & sameStatic; x !== 0 && !hasLiberty; ) {
      const bit = x & -x;
      x ^= bit;
      if (compLibs[compOfStatic[staticBase + bitIndex(bit)]] > 1) hasLiberty = true;
    }
    let capDyn = 0;
    let capStatic = 0;
    for (let x = near & (player === BLACK ? white : black); x !== 0; ) {
      const bit = x & -x;
      x ^= bit;
      const c = compOfDyn[dynBase + bitIndex(bit)];
      if (compLibs[c] !== 1) continue;
      capDyn |= compDyn[c];
      capStatic |= compStatic[c];
    }
    for (let x = nearStatic & (player === BLACK ? this.sWhite : this.sBlack); x !== 0; ) {
      const bit = x & -x;
      x ^= bit;
      const c = compOfStatic[staticBase + bitIndex(bit)];
      if (compLibs[c] !== 1) continue;
      capDyn |= compDyn[c];
      capStatic |= compStatic[c];
    }
    if (!hasLiberty && (capDyn | capStatic) === 0) return false;
    let top = this.capturedTop;
    const captured = this.captured;
    for (let x = capDyn; x !== 0; ) {
      const bit = x & -x;
      x ^= bit;
      captured[top++] = this.dynPoint[bitIndex(bit)];
    }
    for (let x = capStatic; x !== 0; ) {
      const bit = x & -x;
      x ^= bit;
      const stones = this.sStones[bitIndex(bit)];
      captured.set(stones, top);
      top += stones.length;
    }
    this.capturedTop = top;
    return true;
  }

  private setStone(p: number, c: number): void {
    this.colors[p] = c;
    this.toggleStone(p, c);
    const d = this.dynIndex[p];
    if (d >= 0) this.toggleVertex(d, c);
    if (d < 0) {
      this.sBlack |= c === BLACK ? 1 << this.staticOf[p] : 0;
      this.sWhite |= c === WHITE ? 1 << this.staticOf[p] : 0;
    } else if (c === BLACK) this.blackDyn |= 1 << d;
    else this.whiteDyn |= 1 << d;
  }

  private setEmpty(p: number, c: number): void {
    this.colors[p] = EMPTY;
    this.toggleStone(p, c);
    const d = this.dynIndex[p];
    if (d >= 0) this.toggleVertex(d, c);
    if (d < 0) {
      this.sBlack &= ~(1 << this.staticOf[p]);
      this.sWhite &= ~(1 << this.staticOf[p]);
    } else {
      this.blackDyn &= ~(1 << d);
      this.whiteDyn &= ~(1 << d);
    }
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
    if (this.undoTop === 0) throw new Error('undo: no recorded move');
    this.undoTop -= 4;
    this.level--;
    const u = this.undoTop;
    const p = this.undoHeads[u];
    const previousKo = this.undoHeads[u + 1];
    const first = this.undoHeads[u + 3];
    const player = this.colors[p];
    const other = 3 - player;
    this.toggleKo(this.koPoint);
    this.setEmpty(p, player);
    this.staticRemoved -= this.undoHeads[u + 2];
    for (let i = first; i < this.capturedTop; i++) this.setStone(this.captured[i], other);
    this.capturedTop = first;
    this.koPoint = previousKo;
    this.toggleKo(previousKo);
    // The position before the move was labelled (playRecorded labels first), in this level's slot
    // unless static stones are captured (full-board labels are not kept per level).
    this.labelled = this.staticRemoved === 0;
  }
}
