import type { OwnerMapKind, PictureMoveValue, PictureOverlay } from './model';
import { checkMap, checkVertex, RenderInputError } from './picture-input';
import { COLORS, gtpName, label, num } from './svg-format';

// The analysis overlays of a board picture: shadings under the stones, marks on top of them.

const DEFAULT_TOP_MOVES = 5;
/** Ownership below this magnitude is not shaded: a faint tint everywhere only blurs the board. */
const OWNERSHIP_FLOOR = 0.05;
/** Shading strength per Bouzy reading: territory is a firm claim, area a loose one. */
const OWNER_OPACITY: Record<OwnerMapKind, number> = { territory: 0.6, moyo: 0.42, area: 0.28 };

/** White shading on yellow wood reads weaker than dark shading: draw it stronger. */
const WHITE_BOOST = 1.35;

/** Board coordinate (column or row index) to pixels. */
export type Px = (v: number) => number;

/** Draws an `ownership` or `owners` overlay (shaded squares) into `out`; other kinds draw nothing. */
export function drawShading(
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

/** Draws a `numbers`, `dead` or `moveValues` overlay into `out`; other kinds draw nothing. */
export function drawMarks(
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
