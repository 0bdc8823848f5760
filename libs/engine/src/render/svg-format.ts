import type { PictureVertex } from './model';

// What the SVG renderers share: palette, default cell size, coordinates and number formatting.

/** Column letters of GTP coordinates: A..Z without I (25 letters, enough for 25x25). */
export const GTP_LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** Cell size in pixels when a picture does not give one. */
export const DEFAULT_CELL = 32;

/** The palette of the board and eye-graph pictures. */
export const COLORS = {
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
export function num(v: number): string {
  const r = Math.round(v * 100) / 100;
  return String(r === 0 ? 0 : r);
}

/** Short label of a value: integers as they are, others with one decimal. */
export function label(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
}
