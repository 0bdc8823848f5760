import { WALL } from './color';

/** Smallest and largest board sizes the engine accepts. */
export const MIN_BOARD_SIZE = 5;
export const MAX_BOARD_SIZE = 25;

/**
 * Point indexing for a square board of side `size`, with a one-point WALL border.
 *
 * `pt(x, y) = (x + 1) + (y + 1) * stride` with `stride = size + 1`: the left and right borders
 * share one column, so every on-board point has four in-array neighbours at `pt ± 1` and
 * `pt ± stride`. x is the column from the left (0 = A), y the row from the TOP (0 = row `size`),
 * the same orientation as SGF and OGS and as our row-major JSON maps.
 *
 * Geometries are immutable and cached per size: share them freely.
 */
export class Geometry {
  /** Side length. */
  readonly size: number;
  /** Distance between vertically adjacent points. */
  readonly stride: number;
  /** Length of every per-point array on this geometry (including the border). */
  readonly arraySize: number;
  /** Offsets of the four orthogonal neighbours: left, right, up, down. */
  readonly adjacent: Int32Array;
  /** Offsets of the four diagonal neighbours. */
  readonly diagonal: Int32Array;
  /** Every on-board point, row-major from the top-left (A19 first on 19x19). */
  readonly points: Int32Array;
  /** An array of the right size with WALL on the border and EMPTY (0) elsewhere; copy it, do not mutate. */
  readonly emptyColors: Int8Array;

  private constructor(size: number) {
    this.size = size;
    this.stride = size + 1;
    this.arraySize = (size + 2) * this.stride + 1;
    this.adjacent = Int32Array.of(-1, 1, -this.stride, this.stride);
    this.diagonal = Int32Array.of(-this.stride - 1, -this.stride + 1, this.stride - 1, this.stride + 1);
    this.points = new Int32Array(size * size);
    this.emptyColors = new Int8Array(this.arraySize).fill(WALL);
    let i = 0;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const p = this.pt(x, y);
        this.points[i++] = p;
        this.emptyColors[p] = 0;
      }
    }
  }

  private static readonly cache = new Map<number, Geometry>();

  /** The geometry for a square board of `size`; throws RangeError outside 1..MAX_BOARD_SIZE. */
  static of(size: number): Geometry {
    let g = Geometry.cache.get(size);
    if (!g) {
      if (!Number.isInteger(size) || size < 1 || size > MAX_BOARD_SIZE) {
        throw new RangeError(`board size must be an integer from 1 to ${MAX_BOARD_SIZE}, got ${size}`);
      }
      g = new Geometry(size);
      Geometry.cache.set(size, g);
    }
    return g;
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
    return x >= 0 && y >= 0 && x < this.size && y < this.size;
  }

  /** Row-major index (0 .. size*size-1) of a point: its slot in our JSON maps. */
  index(p: number): number {
    return this.y(p) * this.size + this.x(p);
  }
}
