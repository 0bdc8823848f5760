/**
 * The simple-ko rule of the eye reader's boards (BitReadingBoard, its peek, CompactReadingBoard),
 * in one place: which point a ko forbids, and whether a capture makes a ko. Plain functions on the
 * colours: V8 inlines them into each board's play.
 */
import { EMPTY as EMPTY_EXPORT } from '../board/color';

// A local copy (see reader.ts: imported bindings may be getters).
const EMPTY: number = EMPTY_EXPORT;

/**
 * The ko point forbidden to `player` (0 if none): only the recapture is illegal, so a ko point
 * next to a stone of `player`'s forbids nothing (the last move was `player`'s, not a capture).
 */
export function koPointFor(colors: Int8Array, adjacent: Int32Array, koPoint: number, player: number): number {
  if (koPoint === 0) return 0;
  for (let k = 0; k < 4; k++) if (colors[koPoint + adjacent[k]] === player) return 0;
  return koPoint;
}

/**
 * The ko point after a move of `player` at p that captured exactly one stone, at q: q when the
 * stone at p is alone (no neighbour of `player`'s) with q as its only liberty, else 0. Asked
 * before or after the move is played: q counts as a liberty whether or not it is emptied yet.
 */
export function loneStoneKo(
  colors: Int8Array,
  adjacent: Int32Array,
  p: number,
  player: number,
  q: number,
): number {
  let libs = 0;
  for (let k = 0; k < 4; k++) {
    const t = p + adjacent[k];
    const c = colors[t];
    if (c === player) return 0;
    if (c === EMPTY || t === q) libs++;
  }
  return libs === 1 ? q : 0;
}
