import type { GroupAnalysis } from '../groups/status';
import type { ColorPosition } from '../influence/position';

/** Empty regions larger than this are no seki eye (a seki group's eyes are one or two points). */
const SEKI_EYE_POINTS = 6;

/**
 * Under territory (Japanese) rules the eyes of groups in seki are nobody's: an empty region of at
 * most SEKI_EYE_POINTS points whose every neighbouring stone belongs to a group in seki counts for
 * neither side (GNU Go's final_score says the same: score2.tst 47 and 52, a white group in seki with
 * a black pair, each one point off before). Sets `owner` and `ownership` there to 0; area rules
 * count such eyes for their owner, so the caller applies this under territory rules only.
 */
export function neutralizeSekiEyes(
  pos: ColorPosition,
  groups: GroupAnalysis,
  owner: Int8Array,
  ownership: Float32Array,
): void {
  const { geo, colors } = pos;
  if (!groups.groups.some((g) => g.status === 'seki')) return;
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
    if (!sekiOnly || region.length > SEKI_EYE_POINTS) continue;
    for (const p of region) {
      owner[p] = 0;
      ownership[p] = 0;
    }
  }
}
