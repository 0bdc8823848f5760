import { WALL } from './color';

/**
 * Smallest side the analyses read on (tactical and owl reading skip smaller boards) and the
 * smallest size of a picture; boards themselves go down to MIN_BOARD_SIDE.
 */
export const MIN_BOARD_SIZE = 5;
/** Smallest side of a board (KataGo's: 2x2 up to 25x25, any width with any height). */
export const MIN_BOARD_SIDE = 2;
/** Largest side of a board. */
export const MAX_BOARD_SIZE = 25;

function checkDimension(what: string, v: number): void {
  if (!Number.isInteger(v) || v < 1 || v > MAX_BOARD_SIZE) {
    throw new RangeError(`${what} must be an integer from 1 to ${MAX_BOARD_SIZE}, got ${v}`);
  }
}

/** A board's dimensions: a side length (square) or a width and a height (a Geometry is one). */
export type BoardDims = number | { readonly width: number; readonly height: number };

/**
 * Point indexing for a board of `width` columns and `height` rows, with a one-point WALL border.
 *
 * `pt(x, y) = (x + 1) + (y + 1) * stride` with `stride = width + 1`: the left and right borders
 * share one column, so every on-board point has four in-array neighbours at `pt ± 1` and
 * `pt ± stride`. x is the column from the left (0 = A), y the row from the TOP (0 = row `height`),
 * the same orientation as SGF and OGS and as our row-major JSON maps (`height` rows of `width`).
 * Square boards index exactly as before rectangles existed (stride size + 1).
 *
 * Geometries are immutable and cached per dimensions: share them freely.
 */
export class Geometry {
  /** Number of columns (KataGo's boardXSize). */
  readonly width: number;
  /** Number of rows (KataGo's boardYSize). */
  readonly height: number;
  /** Distance between vertically adjacent points. */
  readonly stride: number;
  /** Length of every per-point array on this geometry (including the border). */
  readonly arraySize: number;
  /** Offsets of the four orthogonal neighbours: left, right, up, down. */
  readonly adjacent: Int32Array;
  /** Offsets of the four diagonal neighbours. */
  readonly diagonal: Int32Array;
  /** Every on-board point, row-major from the top-left (A19 first on 19x19): height rows of width. */
  readonly points: Int32Array;
  /** An array of the right size with WALL on the border and EMPTY (0) elsewhere; copy it, do not mutate. */
  readonly emptyColors: Int8Array;

  private constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.stride = width + 1;
    this.arraySize = (height + 2) * this.stride + 1;
    this.adjacent = Int32Array.of(-1, 1, -this.stride, this.stride);
    this.diagonal = Int32Array.of(-this.stride - 1, -this.stride + 1, this.stride - 1, this.stride + 1);
    this.points = new Int32Array(width * height);
    this.emptyColors = new Int8Array(this.arraySize).fill(WALL);
    let i = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = this.pt(x, y);
        this.points[i++] = p;
        this.emptyColors[p] = 0;
      }
    }
  }

  private static readonly cache = new Map<number, Geometry>();

  /**
   * The geometry of a `width` x `height` board (`height` defaults to `width`: square); throws
   * RangeError naming the dimension outside 1..MAX_BOARD_SIZE.
   */
  static of(width: number, height = width): Geometry {
    checkDimension(width === height ? 'board size' : 'board width', width);
    if (height !== width) checkDimension('board height', height);
    const key = width * 64 + height;
    let g = Geometry.cache.get(key);
    if (!g) {
      g = new Geometry(width, height);
      Geometry.cache.set(key, g);
    }
    return g;
  }

  /** The geometry of `dims`: a side length, or anything with a width and a height. */
  static ofDims(dims: BoardDims): Geometry {
    return typeof dims === 'number' ? Geometry.of(dims) : Geometry.of(dims.width, dims.height);
  }

  /** True when width equals height. */
  get square(): boolean {
    return this.width === this.height;
  }

  /**
   * Side length of a square board. Throws RangeError on a rectangular one: code that reads `size`
   * assumes a square, so it must read `width` / `height` instead (a loud error, not wrong points).
   */
  get size(): number {
    if (this.width !== this.height) {
      throw new RangeError(
        `size: the ${this.width}x${this.height} board is not square (read width and height)`,
      );
    }
    return this.width;
  }

  /** `19x19`, `7x9`: width x height, for messages. */
  get label(): string {
    return `${this.width}x${this.height}`;
  }

  /** Point index of column x, row y (both 0-based, y from the top). No bounds check. */
  pt(x: number, y: number): number {
    return x + 1 + (y + 1) * this.stride;
  }

  /** Column (0-based from the left) of an on-board point. */
  x(p: number): number {
    return (p % this.stride) - 1;
  }

  /** Row (0-based from the top) of an on-board point. */
  y(p: number): number {
    return Math.floor(p / this.stride) - 1;
  }

  /** True when (x, y) lies on the board. */
  inside(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  /** Row-major index (0 .. width*height-1) of a point: its slot in our JSON maps. */
  index(p: number): number {
    return this.y(p) * this.width + this.x(p);
  }
}
