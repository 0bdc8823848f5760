import { BLACK, WHITE, type Player } from '../board/color';
import type { Geometry } from '../board/geometry';
import { checkPointArray, type ColorPosition } from '../influence/position';

const BLACK_CODE: number = BLACK;
const WHITE_CODE: number = WHITE;

/** A string (chain): orthogonally connected stones of one colour. */
export interface StoneString {
  readonly index: number;
  readonly color: Player;
  readonly stones: number[];
  readonly liberties: number[];
}

/** Every string of a position and the string index of each point (-1 where there is no stone). */
export interface StringMap {
  readonly geo: Geometry;
  readonly strings: StoneString[];
  readonly stringOf: Int32Array;
}

/**
 * Finds the strings of a position and their liberties by flood fill over `pos.colors`. Pure (works
 * on any `{ geo, colors }`, so it does not need the Board's chain bookkeeping).
 */
export function findStrings(pos: ColorPosition): StringMap {
  const { geo, colors } = pos;
  checkPointArray('colors', colors, geo);
  const stringOf = new Int32Array(geo.arraySize).fill(-1);
  const libMark = new Int32Array(geo.arraySize).fill(-1);
  const strings: StoneString[] = [];
  const adj = geo.adjacent;
  const stack: number[] = [];
  for (const start of geo.points) {
    const c = colors[start];
    if ((c !== BLACK_CODE && c !== WHITE_CODE) || stringOf[start] >= 0) continue;
    const index = strings.length;
    const stones: number[] = [];
    const liberties: number[] = [];
    stringOf[start] = index;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      stones.push(p);
      for (let k = 0; k < 4; k++) {
        const q = p + adj[k];
        const cq = colors[q];
        if (cq === 0) {
          if (libMark[q] !== index) {
            libMark[q] = index;
            liberties.push(q);
          }
        } else if (cq === c && stringOf[q] < 0) {
          stringOf[q] = index;
          stack.push(q);
        }
      }
    }
    strings.push({ index, color: c as Player, stones, liberties });
  }
  return { geo, strings, stringOf };
}
