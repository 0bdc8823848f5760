import type { GroupAnalysis } from '../groups/status';
import type { ColorPosition } from '../influence/position';

/** Empty regions larger than this are no seki eye (a seki group's eyes are one or two points). */
const SEKI_EYE_POINTS = 6;

/**
 * Under territory (Japanese) rules the eyes of groups in seki are nobody's: an empty region of at
 * most SEKI_EYE_POINTS points whose every neighbouring stone belongs to a group in seki counts for
 * neither side (GNU Go's final_score says the same: score2.tst 47 and 52, a white group in seki with
 * a black pair, each one point off before). Returns those points; area rules count such eyes for
 * their owner, so the caller asks under territory rules only.
 */
export function sekiEyePoints(pos: ColorPosition, groups: GroupAnalysis): number[] {
  const { geo, colors } = pos;
  const eyes: number[] = [];
  if (!groups.groups.some((g) => g.status === 'seki')) return eyes;
  const adj = geo.adjacent;
  const seen = new Uint8Array(geo.arraySize);
  for (const start of geo.points) {
    if (colors[start] !== 0 || seen[start]) continue;
    const region = [start];
    seen[start] = 1;
    let sekiOnly = true;
    for (let i = 0; i < region.length; i++) {
      const p = region[i];
      for (let k = 0; k < 4; k++) {
        const q = p + adj[k];
        const c = colors[q];
        if (c === 0) {
          if (!seen[q]) {
            seen[q] = 1;
            region.push(q);
          }
        } else if (c !== 3 && groups.groups[groups.groupOf[q]].status !== 'seki') sekiOnly = false;
      }
    }
    if (sekiOnly && region.length <= SEKI_EYE_POINTS) eyes.push(...region);
  }
  return eyes;
}

/** Gives `points` to nobody in a layer's `owner` and `ownership`. */
export function neutralize(
  points: readonly number[],
  layer: { readonly owner: Int8Array; readonly ownership: Float32Array },
): void {
  for (const p of points) {
    layer.owner[p] = 0;
    layer.ownership[p] = 0;
  }
}
