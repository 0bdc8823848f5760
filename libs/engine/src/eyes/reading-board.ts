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
import { koPointFor, loneStoneKo } from './ko-rule';
import { UnionFindLabels } from './union-find-labels';

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
  /**
   * Optional, after keyVertices accepted: the empty points among those given to it as a bit set
   * (bit k: points[k]), or -1 when the board cannot tell cheaply.
   */
  emptyVertices?(): number;
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
  private readonly queue: Int32Array;
  /** The union-find labelling when moves fall on known points, else null. */
  private reducedLabels: UnionFindLabels | null = null;

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
    if (dynamicPoints) board.reducedLabels = new UnionFindLabels(geo, colors, dynamicPoints);
    return board;
  }

  private reduced(): boolean {
    return this.reducedLabels !== null && this.staticRemoved === 0;
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
      this.reducedLabels!.label();
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
    if (this.reduced()) return this.reducedLabels!.head(p);
    return this.label[p];
  }

  chainLiberties(p: number): number {
    this.ensureLabels();
    if (this.reduced()) return this.reducedLabels!.liberties(p);
    return this.libCount[this.label[p]];
  }

  chainStones(p: number, out?: Int32Array): number {
    this.ensureLabels();
    if (this.reduced()) return this.reducedLabels!.stones(p, out);
    let n = 0;
    for (let q = this.label[p]; q !== 0; q = this.nextStone[q]) {
      if (out) out[n] = q;
      n++;
    }
    return n;
  }

  chainLibertyPoints(p: number, out?: Int32Array): number {
    this.ensureLabels();
    if (this.reduced()) return this.reducedLabels!.libertyPoints(p, out);
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
    const adj = this.geo.adjacent;
    if (colors[p] !== EMPTY || p === koPointFor(colors, adj, this.koPoint, player)) return false;
    this.ensureLabels();
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
    const labels = this.reducedLabels;
    if (labels) for (const q of captured) if (labels.dynamicIndex[q] < 0) staticDelta++;
    labels?.save(this.undoStack.length, this.reduced());
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
    const ko = captured.length === 1 ? loneStoneKo(colors, adj, p, player, captured[0]) : 0;
    this.koPoint = ko;
    this.toggleKo(ko);
    record.push(...captured);
    this.undoStack.push(record);
    return true;
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
    this.labelled = this.reduced() && this.reducedLabels!.restore(this.undoStack.length);
  }
}
