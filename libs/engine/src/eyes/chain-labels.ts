import { BLACK as BLACK_EXPORT, EMPTY as EMPTY_EXPORT, WHITE as WHITE_EXPORT } from '../board/color';
import type { Geometry } from '../board/geometry';

// Local copies: imported bindings may be getters under some module loaders (tsx), far too slow
// in the hot loops.
const EMPTY: number = EMPTY_EXPORT;
const BLACK: number = BLACK_EXPORT;
const WHITE: number = WHITE_EXPORT;

/**
 * Labels every chain of the whole board by flood fill: `label[p]` = the chain's first point in
 * board order (0 on empty points), `libCount[first]` = its liberties, `nextStone` links the chain's
 * stones from the first (0 ends the list). `mark` and `queue` are scratch arrays of the board's
 * size; `markGen` is the last mark generation used on `mark`. Returns the last generation this
 * labelling used. Shared by the eye reader's two boards (reading-board.ts, bit-state.ts).
 */
export function labelChains(
  geo: Geometry,
  colors: Int8Array,
  label: Int32Array,
  libCount: Int32Array,
  nextStone: Int32Array,
  mark: Int32Array,
  queue: Int32Array,
  markGen: number,
): number {
  const adj = geo.adjacent;
  label.fill(0);
  for (const start of geo.points) {
    const c = colors[start];
    if ((c !== BLACK && c !== WHITE) || label[start] !== 0) continue;
    const gen = ++markGen;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    label[start] = start;
    let libs = 0;
    while (head < tail) {
      const p = queue[head++];
      for (let k = 0; k < 4; k++) {
        const q = p + adj[k];
        const cq = colors[q];
        if (cq === EMPTY) {
          if (mark[q] !== gen) {
            mark[q] = gen;
            libs++;
          }
        } else if (cq === c && label[q] === 0) {
          label[q] = start;
          queue[tail++] = q;
        }
      }
    }
    libCount[start] = libs;
    for (let i = 0; i < tail; i++) nextStone[queue[i]] = i + 1 < tail ? queue[i + 1] : 0;
  }
  return markGen;
}
