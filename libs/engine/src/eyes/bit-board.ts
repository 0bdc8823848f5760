import {
  BLACK as BLACK_EXPORT,
  EMPTY as EMPTY_EXPORT,
  WHITE as WHITE_EXPORT,
  type Player,
} from '../board/color';
import { BitBoardQueries } from './bit-queries';
import { koPointFor, loneStoneKo } from './ko-rule';
import { bitIndex as bitIndexExport, bitTopology } from './bit-topology';

// Local copies: imported bindings may be getters under some module loaders (tsx), far too slow
// in the hot loops.
const EMPTY: number = EMPTY_EXPORT;
const BLACK = BLACK_EXPORT as Player;
const WHITE = WHITE_EXPORT as Player;
const bitIndex = bitIndexExport;

/**
 * Most dynamic points for an exact position key: 2 * 3^17 (the colours and the ko flag) stays
 * below PackedTable.KEY_LIMIT (2^28). GNU Go 3.8's largest problems have 17 vertices.
 */
export const EXACT_KEY_VERTICES = 17;

/**
 * Words of a move's undo record: the point, the ko point before, the static stones captured, the
 * captured stack's top before, then the hash, keys and colour masks before the move.
 */
const UNDO = 16;
import { CompactReadingBoard, type ReadingBoard } from './reading-board';

/**
 * A reading board for an eye problem, on bit sets: moves are played only on a known set of
 * "dynamic" points (at most 31), every other stone belongs to a fixed "static" chain (at most 31),
 * and the empty points that are not dynamic ("static liberties", at most 31) never change. A
 * position's chains are then a flood over dynamic-point and static-chain bit sets, their liberties
 * the population count of two masks: a few dozen integer operations per position, no allocation
 * per move. Captures of static stones (rare: a small White chain cut off by the eye space) switch
 * to a full-board labelling until undone. Same answers, hash and ko rule as CompactReadingBoard.
 */
export class BitReadingBoard extends BitBoardQueries implements ReadingBoard {
  /**
   * A board from rows of `X`, `O`, `.` (top row first) where moves are played on `dynamicPoints`
   * only: a BitReadingBoard when the problem fits its bit sets, else a CompactReadingBoard.
   */
  static fromRows(rows: string[], dynamicPoints: ArrayLike<number>): ReadingBoard {
    const topology = bitTopology(rows, dynamicPoints);
    return topology ? new BitReadingBoard(topology) : CompactReadingBoard.fromRows(rows, dynamicPoints);
  }

  /** The dynamic stones the last bitCaptures pushed, as a bit set. */
  private capturedDyn = 0;

  // ---- moves --------------------------------------------------------------------------------

  playRecorded(p: number, player: Player): boolean {
    const { colors } = this;
    const adj = this.geo.adjacent;
    if (colors[p] !== EMPTY || p === koPointFor(colors, adj, this.koPoint, player)) return false;
    this.ensureLabels();
    const other = (3 - player) as Player;
    const first = this.capturedTop;
    this.reserveCaptured();
    const d = this.dynIndex[p];
    const bitPath = d >= 0 && this.staticRemoved === 0;
    if (bitPath) {
      if (this.bitCaptures(d, player) !== true) return false; // suicide
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
    this.finishPlay(p, player, first, bitPath);
    return true;
  }

  /**
   * Plays the move the last peek answered 1 for (the same point and player, nothing played or
   * undone since): playRecorded without its legality and capture tests, which peek made.
   */
  playPeeked(p: number, player: Player): void {
    const first = this.capturedTop;
    this.reserveCaptured();
    const taken = this.peekCaptured;
    this.pushCaptures(taken, 0);
    this.pushUndo(p, first, true);
    // The stones and bit sets; hash, key and ko as peek found them.
    const colors = this.colors;
    const captured = this.captured;
    const top = this.capturedTop;
    colors[p] = player;
    for (let i = first; i < top; i++) colors[captured[i]] = EMPTY;
    const moved = 1 << this.dynIndex[p];
    if (player === BLACK) {
      this.blackDyn |= moved;
      this.whiteDyn &= ~taken;
    } else {
      this.whiteDyn |= moved;
      this.blackDyn &= ~taken;
    }
    this.hashLo = this.peekHashLo;
    this.hashHi = this.peekHashHi;
    this.exactVertexKey = this.peekKey;
    this.koPoint = this.peekKoPoint;
    this.labelled = false;
    this.lastCaptures = top - first;
  }

  /** Room on the captured stack for a whole board's stones above its top. */
  private reserveCaptured(): void {
    const need = this.capturedTop + this.colors.length;
    if (this.captured.length < need) {
      const grown = new Int32Array(this.captured.length * 2 + this.colors.length);
      grown.set(this.captured);
      this.captured = grown;
    }
  }

  /**
   * The move of `player` at p, legal and its captured stones on the stack from `first` (bitPath:
   * found from the bit labelling, see bitCaptures): its undo record, stones, hash, keys and ko.
   */
  private finishPlay(p: number, player: Player, first: number, bitPath: boolean): void {
    const { colors } = this;
    const adj = this.geo.adjacent;
    const other = (3 - player) as Player;
    const staticDelta = this.pushUndo(p, first, bitPath);
    const captured = this.captured;
    const top = this.capturedTop;
    this.toggleKo(this.koPoint);
    this.setStone(p, player);
    for (let i = first; i < top; i++) this.setEmpty(captured[i], other);
    this.staticRemoved += staticDelta;
    this.labelled = false;
    // Simple ko: one stone captured by a lone stone left with that single liberty.
    const ko = top - first === 1 ? loneStoneKo(colors, adj, p, player, captured[first]) : 0;
    this.koPoint = ko;
    this.toggleKo(ko);
    this.lastCaptures = top - first;
  }

  /**
   * The undo record of the move at p whose captured stones are on the stack from `first`, and
   * the next labelling level (derived from this one when bitPath and no static stone is
   * captured); the static stones captured.
   */
  private pushUndo(p: number, first: number, bitPath: boolean): number {
    // Arrays in locals: V8 reloads a field's typed array after every store into one.
    const captured = this.captured;
    const top = this.capturedTop;
    const dynIndex = this.dynIndex;
    let staticDelta = 0;
    for (let i = first; i < top; i++) if (dynIndex[captured[i]] < 0) staticDelta++;
    const u = this.undoTop;
    if (this.undoHeads.length < u + UNDO) {
      const grown = new Int32Array(this.undoHeads.length * 2);
      grown.set(this.undoHeads);
      this.undoHeads = grown;
    }
    const undoHeads = this.undoHeads;
    undoHeads[u] = p;
    undoHeads[u + 1] = this.koPoint;
    undoHeads[u + 2] = staticDelta;
    undoHeads[u + 3] = first;
    // The words the move changes, restored as they were by undo (no stone toggled back).
    undoHeads[u + 4] = this.hashLo;
    undoHeads[u + 5] = this.hashHi;
    undoHeads[u + 6] = this.exactVertexKey;
    undoHeads[u + 9] = this.blackDyn;
    undoHeads[u + 10] = this.whiteDyn;
    // Words most moves leave alone, kept only when they may change: the vertex key when no exact
    // key is kept, the static chains' colours when the move is not a plain one (stepCap below).
    if (this.exactKey !== true) {
      undoHeads[u + 7] = this.vertexKeyLo;
      undoHeads[u + 8] = this.vertexKeyHi;
    }
    const plain = bitPath && staticDelta === 0;
    if (plain !== true) {
      undoHeads[u + 11] = this.sBlack;
      undoHeads[u + 12] = this.sWhite;
    }
    this.undoTop = u + UNDO;
    const level = this.level + 1;
    if (level >= this.levels) this.growLevels(this.levels * 2);
    this.level = level;
    this.unitComp = this.unitLevels[level];
    this.stepCap[level] = plain ? this.capturedDyn : -1;
    return staticDelta;
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
    this.exactVertexKey = 0;
    this.exactKey = this.n <= EXACT_KEY_VERTICES;
    for (let k = 0, p = 1; k < this.n; k++, p *= 3) this.pow3[k] = this.exactKey ? p : 0;
    for (let k = 0; k < this.n; k++) {
      const c = this.colors[this.dynPoint[k]];
      if (c === EMPTY) continue;
      this.vertexKeyLo ^= lo[k * 3 + c];
      this.vertexKeyHi ^= hi[k * 3 + c];
      this.exactVertexKey += c * this.pow3[k];
    }
    return true;
  }

  /** The empty dynamic points (bit k: the k-th), once keyVertices accepted their order; else -1. */
  emptyVertices(): number {
    return this.vertexKeysLo !== null ? this.allDyn & ~(this.blackDyn | this.whiteDyn) : -1;
  }

  /** The static chain of the stone at p as a bit (bit s: static chain s), 0 when p is not static. */
  staticChainBit(p: number): number {
    const s = this.staticOf[p];
    return s >= 0 ? 1 << s : 0;
  }

  /** Does this board keep exactVertexKey (keyVertices accepted, few enough dynamic points)? */
  get exactKeyed(): boolean {
    return this.exactKey;
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
    if (this.moveEffect(d, player) !== true) return false;
    this.pushCaptures(this.effectDyn, this.effectStatic);
    return true;
  }

  /** Pushes the dynamic stones capDyn and the static chains capStatic onto the captured stack. */
  private pushCaptures(capDyn: number, capStatic: number): void {
    this.capturedDyn = capDyn;
    let top = this.capturedTop;
    const captured = this.captured;
    for (let x = capDyn; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      captured[top++] = this.dynPoint[bitIndex(bit)];
    }
    for (let x = capStatic; x !== 0;) {
      const bit = x & -x;
      x ^= bit;
      const stones = this.sStones[bitIndex(bit)];
      captured.set(stones, top);
      top += stones.length;
    }
    this.capturedTop = top;
  }

  private setStone(p: number, c: number): void {
    this.colors[p] = c;
    this.toggleStone(p, c);
    const d = this.dynIndex[p];
    if (d >= 0) {
      if (this.exactKey === true) this.exactVertexKey += c * this.pow3[d];
      else this.toggleVertex(d, c);
    }
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
    if (d >= 0) {
      if (this.exactKey === true) this.exactVertexKey -= c * this.pow3[d];
      else this.toggleVertex(d, c);
    }
    if (d < 0) {
      this.sBlack &= ~(1 << this.staticOf[p]);
      this.sWhite &= ~(1 << this.staticOf[p]);
    } else {
      this.blackDyn &= ~(1 << d);
      this.whiteDyn &= ~(1 << d);
    }
  }

  undo(): void {
    if (this.undoTop === 0) throw new Error('undo: no recorded move');
    this.undoTop -= UNDO;
    // A plain move (at a dynamic point, no static stone captured: see pushUndo) left the static
    // chains' colours alone.
    const plain = this.stepCap[this.level] >= 0;
    // Back to the labelling before the move: the level below's unit map, as it left it.
    const level = this.level - 1;
    this.level = level;
    this.unitComp = this.unitLevels[level];
    const u = this.undoTop;
    const undoHeads = this.undoHeads;
    const colors = this.colors;
    const p = undoHeads[u];
    const first = undoHeads[u + 3];
    const other = 3 - colors[p];
    colors[p] = EMPTY;
    const captured = this.captured;
    for (let i = first, top = this.capturedTop; i < top; i++) colors[captured[i]] = other;
    this.capturedTop = first;
    this.koPoint = undoHeads[u + 1];
    this.staticRemoved -= undoHeads[u + 2];
    this.hashLo = undoHeads[u + 4];
    this.hashHi = undoHeads[u + 5];
    this.exactVertexKey = undoHeads[u + 6];
    this.blackDyn = undoHeads[u + 9];
    this.whiteDyn = undoHeads[u + 10];
    if (this.exactKey !== true) {
      this.vertexKeyLo = undoHeads[u + 7];
      this.vertexKeyHi = undoHeads[u + 8];
    }
    if (plain !== true) {
      this.sBlack = undoHeads[u + 11];
      this.sWhite = undoHeads[u + 12];
    }
    // The position before the move was labelled (playRecorded labels first) and its bit labelling
    // is back in place, unless static stones are captured (full-board labels are not kept).
    this.labelled = this.staticRemoved === 0;
  }
}
