import { BLACK, WHITE } from '../board/color';
import type { ColorPosition } from '../influence/position';

/**
 * Dame: the empty points next to settled stones of both colours (stones that stay on the board, of
 * safety `settled` or more: not critical ones). While both live such a point is territory of neither
 * under territory rules, and under area rules either side may fill it: it is nobody's, and settled
 * as that. The influence field still leans to one side there: at the end of games counted under
 * Japanese rules, where such points stay empty, the estimate counted them for that side
 * (pro19-handicap-018 of bench/data/real-games: 12 points for White, B+6.8 for B+11.5; now B+12.7). Returns 1 by
 * point. Pure.
 */
export function damePoints(
  pos: ColorPosition,
  live: Int8Array,
  safety: ArrayLike<number>,
  settled: number,
): Uint8Array {
  const { geo, colors } = pos;
  const adj = geo.adjacent;
  const dame = new Uint8Array(geo.arraySize);
  for (const p of geo.points) {
    if (colors[p] !== 0) continue;
    let seen = 0;
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      if (live[q] && safety[q] >= settled) seen |= live[q];
    }
    if (seen === (BLACK | WHITE)) dame[p] = 1;
  }
  return dame;
}
