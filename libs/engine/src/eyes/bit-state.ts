import { EMPTY as EMPTY_EXPORT } from '../board/color';
import { Geometry } from '../board/geometry';
import {
  bitIndex as bitIndexExport,
  hashKeys,
  popcount as popcountExport,
  type BitTopology,
} from './bit-topology';
import { labelChains } from './chain-labels';
import { MAX_EYE_READING_DEPTH } from './reading-limits';

// Local copies: imported bindings may be getters under some module loaders (tsx), far too slow
// in the hot loops.
const EMPTY: number = EMPTY_EXPORT;
const bitIndex = bitIndexExport;
const popcount = popcountExport;

/**
 * The state of a BitReadingBoard (see bit-board.ts): colours, hash, the fixed topology as bit
 * sets, the bit-set labelling kept per line depth, the full-board labelling used while a static
 * stone is captured, and the chain queries. Moves and the move-ordering queries live in the
 * subclass.
 */
export abstract class BitBoardState {
  readonly geo: Geometry;
  readonly colors: Int8Array;
  koPoint = 0;
  hashLo = 0;
  hashHi = 0;
  protected readonly keys: Uint32Array;
  protected readonly n: number;
  protected readonly dynPoint: Int32Array;
  /** By point: dynamic index, or -1. */
  protected readonly dynIndex: Int32Array;
  /** By point: static chain of a static stone, or -1. */
  protected readonly staticOf: Int32Array;
  /** By dynamic index: dynamic neighbours, static chain neighbours, static liberty neighbours. */
  protected readonly nbrDyn: Int32Array;
  protected readonly nbrStatic: Int32Array;
  protected readonly nbrLib: Int32Array;
  /** By static chain: colour, adjacent dynamic points, static liberties, stones. */
  protected readonly sColor: Int8Array;
  protected readonly sDyn: Int32Array;
  protected readonly sLib: Int32Array;
  protected readonly sStones: Int32Array[];
  protected readonly libPoint: Int32Array;
  /** By static liberty: dynamic, static chain and static liberty neighbours. */
  protected readonly libNbrDyn: Int32Array;
  protected readonly libNbrStatic: Int32Array;
  protected readonly libNbrLib: Int32Array;
  /**
   * Static liberties all of whose neighbours are stones of Black static chains (or the edge):
   * White may play there only by capturing one of those chains, i.e. exactly when one of them has
   * a single liberty.
   */
  protected readonly blackWalledEyes: number;
  protected readonly allDyn: number;
  protected sBlack = 0;
  protected sWhite = 0;
  protected blackDyn = 0;
  protected whiteDyn = 0;
  /** Static stones captured on the current line: full-board labelling while any is. */
  protected staticRemoved = 0;

  // Bit-set labelling (see bit-labels.ts): component records in one slot per line depth (level),
  // a component's members, liberties and reach as bit sets; a record's id is its offset in
  // `comp`, (level * comps + local) * 8.
  protected labelled = false;
  protected level = 0;
  protected levels = 0;
  protected readonly comps: number;
  /**
   * The current labelling's component by unit: dynamic index d at d, static chain s at n + s.
   * One array per level (unitLevels[level]): a labelling derived from the level below copies its
   * map and rewrites the moved chains' units, so undo only steps back to the level below's array
   * (no log of unit writes to replay).
   */
  protected unitComp: Int32Array;
  protected readonly unitLevels: Int32Array[] = [];
  /**
   * The component records, 8 words each (one array: one bounds check and base per access in
   * V8's code, where six arrays each had their own): at id, the dynamic stones; id | 1 the static
   * chains; id | 2 the dynamic liberties; id | 3 the static liberties; id | 4 the reach (dynamic
   * points next to some stone of the component, any colour); id | 5 the liberty count, up to 3.
   */
  protected comp = new Int32Array(0);
  /** Per level: dynamic points next to an invincible Black chain, when `invKnown`. */
  protected invNear = new Int32Array(0);
  protected invKnown = new Uint8Array(0);
  /**
   * Per level: the dynamic stones the move to it captured when its labelling can be derived from
   * the level below (a move at a dynamic point, no static stone captured), else -1.
   */
  protected stepCap = new Int32Array(0);

  // Full-board labelling (static stones captured): label = lowest point of the chain.
  protected readonly label: Int32Array;
  protected readonly libCount: Int32Array;
  protected readonly nextStone: Int32Array;
  protected readonly mark: Int32Array;
  protected markGen = 0;
  protected readonly queue: Int32Array;

  // Undo: per move a record of 16 words (see bit-board.ts) and the captured points on one flat
  // stack. The records have room for the longest line the reader allows by default from the
  // start: V8 compiles a field assigned only once as a constant, and the stack's first growth (a
  // line of more than 64 moves, deep in a long reading) threw away every function compiled with it
  // (the corner shape |!.OOOO%|......%|O.XOOO%+------ read in 58 ms instead of 21 the first time).
  protected undoHeads = new Int32Array(16 * (MAX_EYE_READING_DEPTH + 16));
  protected undoTop = 0;
  protected captured = new Int32Array(256);
  protected capturedTop = 0;
  /** Zobrist key of the dynamic points' colours under the keys given to keyVertices, or 0. */
  vertexKeyLo = 0;
  vertexKeyHi = 0;
  protected vertexKeysLo: Uint32Array | null = null;
  protected vertexKeysHi: Uint32Array | null = null;
  /**
   * With at most EXACT_KEY_VERTICES dynamic points (after keyVertices): the dynamic points'
   * colours as a base-3 number (digit k: the colour of the k-th point), else 0.
   */
  exactVertexKey = 0;
  /**
   * Whether exactVertexKey is kept (keyVertices accepted, few enough dynamic points): the reader
   * then keys its table by it alone, so vertexKeyLo/Hi are not kept.
   */
  protected exactKey = false;
  /** 3^k by dynamic index k while exactVertexKey is kept, else all 0. */
  protected readonly pow3: Int32Array;
  /** Stones the last move captured (0 after undo or an illegal move). */
  lastCaptures = 0;
  protected readonly heads = new Int32Array(4);
  protected readonly headAt = new Int32Array(4);

  protected constructor(t: BitTopology) {
    this.geo = t.geo;
    this.colors = t.colors;
    const size = t.geo.arraySize;
    this.keys = hashKeys(size);
    for (const p of t.geo.points) if (t.colors[p] !== EMPTY) this.toggleStone(p, t.colors[p]);
    this.n = t.dynPoint.length;
    this.dynPoint = t.dynPoint;
    this.dynIndex = t.dynIndex;
    this.staticOf = t.staticOf;
    this.nbrDyn = t.nbrDyn;
    this.nbrStatic = t.nbrStatic;
    this.nbrLib = t.nbrLib;
    this.sColor = t.sColor;
    this.sDyn = t.sDyn;
    this.sLib = t.sLib;
    this.sStones = t.sStones;
    this.libPoint = t.libPoint;
    this.libNbrDyn = t.libNbrDyn;
    this.libNbrStatic = t.libNbrStatic;
    this.libNbrLib = t.libNbrLib;
    this.blackWalledEyes = t.blackWalledEyes;
    this.allDyn = t.allDyn;
    this.sBlack = t.sBlack;
    this.sWhite = t.sWhite;
    this.blackDyn = t.blackDyn;
    this.whiteDyn = t.whiteDyn;
    this.pow3 = new Int32Array(this.n);
    this.comps = this.n + t.sColor.length;
    // Lines are short on small problems; growLevels doubles the room when one goes deeper.
    this.growLevels(16);
    this.unitComp = this.unitLevels[0];
    this.label = new Int32Array(size);
    this.libCount = new Int32Array(size);
    this.nextStone = new Int32Array(size);
    this.mark = new Int32Array(size);
    this.queue = new Int32Array(size);
  }

  protected toggleStone(p: number, c: number): void {
    this.hashLo ^= this.keys[p * 4 + c * 2];
    this.hashHi ^= this.keys[p * 4 + c * 2 + 1];
  }

  protected toggleKo(p: number): void {
    if (p === 0) return;
    this.hashLo ^= this.koKeyLo(p);
    this.hashHi ^= this.koKeyHi(p);
  }

  /** The hash words of a ko at p (not 0). */
  protected koKeyLo(p: number): number {
    return this.keys[this.geo.arraySize * 4 + p];
  }

  protected koKeyHi(p: number): number {
    return this.keys[(this.geo.arraySize * 4 + p * 7) % this.keys.length];
  }

  // ---- labelling ----------------------------------------------------------------------------

  /** Labels the current position's chains unless it is labelled (see bit-labels.ts). */
  protected abstract ensureLabels(): void;

  protected growLevels(levels: number): void {
    const grow = (a: Int32Array, per: number): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(levels * per);
      b.set(a);
      return b;
    };
    const { comps } = this;
    for (let level = this.levels; level < levels; level++) this.unitLevels.push(new Int32Array(comps));
    this.comp = grow(this.comp, 8 * comps);
    this.invNear = grow(this.invNear, 1);
    this.stepCap = grow(this.stepCap, 1).fill(-1, this.levels);
    const known = new Uint8Array(levels);
    known.set(this.invKnown);
    this.invKnown = known;
    this.levels = levels;
  }

  /** Component of the stone at p (bit labelling). */
  protected compOf(p: number): number {
    const d = this.dynIndex[p];
    return this.unitComp[d >= 0 ? d : this.n + this.staticOf[p]];
  }

  /** Labels every chain of the whole board (label = lowest point) and counts its liberties. */
  protected boardLabels(): void {
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

  // ---- chain queries ------------------------------------------------------------------------

  chainHead(p: number): number {
    this.ensureLabels();
    return this.staticRemoved > 0 ? this.label[p] : this.compOf(p);
  }

  chainLiberties(p: number): number {
    this.ensureLabels();
    if (this.staticRemoved > 0) return this.libCount[this.label[p]];
    // The record counts up to 3 (see bit-labels.ts): all of them from its liberty sets.
    const c = this.compOf(p);
    return popcount(this.comp[c | 2]) + popcount(this.comp[c | 3]);
  }

  chainStones(p: number, out?: Int32Array): number {
    return this.stonesInto(p, out, 0);
  }

  /** Writes the stones of the chain at p to `out` from index `at` (when given); their count. */
  protected stonesInto(p: number, out: Int32Array | undefined, at: number): number {
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
    for (let x = this.comp[c]; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      if (out) out[n] = this.dynPoint[bitIndex(bit)];
      n++;
    }
    for (let x = this.comp[c | 1]; x !== 0;) {
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
    for (let x = this.comp[c | 3]; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      if (out) out[n] = this.libPoint[bitIndex(bit)];
      n++;
    }
    for (let x = this.comp[c | 2]; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      if (out) out[n] = this.dynPoint[bitIndex(bit)];
      n++;
    }
    return n;
  }
}
