import { MAX_BOARD_SIZE, MIN_BOARD_SIZE } from '../board/geometry';
import type { PictureStones, PictureVertex } from './model';

// Checks of the pictures handed to the SVG renderers: each problem is a RenderInputError naming the field.

/** A picture that cannot be drawn; the message names the field and the problem. */
export class RenderInputError extends RangeError {
  readonly field: string;
  constructor(field: string, problem: string) {
    super(`${field}: ${problem}`);
    this.name = 'RenderInputError';
    this.field = field;
  }
}

/** The board size of a picture; throws RenderInputError unless an integer in the board range. */
export function checkSize(size: unknown): number {
  if (typeof size !== 'number' || !Number.isInteger(size) || size < MIN_BOARD_SIZE || size > MAX_BOARD_SIZE) {
    throw new RenderInputError(
      'size',
      `must be an integer from ${MIN_BOARD_SIZE} to ${MAX_BOARD_SIZE}, got ${String(size)}`,
    );
  }
  return size;
}

/** Row-major stone colours (0/1/2) from either stone form; throws RenderInputError on bad input. */
export function readStones(stones: PictureStones, size: number): Uint8Array {
  const out = new Uint8Array(size * size);
  if (Array.isArray(stones) && (stones.length === 0 || typeof stones[0] === 'string')) {
    const rows = stones as readonly string[];
    if (rows.length !== size) throw new RenderInputError('stones', `needs ${size} rows, got ${rows.length}`);
    rows.forEach((row, y) => {
      if (typeof row !== 'string' || row.length !== size) {
        throw new RenderInputError(`stones[${y}]`, `needs ${size} characters of X, O or .`);
      }
      for (let x = 0; x < size; x++) {
        const c = row[x];
        const v = c === 'X' ? 1 : c === 'O' ? 2 : c === '.' ? 0 : -1;
        if (v < 0) throw new RenderInputError(`stones[${y}]`, `unexpected character '${c}' at column ${x}`);
        out[y * size + x] = v;
      }
    });
    return out;
  }
  const arr = stones as ArrayLike<number>;
  if (arr.length !== size * size) {
    throw new RenderInputError('stones', `needs ${size * size} values (row-major), got ${arr.length}`);
  }
  for (let i = 0; i < arr.length; i++) {
    const v = arr[i];
    if (v !== 0 && v !== 1 && v !== 2)
      throw new RenderInputError(`stones[${i}]`, `must be 0, 1 or 2, got ${v}`);
    out[i] = v;
  }
  return out;
}

/** Checks a row-major per-point map: `size * size` finite numbers, each in [min, max]. */
export function checkMap(
  field: string,
  values: ArrayLike<number>,
  size: number,
  min = -Infinity,
  max = Infinity,
): void {
  if (!values || typeof values.length !== 'number' || values.length !== size * size) {
    throw new RenderInputError(field, `needs ${size * size} values (row-major), got ${values?.length}`);
  }
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
      const range = Number.isFinite(min) ? ` in [${min}, ${max}]` : '';
      throw new RenderInputError(`${field}[${i}]`, `must be a finite number${range}, got ${String(v)}`);
    }
  }
}

/** Checks that `v` is a point {x, y} on a board of `size`. */
export function checkVertex(field: string, v: PictureVertex, size: number): void {
  if (
    !v ||
    !Number.isInteger(v.x) ||
    !Number.isInteger(v.y) ||
    v.x < 0 ||
    v.y < 0 ||
    v.x >= size ||
    v.y >= size
  ) {
    throw new RenderInputError(field, `must be a point {x, y} with 0 <= x, y < ${size}`);
  }
}
