import type { BoardPicture, PictureVertex } from './model';
import { drawMarks, drawShading } from './board-overlays';
import { checkSize, checkVertex, readStones, RenderInputError } from './picture-input';
import { COLORS, DEFAULT_CELL, escapeXml, GTP_LETTERS, gtpName, num } from './svg-format';

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
