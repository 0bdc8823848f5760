import { BLACK, EMPTY, WHITE, WALL } from './color';
import { Geometry, MAX_BOARD_SIZE, MIN_BOARD_SIDE, type BoardDims } from './geometry';
import { zobristTable } from './zobrist';
import { BoardFormatError } from './errors';

// Module-local copies of the colour codes: the hot paths read these instead of imported bindings
// (some CommonJS loaders, tsx among them, turn every imported binding read into a getter call).
const EMPTY_ = EMPTY;
const BLACK_ = BLACK;
const WHITE_ = WHITE;
const WALL_ = WALL;

/** Options of a Board. */
export interface BoardOptions {
  /** Allow suicide (of any size): the mover's chain is removed and counted as captured by the opponent. */
  allowSuicide?: boolean;
}

function checkDimension(what: string, v: number): void {
  if (!Number.isInteger(v) || v < MIN_BOARD_SIDE || v > MAX_BOARD_SIZE) {
    throw new BoardFormatError(
      `${what} must be an integer from ${MIN_BOARD_SIDE} to ${MAX_BOARD_SIZE}, got ${v}`,
    );
  }
}

/**
 * The stones of a board and their chains, the base of `Board`: colours on a flat Int8Array with a
 * WALL border, chains as circular linked lists (`next`) with a head per stone and exact liberty and
 * stone counts per head, simple ko, captures and a 64-bit Zobrist hash of stones and ko point (as
 * two uint32 halves). Holds the chain queries and the rebuild from colours; moving the stones is
 * `PlayUndoBoard`'s (play-undo.ts), legality and setup are `Board`'s (board.ts).
 */
export abstract class ChainBoard {
  readonly geo: Geometry;
  /** Point colours: EMPTY, BLACK, WHITE, WALL on the border. Read freely; mutate only via methods. */
  readonly colors: Int8Array;
  /** The point forbidden by simple ko to the player who did not just capture (0 = none). */
  koPoint = 0;
  /** Low 32 bits of the Zobrist hash of stones and ko point. */
  hashLo = 0;
  /** High 32 bits of the Zobrist hash. */
  hashHi = 0;
  /** Stones captured, indexed by colour of the capturer: `captures[BLACK]` = black's prisoners. */
  readonly captures = new Int32Array(3);
  /** Whether suicide is a legal move on this board. */
  readonly allowSuicide: boolean;

  /** Head (representative) of the chain of each stone; stale on empty points. */
  protected readonly head: Int32Array;
  /** Next stone of the same chain (circular). */
  protected readonly next: Int32Array;
  /** Liberty count per chain, indexed by head. */
  protected readonly libs: Int32Array;
  /** Stone count per chain, indexed by head. */
  protected readonly stones: Int32Array;
  /** Generation-stamped marks for liberty enumeration (no clearing between uses). */
  protected readonly mark: Int32Array;
  /** Second mark array: stones a candidate move would capture, chains already walked. */
  protected readonly capMark: Int32Array;
  private markGen = 0;
  protected readonly keys: Uint32Array;

  protected constructor(dims: BoardDims, options: BoardOptions = {}) {
    const square = typeof dims === 'number';
    const width = square ? dims : dims.width;
    const height = square ? dims : dims.height;
    checkDimension(square ? 'board size' : 'board width', width);
    if (!square) checkDimension('board height', height);
    this.geo = Geometry.of(width, height);
    const n = this.geo.arraySize;
    // One backing store for the seven per-point arrays (views into it): each typed array of its
    // own is a separate allocation outside the heap, which cost more than the rest of a new
    // board (boards are made per job and per analysis).
    const words = 4 * n;
    const buffer = new ArrayBuffer(6 * words + n);
    this.head = new Int32Array(buffer, 0, n);
    this.next = new Int32Array(buffer, words, n);
    this.libs = new Int32Array(buffer, 2 * words, n);
    this.stones = new Int32Array(buffer, 3 * words, n);
    this.mark = new Int32Array(buffer, 4 * words, n);
    this.capMark = new Int32Array(buffer, 5 * words, n);
    this.colors = new Int8Array(buffer, 6 * words, n);
    this.colors.set(this.geo.emptyColors);
    this.keys = zobristTable(this.geo);
    this.allowSuicide = options.allowSuicide ?? false;
  }

  /** Side length of a square board; throws RangeError on a rectangular one (see `Geometry.size`). */
  get size(): number {
    return this.geo.size;
  }

  /** Number of columns. */
  get width(): number {
    return this.geo.width;
  }

  /** Number of rows. */
  get height(): number {
    return this.geo.height;
  }

  /** True when `p` is an on-board point index. Does not mutate. */
  onBoard(p: number): boolean {
    return Number.isInteger(p) && p > 0 && p < this.geo.arraySize && this.colors[p] !== WALL_;
  }

  /** Head of the chain holding the stone at p (only meaningful on a stone). */
  chainHead(p: number): number {
    return this.head[p];
  }

  /** Number of stones in the chain at p (0 on an empty point). */
  chainSize(p: number): number {
    const c = this.colors[p];
    return c === BLACK_ || c === WHITE_ ? this.stones[this.head[p]] : 0;
  }

  /** Liberties of the chain at p (0 on an empty point). */
  chainLiberties(p: number): number {
    const c = this.colors[p];
    return c === BLACK_ || c === WHITE_ ? this.libs[this.head[p]] : 0;
  }

  /** Writes the stones of the chain at p into `out` (if given) and returns how many there are. */
  chainStones(p: number, out?: Int32Array): number {
    const c = this.colors[p];
    if (c !== BLACK_ && c !== WHITE_) return 0;
    let n = 0;
    let q = p;
    do {
      if (out) out[n] = q;
      n++;
      q = this.next[q];
    } while (q !== p);
    return n;
  }

  /** Writes the liberties of the chain at p into `out` (if given) and returns how many there are. */
  chainLibertyPoints(p: number, out?: Int32Array): number {
    const c = this.colors[p];
    if (c !== BLACK_ && c !== WHITE_) return 0;
    const { colors, mark, next } = this;
    const adj = this.geo.adjacent;
    const gen = this.nextGen();
    let n = 0;
    let q = p;
    do {
      for (let k = 0; k < 4; k++) {
        const l = q + adj[k];
        if (colors[l] === EMPTY_ && mark[l] !== gen) {
          mark[l] = gen;
          if (out) out[n] = l;
          n++;
        }
      }
      q = next[q];
    } while (q !== p);
    return n;
  }

  /** A fresh generation for `mark` and `capMark` (clears both when the counter runs out). */
  protected nextGen(): number {
    if (this.markGen >= 0x3fffffff) {
      this.mark.fill(0);
      this.capMark.fill(0);
      this.markGen = 0;
    }
    return ++this.markGen;
  }

  protected countLiberties(h: number): number {
    const { colors, mark, next } = this;
    const adj = this.geo.adjacent;
    const gen = this.nextGen();
    let n = 0;
    let s = h;
    do {
      for (let k = 0; k < 4; k++) {
        const l = s + adj[k];
        if (colors[l] === EMPTY_ && mark[l] !== gen) {
          mark[l] = gen;
          n++;
        }
      }
      s = next[s];
    } while (s !== h);
    return n;
  }

  /**
   * Adds `delta` to the liberty count of each distinct chain of `color` next to p (once per
   * chain, however many of p's neighbours it holds). Mutates the counts only.
   */
  protected addToNeighbourLiberties(p: number, color: number, delta: number): void {
    const { colors, head, libs } = this;
    const adj = this.geo.adjacent;
    let d0 = 0;
    let d1 = 0;
    let d2 = 0;
    for (let k = 0; k < 4; k++) {
      const r = p + adj[k];
      if (colors[r] !== color) continue;
      const h = head[r];
      if (h === d0 || h === d1 || h === d2) continue;
      if (k === 0) d0 = h;
      else if (k === 1) d1 = h;
      else d2 = h;
      libs[h] += delta;
    }
  }

  /** Recomputes chains, liberties and hash from the colours. Mutates. (PlayUndoBoard's override also clears the undo history.) */
  protected rebuild(): void {
    const { colors, head, next, libs, stones, keys } = this;
    const adj = this.geo.adjacent;
    this.hashLo = 0;
    this.hashHi = 0;
    if (this.koPoint !== 0) this.xorKo(this.koPoint);
    const pts = this.geo.points;
    for (let i = 0; i < pts.length; i++) head[pts[i]] = 0;
    for (let i = 0; i < pts.length; i++) {
      const p = pts[i];
      const c = colors[p];
      if (c !== BLACK_ && c !== WHITE_) continue;
      this.hashLo = (this.hashLo ^ keys[p * 4 + c * 2 - 2]) >>> 0;
      this.hashHi = (this.hashHi ^ keys[p * 4 + c * 2 - 1]) >>> 0;
      if (head[p] !== 0) continue;
      // Flood fill the chain, threading it into a cycle.
      head[p] = p;
      next[p] = p;
      let count = 1;
      let frontier = p;
      let cur = p;
      // Breadth-first over the cycle itself: walk from p until we return to p.
      do {
        for (let k = 0; k < 4; k++) {
          const q = cur + adj[k];
          if (colors[q] === c && head[q] === 0) {
            head[q] = p;
            next[q] = next[frontier];
            next[frontier] = q;
            frontier = q;
            count++;
          }
        }
        cur = next[cur];
      } while (cur !== p);
      stones[p] = count;
      libs[p] = this.countLiberties(p);
    }
  }

  /** Low half of the hash of the stones alone (ko point left out), as superko compares. */
  get stonesHashLo(): number {
    return this.koPoint === 0
      ? this.hashLo
      : (this.hashLo ^ this.keys[this.geo.arraySize * 4 + this.koPoint * 2]) >>> 0;
  }

  /** High half of the hash of the stones alone (ko point left out). */
  get stonesHashHi(): number {
    return this.koPoint === 0
      ? this.hashHi
      : (this.hashHi ^ this.keys[this.geo.arraySize * 4 + this.koPoint * 2 + 1]) >>> 0;
  }

  /** Toggles the ko point p in the hash. */
  protected xorKo(p: number): void {
    const base = this.geo.arraySize * 4;
    this.hashLo = (this.hashLo ^ this.keys[base + p * 2]) >>> 0;
    this.hashHi = (this.hashHi ^ this.keys[base + p * 2 + 1]) >>> 0;
  }
}
