import { MAX_BOARD_SIZE, MIN_BOARD_SIZE } from '../board/geometry';
import type {
  BoardPicture,
  EyeGraphPicture,
  PictureMoveValue,
  OwnerMapKind,
  PictureOverlay,
  PictureStones,
  PictureVertex,
} from './model';

/** Column letters of GTP coordinates: A..Z without I (25 letters, enough for 25x25). */
export const GTP_LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** A picture that cannot be drawn; the message names the field and the problem. */
export class RenderInputError extends RangeError {
  readonly field: string;
  constructor(field: string, problem: string) {
    super(`${field}: ${problem}`);
    this.name = 'RenderInputError';
    this.field = field;
  }
}

const DEFAULT_CELL = 32;
const DEFAULT_TOP_MOVES = 5;
/** Ownership below this magnitude is not shaded: a faint tint everywhere only blurs the board. */
const OWNERSHIP_FLOOR = 0.05;
/** Shading strength per Bouzy reading: territory is a firm claim, area a loose one. */
const OWNER_OPACITY: Record<OwnerMapKind, number> = { territory: 0.6, moyo: 0.42, area: 0.28 };

/** White shading on yellow wood reads weaker than dark shading: draw it stronger. */
const WHITE_BOOST = 1.35;

const COLORS = {
  board: '#dcb35c',
  line: '#3b2a14',
  black: '#111111',
  white: '#f7f7f2',
  blackArea: '#1f3f8f',
  whiteArea: '#ffffff',
  dead: '#d0201a',
  move: '#1a8f3c',
  best: '#e07b00',
};

/** Escapes text for XML content and attribute values. Does not mutate. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  );
}

/** GTP name of a picture vertex on a board of `size` (`{x:3,y:15}` on 19x19 is `D4`). Does not mutate. */
export function gtpName(v: PictureVertex, size: number): string {
  return `${GTP_LETTERS[v.x]}${size - v.y}`;
}

/** Fixed-precision number for attributes: short output, no `-0`. */
function num(v: number): string {
  const r = Math.round(v * 100) / 100;
  return String(r === 0 ? 0 : r);
}

function checkSize(size: unknown): number {
  if (typeof size !== 'number' || !Number.isInteger(size) || size < MIN_BOARD_SIZE || size > MAX_BOARD_SIZE) {
    throw new RenderInputError(
      'size',
      `must be an integer from ${MIN_BOARD_SIZE} to ${MAX_BOARD_SIZE}, got ${String(size)}`,
    );
  }
  return size;
}

/** Row-major stone colours (0/1/2) from either stone form; throws RenderInputError on bad input. */
function readStones(stones: PictureStones, size: number): Uint8Array {
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

function checkMap(
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

function checkVertex(field: string, v: PictureVertex, size: number): void {
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

/** Short label of a value: integers as they are, others with one decimal. */
function label(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
}

/** Star points drawn on the grid (corners at 3-3/4-4 style distances, centre on odd boards). */
function starPoints(size: number): PictureVertex[] {
  const d = size >= 13 ? 3 : size >= 7 ? 2 : -1;
  if (d < 0) return [];
  const lines = [d, size - 1 - d];
  if (size % 2 === 1 && size >= 9) lines.push((size - 1) / 2);
  const out: PictureVertex[] = [];
  const mid = (size - 1) / 2;
  for (const y of lines) {
    for (const x of lines) {
      // Side star points only on big boards, as printed boards do.
      const side = (x === mid) !== (y === mid);
      if (side && size < 15) continue;
      out.push({ x, y });
    }
  }
  return out;
}

/**
 * Draws a board picture as a standalone SVG document (a string). Pure: reads `picture`, mutates
 * nothing, no DOM. Throws RenderInputError naming the field when the input is malformed.
 *
 * Every drawn element carries a class (`stone black`, `own-b`, `terr-w`, `num`, `dead`, `mv`,
 * `last`, `coord`) so pages can style it and tests can count it.
 */
export function renderBoardSvg(picture: BoardPicture): string {
  const size = checkSize(picture?.size);
  const stones = readStones(picture.stones, size);
  const cell = picture.cellSize ?? DEFAULT_CELL;
  if (!Number.isFinite(cell) || cell < 8 || cell > 128) {
    throw new RenderInputError('cellSize', `must be a number from 8 to 128, got ${String(picture.cellSize)}`);
  }
  const coords = picture.coordinates !== false;
  const pad = coords ? cell * 1.1 : cell * 0.55;
  const side = 2 * pad + (size - 1) * cell;
  const cx = (x: number) => pad + x * cell;
  const cy = (y: number) => pad + y * cell;
  const overlays = picture.overlays ?? [];
  if (picture.lastMove) checkVertex('lastMove', picture.lastMove, size);

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="moyo-board" data-size="${size}" ` +
      `width="${num(side)}" height="${num(side)}" viewBox="0 0 ${num(side)} ${num(side)}" ` +
      `font-family="Helvetica, Arial, sans-serif">`,
  );
  if (picture.title) out.push(`<title>${escapeXml(picture.title)}</title>`);
  out.push(
    `<rect class="wood" x="0" y="0" width="${num(side)}" height="${num(side)}" fill="${COLORS.board}"/>`,
  );

  // Grid: one path keeps the document small (25x25 would otherwise be 50 elements).
  const last = (size - 1) * cell;
  let d = '';
  for (let i = 0; i < size; i++) {
    d += `M${num(pad)} ${num(cy(i))}h${num(last)}M${num(cx(i))} ${num(pad)}v${num(last)}`;
  }
  out.push(`<path class="grid" d="${d}" stroke="${COLORS.line}" stroke-width="1" fill="none"/>`);
  for (const s of starPoints(size)) {
    out.push(
      `<circle class="star" cx="${num(cx(s.x))}" cy="${num(cy(s.y))}" r="${num(cell * 0.09)}" fill="${COLORS.line}"/>`,
    );
  }

  if (coords) {
    const fs = num(cell * 0.36);
    const near = pad - cell * 0.62;
    const far = side - near;
    const attrs = `class="coord" font-size="${fs}" fill="${COLORS.line}" text-anchor="middle" dominant-baseline="central"`;
    for (let i = 0; i < size; i++) {
      const letter = GTP_LETTERS[i];
      const number = String(size - i);
      out.push(`<text ${attrs} x="${num(cx(i))}" y="${num(near)}">${letter}</text>`);
      out.push(`<text ${attrs} x="${num(cx(i))}" y="${num(far)}">${letter}</text>`);
      out.push(`<text ${attrs} x="${num(near)}" y="${num(cy(i))}">${number}</text>`);
      out.push(`<text ${attrs} x="${num(far)}" y="${num(cy(i))}">${number}</text>`);
    }
  }

  // Shadings sit under the stones so the stones stay readable.
  overlays.forEach((o, k) => drawShading(out, o, k, size, stones, cell, cx, cy));

  const r = cell * 0.47;
  for (let i = 0; i < stones.length; i++) {
    const c = stones[i];
    if (c === 0) continue;
    const x = i % size;
    const y = (i - x) / size;
    const black = c === 1;
    out.push(
      `<circle class="stone ${black ? 'black' : 'white'}" data-vertex="${gtpName({ x, y }, size)}" ` +
        `cx="${num(cx(x))}" cy="${num(cy(y))}" r="${num(r)}" fill="${black ? COLORS.black : COLORS.white}" ` +
        `stroke="${COLORS.black}" stroke-width="${black ? 0 : 1}"/>`,
    );
  }

  overlays.forEach((o, k) => drawMarks(out, o, k, size, stones, cell, cx, cy));

  if (picture.lastMove) {
    const { x, y } = picture.lastMove;
    const c = stones[y * size + x];
    const stroke = c === 1 ? COLORS.white : c === 2 ? COLORS.black : COLORS.dead;
    out.push(
      `<circle class="last" data-vertex="${gtpName(picture.lastMove, size)}" cx="${num(cx(x))}" cy="${num(cy(y))}" ` +
        `r="${num(cell * 0.22)}" fill="none" stroke="${stroke}" stroke-width="${num(Math.max(1.5, cell * 0.06))}"/>`,
    );
  }
  out.push('</svg>');
  return out.join('\n');
}

type Px = (v: number) => number;

function drawShading(
  out: string[],
  o: PictureOverlay,
  k: number,
  size: number,
  stones: Uint8Array,
  cell: number,
  cx: Px,
  cy: Px,
): void {
  const h = cell / 2;
  if (o.kind === 'ownership') {
    checkMap(`overlays[${k}].values`, o.values, size, -1, 1);
    for (let i = 0; i < o.values.length; i++) {
      const v = o.values[i];
      if (Math.abs(v) < OWNERSHIP_FLOOR) continue;
      const x = i % size;
      const y = (i - x) / size;
      const fill = v > 0 ? COLORS.blackArea : COLORS.whiteArea;
      out.push(
        `<rect class="own-${v > 0 ? 'b' : 'w'}" data-vertex="${gtpName({ x, y }, size)}" x="${num(cx(x) - h)}" y="${num(cy(y) - h)}" width="${num(cell)}" ` +
          `height="${num(cell)}" fill="${fill}" fill-opacity="${num(Math.abs(v) * (v > 0 ? 0.75 : 0.75 * WHITE_BOOST))}"/>`,
      );
    }
  } else if (o.kind === 'owners') {
    const opacity = OWNER_OPACITY[o.map];
    if (opacity === undefined) {
      throw new RenderInputError(
        `overlays[${k}].map`,
        `must be territory, moyo or area, got ${String(o.map)}`,
      );
    }
    checkMap(`overlays[${k}].values`, o.values, size);
    for (let i = 0; i < o.values.length; i++) {
      const v = Math.sign(o.values[i]);
      // A stone on its own colour's ground is not territory: shade only empty points and prisoners.
      if (v === 0 || stones[i] === (v > 0 ? 1 : 2)) continue;
      const x = i % size;
      const y = (i - x) / size;
      out.push(
        `<rect class="terr-${v > 0 ? 'b' : 'w'} ${o.map}" data-vertex="${gtpName({ x, y }, size)}" x="${num(cx(x) - h)}" y="${num(cy(y) - h)}" ` +
          `width="${num(cell)}" height="${num(cell)}" fill="${v > 0 ? COLORS.blackArea : COLORS.whiteArea}" ` +
          `fill-opacity="${num(v > 0 ? opacity : Math.min(0.9, opacity * WHITE_BOOST))}"/>`,
      );
    }
  }
}

function drawMarks(
  out: string[],
  o: PictureOverlay,
  k: number,
  size: number,
  stones: Uint8Array,
  cell: number,
  cx: Px,
  cy: Px,
): void {
  if (o.kind === 'numbers') {
    checkMap(`overlays[${k}].values`, o.values, size);
    const fs = num(cell * 0.34);
    for (let i = 0; i < o.values.length; i++) {
      const v = o.values[i];
      if (v === 0) continue;
      const x = i % size;
      const y = (i - x) / size;
      const onStone = stones[i];
      // Text must contrast with whatever is under it: a black stone, a white stone or the wood.
      const fill =
        onStone === 1 ? COLORS.white : onStone === 2 ? COLORS.black : v > 0 ? COLORS.blackArea : '#7a1010';
      out.push(
        `<text class="num num-${v > 0 ? 'b' : 'w'}" data-vertex="${gtpName({ x, y }, size)}" x="${num(cx(x))}" y="${num(cy(y))}" font-size="${fs}" ` +
          `fill="${fill}" text-anchor="middle" dominant-baseline="central">${label(v)}</text>`,
      );
    }
  } else if (o.kind === 'dead') {
    if (!Array.isArray(o.points))
      throw new RenderInputError(`overlays[${k}].points`, 'must be a list of points');
    const a = cell * 0.26;
    o.points.forEach((p, j) => {
      checkVertex(`overlays[${k}].points[${j}]`, p, size);
      const x = cx(p.x);
      const y = cy(p.y);
      out.push(
        `<path class="dead" data-vertex="${gtpName(p, size)}" d="M${num(x - a)} ${num(y - a)}L${num(x + a)} ${num(y + a)}` +
          `M${num(x + a)} ${num(y - a)}L${num(x - a)} ${num(y + a)}" stroke="${COLORS.dead}" ` +
          `stroke-width="${num(Math.max(2, cell * 0.09))}" stroke-linecap="round"/>`,
      );
    });
  } else if (o.kind === 'moveValues') {
    if (!Array.isArray(o.moves))
      throw new RenderInputError(`overlays[${k}].moves`, 'must be a list of moves');
    const top = o.top ?? DEFAULT_TOP_MOVES;
    if (!Number.isInteger(top) || top < 1) {
      throw new RenderInputError(`overlays[${k}].top`, `must be a positive integer, got ${String(top)}`);
    }
    o.moves.forEach((m, j) => {
      checkVertex(`overlays[${k}].moves[${j}]`, m, size);
      if (typeof m.value !== 'number' || !Number.isFinite(m.value)) {
        throw new RenderInputError(
          `overlays[${k}].moves[${j}].value`,
          `must be a finite number, got ${String(m.value)}`,
        );
      }
    });
    // Stable order: value descending, then reading order, so equal values draw the same way each time.
    const best: PictureMoveValue[] = [...o.moves]
      .sort((a, b) => b.value - a.value || a.y - b.y || a.x - b.x)
      .slice(0, top);
    const fs = num(cell * 0.34);
    best.forEach((m, rank) => {
      const color = rank === 0 ? COLORS.best : COLORS.move;
      out.push(
        `<g class="mv${rank === 0 ? ' best' : ''}" data-vertex="${gtpName(m, size)}" data-rank="${rank + 1}">` +
          `<circle cx="${num(cx(m.x))}" cy="${num(cy(m.y))}" r="${num(cell * 0.42)}" fill="${color}" fill-opacity="0.85"/>` +
          `<text x="${num(cx(m.x))}" y="${num(cy(m.y))}" font-size="${fs}" fill="#ffffff" text-anchor="middle" ` +
          `dominant-baseline="central">${label(m.value)}</text></g>`,
      );
    });
  }
}

const VITAL: Record<string, { base: string; mark: 'both' | 'attack' | 'defense' }> = {
  '*': { base: '.', mark: 'both' },
  '<': { base: '.', mark: 'attack' },
  '>': { base: '.', mark: 'defense' },
  '@': { base: '!', mark: 'both' },
  '(': { base: '!', mark: 'attack' },
  ')': { base: '!', mark: 'defense' },
};

/**
 * Draws an eye-graph diagram (GNU Go's marks) as a standalone SVG document. Eye points are open
 * circles, marginal ones dashed, attacker stones black, edges thick lines, and vital points get a
 * coloured marker (`vital both|attack|defense`). Pure; throws RenderInputError on unknown characters.
 */
export function renderEyeGraphSvg(picture: EyeGraphPicture): string {
  const rows = picture?.rows;
  if (!Array.isArray(rows) || rows.length === 0 || rows.some((r) => typeof r !== 'string')) {
    throw new RenderInputError('rows', 'must be a non-empty list of diagram rows');
  }
  const cell = picture.cellSize ?? DEFAULT_CELL;
  const width = Math.max(...rows.map((r) => r.length));
  const pad = cell * 0.5;
  const valueHeight = picture.value ? cell * 0.8 : 0;
  const w = 2 * pad + width * cell;
  const hgt = 2 * pad + rows.length * cell + valueHeight;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="moyo-eyegraph" width="${num(w)}" height="${num(hgt)}" ` +
      `viewBox="0 0 ${num(w)} ${num(hgt)}" font-family="Helvetica, Arial, sans-serif">`,
  ];
  if (picture.title) out.push(`<title>${escapeXml(picture.title)}</title>`);
  out.push(`<rect class="wood" x="0" y="0" width="${num(w)}" height="${num(hgt)}" fill="${COLORS.board}"/>`);
  const r = cell * 0.36;
  const stroke = num(Math.max(1.5, cell * 0.06));
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      const ch = row[x];
      const px = pad + x * cell + cell / 2;
      const py = pad + y * cell + cell / 2;
      const vital = VITAL[ch];
      const kind = vital ? vital.base : ch;
      const at = `data-row="${y}" data-col="${x}"`;
      switch (kind) {
        case ' ':
          break;
        case '.':
        case '!':
          out.push(
            `<circle class="eye${kind === '!' ? ' marginal' : ''}" ${at} cx="${num(px)}" cy="${num(py)}" r="${num(r)}" ` +
              `fill="#fff8e0" stroke="${COLORS.line}" stroke-width="${stroke}"${kind === '!' ? ' stroke-dasharray="4 3"' : ''}/>`,
          );
          break;
        case 'X':
        case '$':
          out.push(
            `<circle class="stone black${kind === '$' ? ' marginal' : ''}" ${at} cx="${num(px)}" cy="${num(py)}" ` +
              `r="${num(r)}" fill="${COLORS.black}"${kind === '$' ? ` stroke="${COLORS.dead}" stroke-width="${stroke}" stroke-dasharray="4 3"` : ''}/>`,
          );
          break;
        case '|':
          out.push(
            `<path class="edge" ${at} d="M${num(px)} ${num(py - cell / 2)}v${num(cell)}" stroke="${COLORS.line}" stroke-width="${num(cell * 0.15)}"/>`,
          );
          break;
        case '-':
          out.push(
            `<path class="edge" ${at} d="M${num(px - cell / 2)} ${num(py)}h${num(cell)}" stroke="${COLORS.line}" stroke-width="${num(cell * 0.15)}"/>`,
          );
          break;
        case '+':
          out.push(
            `<rect class="edge corner" ${at} x="${num(px - cell * 0.1)}" y="${num(py - cell * 0.1)}" width="${num(cell * 0.2)}" ` +
              `height="${num(cell * 0.2)}" fill="${COLORS.line}"/>`,
          );
          break;
        default:
          throw new RenderInputError(`rows[${y}]`, `unexpected character '${ch}' at column ${x}`);
      }
      if (vital) {
        const color =
          vital.mark === 'both' ? COLORS.dead : vital.mark === 'attack' ? COLORS.best : COLORS.move;
        out.push(
          `<path class="vital ${vital.mark}" ${at} d="M${num(px - r * 0.6)} ${num(py)}h${num(r * 1.2)}M${num(px)} ` +
            `${num(py - r * 0.6)}v${num(r * 1.2)}" stroke="${color}" stroke-width="${num(cell * 0.14)}" stroke-linecap="round"/>`,
        );
      }
    }
  });
  if (picture.value) {
    out.push(
      `<text class="value" x="${num(w / 2)}" y="${num(hgt - pad - valueHeight / 2)}" font-size="${num(cell * 0.45)}" ` +
        `fill="${COLORS.line}" text-anchor="middle" dominant-baseline="central">${escapeXml(picture.value)}</text>`,
    );
  }
  out.push('</svg>');
  return out.join('\n');
}
