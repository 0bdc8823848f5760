import { BLACK, type Player } from '../board/color';
import type { Geometry } from '../board/geometry';
import type { InfluenceField } from '../influence/field';
import { STATUS_SAFETY, type Group, type GroupParams } from './group';
import type { TacticalStatus } from './tactics';

/*
 * The static status decision of groups/status.ts's analyzeGroups: eyes, room and the influence
 * around a group give alive / critical / dead, and two non-living neighbours sharing their outside
 * liberties seki.
 */

/** Every enemy group touching g's liberties or stones is alive: g has nobody to fight. */
function surroundedByLife(
  g: Group,
  safety: Float32Array,
  groups: Group[],
  groupOf: Int32Array,
  adj: Int32Array,
): boolean {
  let any = false;
  for (const p of [...g.stones, ...g.liberties]) {
    for (let k = 0; k < 4; k++) {
      const o = groupOf[p + adj[k]];
      if (o < 0 || groups[o].color === g.color) continue;
      any = true;
      if (safety[o] < SURE_SAFETY) return false;
    }
  }
  return any;
}

/**
 * The opponent's share of the influence in `field` is at least `enemyShareLiberties` on g's
 * liberties and at least `enemyShareRing` on the empty points next to them: g sits inside the
 * opponent's framework. Pure.
 */
function enemyDominated(
  g: Group,
  field: InfluenceField,
  colors: Int8Array,
  adj: Int32Array,
  params: GroupParams,
): boolean {
  const own = g.color === BLACK ? field.black : field.white;
  const enemy = g.color === BLACK ? field.white : field.black;
  let o = 0;
  let e = 0;
  for (const l of g.liberties) {
    o += own[l];
    e += enemy[l];
  }
  if (e === 0 || e < params.enemyShareLiberties * (o + e)) return false;
  const libs = new Set(g.liberties);
  const ring = new Set<number>();
  for (const l of g.liberties) {
    for (let k = 0; k < 4; k++) {
      const q = l + adj[k];
      if (colors[q] === 0 && !libs.has(q)) ring.add(q);
    }
  }
  o = 0;
  e = 0;
  for (const q of ring) {
    o += own[q];
    e += enemy[q];
  }
  return e > 0 && e >= params.enemyShareRing * (o + e);
}

/** Safety from which a neighbour counts as settled alive for {@link surroundedByLife}. */
const SURE_SAFETY = 0.75;

function sureEyes(g: Group): boolean {
  if (g.unconditional || g.eyes.min >= 2) return true;
  // Two spaces that can each still become an eye are miai.
  const open = g.eyeSpaces.filter((e) => e.eyes.max > e.eyes.min).length;
  return g.eyes.min + 1 >= 2 && open >= 2;
}

/** Decides status and safety of every group from its eyes and its room in `field`. Mutates groups. */
export function decide(
  geo: Geometry,
  colors: Int8Array,
  groups: Group[],
  groupOf: Int32Array,
  field: InfluenceField,
  params: GroupParams,
  tactics: TacticalStatus[],
  fieldWithout: (g: Group) => InfluenceField,
): void {
  const living = new Uint8Array(groups.length);
  // Every group is judged on the safeties the round started with, so the verdicts do not depend on
  // the order the groups were found in (a group decided dead earlier in the round made its stones
  // passable to the groups decided after it, not to those before).
  const before = Float32Array.from(groups, (g) => g.safety);
  const present = new Set(groups.map((g) => g.color));
  // Sure eyes, or no enemy stone anywhere (nothing can kill it; also keeps filled boards sane).
  for (const g of groups) if (sureEyes(g) || !present.has((3 - g.color) as Player)) living[g.index] = 1;
  const adj = geo.adjacent;
  const mark = new Int32Array(geo.arraySize);
  let stamp = 0;
  // Floods g's room: empty points (and dead enemy stones) outside the opponent's sphere of
  // `territory`, through friendly stones; also tells whether it reaches a living friendly group.
  const flood = (g: Group, territory: Float32Array): { room: number; connects: boolean } => {
    const sign = g.color === BLACK ? 1 : -1;
    const enemy = 3 - g.color;
    stamp++;
    let room = 0;
    let connects = false;
    const stack = [...g.stones];
    for (const p of stack) mark[p] = stamp;
    while (stack.length > 0) {
      const p = stack.pop()!;
      for (let k = 0; k < 4; k++) {
        const q = p + adj[k];
        if (mark[q] === stamp) continue;
        const c = colors[q];
        if (c === 3) continue;
        const other = groupOf[q];
        if (c === enemy && (other < 0 || before[other] > 0)) continue;
        if (c === g.color && other !== g.index) {
          if (living[other]) connects = true;
          mark[q] = stamp;
          stack.push(q);
          continue;
        }
        if (-sign * territory[q] > params.enemySphere) continue;
        mark[q] = stamp;
        room++;
        stack.push(q);
      }
    }
    return { room, connects };
  };
  for (const g of groups) {
    if (living[g.index]) {
      g.status = 'alive';
      g.safety = g.unconditional ? 1 : 0.95;
      continue;
    }
    // Every string capturable even if the owner moves first: tactically dead.
    if (g.strings.every((si) => tactics[si] === 'dead')) {
      g.status = 'dead';
      g.safety = 0;
      continue;
    }
    // Room on the round's field; a light group that looks like living there measures it again
    // without its own influence (that can only take room away, so the rest need not).
    let { room, connects } = flood(g, field.territory);
    if (g.stones.length <= params.lightGroup && (connects || room >= params.roomCritical)) {
      ({ room, connects } = flood(g, fieldWithout(g).territory));
    }
    (g as { room: number }).room = room;
    (g as { connectsToLife: boolean }).connectsToLife = connects;
    if (g.eyes.max < 2 && enemyDominated(g, field, colors, adj, params)) {
      const canRun = room >= params.runningRoom;
      g.status = canRun ? 'critical' : 'dead';
      g.safety = canRun ? STATUS_SAFETY.critical : 0;
    } else if (connects || room >= params.roomForLife) {
      g.status = 'alive';
      g.safety = connects ? 0.8 : Math.min(0.9, 0.5 + room / (4 * params.roomForLife));
    } else if (
      g.eyes.max >= 2 ||
      (room >= params.roomCritical && !surroundedByLife(g, before, groups, groupOf, adj))
    ) {
      g.status = 'critical';
      g.safety = STATUS_SAFETY.critical;
    } else {
      g.status = 'dead';
      g.safety = 0;
    }
  }
  // Seki: two adjacent non-living groups of opposite colours whose outside liberties are shared.
  for (const g of groups) {
    if (living[g.index] || g.status === 'alive') continue;
    const eyePoints = new Set<number>();
    for (const e of g.eyeSpaces) for (const p of e.points) eyePoints.add(p);
    const outside = g.liberties.filter((l) => !eyePoints.has(l));
    if (outside.length === 0) continue;
    const neighbours = new Set<number>();
    for (const l of outside) {
      for (let k = 0; k < 4; k++) {
        const o = groupOf[l + adj[k]];
        if (o >= 0 && groups[o].color !== g.color) neighbours.add(o);
      }
    }
    for (const o of neighbours) {
      const h = groups[o];
      if (living[o] || h.status === 'alive') continue;
      const hLibs = new Set(h.liberties);
      const shared = outside.filter((l) => hLibs.has(l)).length;
      const hEyes = new Set<number>();
      for (const e of h.eyeSpaces) for (const p of e.points) hEyes.add(p);
      const hOutside = h.liberties.filter((l) => !hEyes.has(l));
      const gLibs = new Set(outside);
      if (
        shared === outside.length &&
        hOutside.every((l) => gLibs.has(l)) &&
        shared + g.eyes.min >= 2 &&
        shared + h.eyes.min >= 2
      ) {
        for (const x of [g, h]) {
          x.status = 'seki';
          x.safety = STATUS_SAFETY.seki;
        }
      }
    }
  }
}
