import { BLACK, WHITE } from '../board/color';
import { survivalOf } from '../groups/status';
import type { InfluenceField } from '../influence/field';
import type { ColorPosition } from '../influence/position';
import { damePoints } from './dame';

/** Tunables of the two layers. */
export interface TerritoryParams {
  /** |territory value| from which a point is in a player's influence (layer 1). */
  readonly influenceThreshold: number;
  /** Ownership of points neither layer assigns: the field's value times this. */
  readonly openWeight: number;
}

/** Defaults, tuned on the GNU Go fixtures. */
export const DEFAULT_TERRITORY_PARAMS: TerritoryParams = { influenceThreshold: 0.3, openWeight: 1 };

/** Share of neutral empty points from which a board is open (see twoLayers). */
const OPEN_SHARE = 0.3;
/**
 * Share of neutral empty points up to which a board is settled: its dame are nobody's (dame.ts).
 * The finished board's limit of the reading layer (dragons/board-phase.ts UNFINISHED_BOARD). Before
 * that, the field's lean at a point between both colours says who will likely gain it.
 */
const SETTLED_SHARE = 0.05;
/** Share of empty points from which a board is open whatever the influence says. */
const OPEN_EMPTY = 0.75;

/** Stones whose safety is under this belong to critical groups (their safety is 0.4). */
export const CRITICAL_SAFETY = 0.5;

/**
 * Computes both layers and the ownership map from stone safeties (0 = dead) and the field computed
 * with those safeties. `weak` stones (counting-field.ts) are neither live stones bordering
 * territory nor dead: they count at their odds. Pure.
 */
export function twoLayers(
  pos: ColorPosition,
  safety: ArrayLike<number>,
  field: InfluenceField,
  params: TerritoryParams = DEFAULT_TERRITORY_PARAMS,
  weak: Uint8Array | null = null,
): { proto: Int8Array; owner: Int8Array; ownership: Float32Array; deadStones: number[]; dame: Uint8Array } {
  const { geo, colors } = pos;
  const N = geo.arraySize;
  const adj = geo.adjacent;
  // liveColor: stones that stay on the board.
  const live = new Int8Array(N);
  const deadStones: number[] = [];
  for (const p of geo.points) {
    const c = colors[p];
    if (c !== BLACK && c !== WHITE) continue;
    if (weak?.[p]) continue;
    if (safety[p] > 0) live[p] = c;
    else deadStones.push(p);
  }
  const side = (p: number): number => {
    const t = field.territory[p];
    return t >= params.influenceThreshold ? 1 : t <= -params.influenceThreshold ? -1 : 0;
  };
  const proto = new Int8Array(N);
  // A blocking point of the side that answers first stands for its stone there.
  const blockerSide = field.blocker === BLACK ? 1 : -1;
  const blocked = field.blocked;
  for (const p of geo.points) {
    if (live[p]) continue;
    const s = side(p);
    if (s === 0) continue;
    let ok = true;
    for (let k = 0; k < 4 && ok; k++) {
      const q = p + adj[k];
      const c = colors[q];
      if (c === 3) continue;
      if (live[q]) ok = (live[q] === BLACK ? 1 : -1) === s;
      else if (blocked && blocked[q]) ok = blockerSide === s;
      else ok = side(q) === s;
    }
    if (ok) proto[p] = s;
  }
  // Regions enclosed by live stones of one colour.
  const enclosed = new Uint8Array(N);
  const mark = new Uint8Array(N);
  for (const start of geo.points) {
    if (live[start] || mark[start]) continue;
    const region: number[] = [];
    let borders = 0;
    mark[start] = 1;
    const stack = [start];
    while (stack.length > 0) {
      const p = stack.pop()!;
      region.push(p);
      for (let k = 0; k < 4; k++) {
        const q = p + adj[k];
        if (colors[q] === 3) continue;
        if (live[q]) borders |= live[q];
        else if (!mark[q]) {
          mark[q] = 1;
          stack.push(q);
        }
      }
    }
    if (borders === BLACK || borders === WHITE) {
      const s = borders === BLACK ? 1 : -1;
      // A region of a quarter of the board or more is no settled territory while the board is open.
      const small = region.length < 0.25 * geo.points.length ? 1 : 0;
      for (const p of region) {
        proto[p] = s;
        enclosed[p] = small;
      }
    }
  }
  // Layer 2: dead stones and their empty neighbours go to the opponent; overlaps go to nobody.
  const claim = new Int8Array(N);
  const NONE = 0;
  const CONFLICT = 3;
  for (const p of deadStones) {
    const s = colors[p] === BLACK ? WHITE : BLACK;
    const zone = [p];
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      if (colors[q] === 0) zone.push(q);
    }
    for (const q of zone) {
      if (claim[q] === NONE) claim[q] = s;
      else if (claim[q] !== s) claim[q] = CONFLICT;
    }
  }
  // Open board (the opening): over OPEN_SHARE of the points empty and in nobody's influence, or
  // over OPEN_EMPTY of them empty.
  let neutral = 0;
  let empty = 0;
  for (const p of geo.points) {
    if (colors[p] !== 0) continue;
    empty++;
    if (side(p) === 0) neutral++;
  }
  const openBoard = neutral > OPEN_SHARE * geo.points.length || empty > OPEN_EMPTY * geo.points.length;
  const owner = new Int8Array(N);
  const ownership = new Float32Array(N);
  // On a settled board, points no layer assigns between settled stones of both colours are
  // nobody's (dame.ts).
  const dame =
    neutral <= SETTLED_SHARE * geo.points.length
      ? damePoints(pos, live, safety, CRITICAL_SAFETY)
      : new Uint8Array(N);
  for (const p of geo.points) {
    if (weak?.[p]) {
      ownership[p] = (colors[p] === BLACK ? 1 : -1) * (2 * survivalOf(safety[p]) - 1);
      continue;
    }
    if (live[p]) {
      const s = live[p] === BLACK ? 1 : -1;
      // A critical group's stones (safety under one half) live or die as the next move says: their
      // owner's as far as the group's chance of living goes (0 at even odds).
      ownership[p] =
        safety[p] < CRITICAL_SAFETY
          ? s * (2 * survivalOf(safety[p]) - 1)
          : s * Math.min(1, 0.5 + safety[p] / 2);
      continue;
    }
    const c = claim[p];
    if (c === BLACK || c === WHITE) owner[p] = c === BLACK ? 1 : -1;
    else if (c === CONFLICT) owner[p] = 0;
    else owner[p] = proto[p];
    if (owner[p] !== 0 || c === CONFLICT) dame[p] = 0;
    const open = params.openWeight * field.territory[p];
    ownership[p] =
      owner[p] === 0
        ? c === CONFLICT || dame[p]
          ? 0
          : open
        : // On an open board a point is the influence's, not yet settled: as likely as its value says.
          openBoard && owner[p] === proto[p] && !enclosed[p] && !(c === BLACK || c === WHITE)
          ? Math.max(-1, Math.min(1, open))
          : owner[p];
  }
  return { proto, owner, ownership, deadStones, dame };
}
