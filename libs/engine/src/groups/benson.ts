import { type Player } from '../board/color';
import type { ColorPosition } from '../influence/position';
import type { StringMap } from './strings';

/**
 * Benson's unconditional life for `color`: the strings that no sequence of opponent moves can
 * capture, even if `color` always passes. Returns a flag per string index (1 = unconditionally
 * alive). Pure.
 *
 * Regions are the connected sets of points not holding `color`. A region is vital to a string when
 * every empty point of the region is a liberty of that string. Repeatedly drop strings with fewer
 * than two vital regions among the remaining regions, and regions bordered by a dropped string.
 */
export function bensonAlive(pos: ColorPosition, strings: StringMap, color: Player): Uint8Array {
  const { geo, colors } = pos;
  const adj = geo.adjacent;
  const regionOf = new Int32Array(geo.arraySize).fill(-1);
  const regions: { points: number[]; borders: Set<number> }[] = [];
  for (const start of geo.points) {
    if (colors[start] === color || regionOf[start] >= 0) continue;
    const id = regions.length;
    const points: number[] = [];
    const borders = new Set<number>();
    regionOf[start] = id;
    const stack = [start];
    while (stack.length > 0) {
      const p = stack.pop()!;
      points.push(p);
      for (let k = 0; k < 4; k++) {
        const q = p + adj[k];
        const cq = colors[q];
        if (cq === color) borders.add(strings.stringOf[q]);
        else if (cq !== 3 && regionOf[q] < 0) {
          regionOf[q] = id;
          stack.push(q);
        }
      }
    }
    regions.push({ points, borders });
  }
  const n = strings.strings.length;
  const alive = new Uint8Array(n);
  for (const s of strings.strings) if (s.color === color) alive[s.index] = 1;
  // vital[r] = strings for which region r is vital.
  const vitalTo: number[][] = regions.map((r) => {
    const out: number[] = [];
    for (const s of r.borders) {
      let all = true;
      for (const p of r.points) {
        if (colors[p] !== 0) continue;
        let isLib = false;
        for (let k = 0; k < 4; k++) if (strings.stringOf[p + adj[k]] === s) isLib = true;
        if (!isLib) {
          all = false;
          break;
        }
      }
      if (all) out.push(s);
    }
    return out;
  });
  const regionLive = new Uint8Array(regions.length).fill(1);
  for (;;) {
    let changed = false;
    const vitalCount = new Int32Array(n);
    regions.forEach((_, r) => {
      if (!regionLive[r]) return;
      for (const s of vitalTo[r]) vitalCount[s]++;
    });
    for (let s = 0; s < n; s++) {
      if (alive[s] && vitalCount[s] < 2) {
        alive[s] = 0;
        changed = true;
      }
    }
    regions.forEach((r, id) => {
      if (!regionLive[id]) return;
      for (const s of r.borders) {
        if (!alive[s]) {
          regionLive[id] = 0;
          changed = true;
          break;
        }
      }
    });
    if (!changed) return alive;
  }
}
