import { BLACK, WHITE, type Player } from '../board/color';
import type { Geometry } from '../board/geometry';
import { computeInfluenceField, type FieldParams, type InfluenceField } from '../influence/field';
import { checkPointArray, type ColorPosition } from '../influence/position';
import { bensonAlive } from './benson';
import { DEFAULT_EYE_SPACE_PARAMS, eyeRange, type EyeRange, type EyeSpaceParams } from './eyespace';
import { findStrings, type StringMap } from './strings';
import { readTactics, type TacticalStatus } from './tactics';

/** Life status of a group, as GNU Go's `dragon_status` / `final_status_list` name them. */
export type GroupStatus = 'alive' | 'critical' | 'dead' | 'seki';

/** An eye space of a group: its points and eye range. */
export interface EyeSpace {
  readonly points: number[];
  readonly eyes: EyeRange;
}

/** A group (GNU Go's dragon): strings of one colour that belong together. */
export interface Group {
  readonly index: number;
  readonly color: Player;
  /** Indices into `strings`. */
  readonly strings: number[];
  readonly stones: number[];
  /** Distinct liberties of all its strings. */
  readonly liberties: number[];
  readonly eyeSpaces: EyeSpace[];
  /** Sum of the eye spaces' ranges. */
  readonly eyes: { min: number; max: number };
  /** Every string of the group is unconditionally alive (Benson). */
  readonly unconditional: boolean;
  /** Empty points the group can reach without entering the opponent's sphere. */
  readonly room: number;
  /** It can reach a living friendly group through its room. */
  readonly connectsToLife: boolean;
  status: GroupStatus;
  /** 0 (dead) .. 1 (unconditionally alive). */
  safety: number;
}

/** Tunables of the status decision. */
export interface GroupParams {
  /** Eye spaces larger than this are open areas, not eyes. */
  readonly maxEyeSpace: number;
  /** A point is inside the opponent's sphere when the opponent's territory value there is above this. */
  readonly enemySphere: number;
  /** Room (reachable empty points) from which a group without eyes is counted alive. */
  readonly roomForLife: number;
  /** Room under which a group without two eyes is dead (between the two: critical). */
  readonly roomCritical: number;
  /**
   * A group without two eyes is dead, whatever its room, when the opponent has at least this share
   * of the influence on its liberties (GNU Go's owl kills such groups; counting the room through
   * the open centre does not see it)...
   */
  readonly enemyShareLiberties: number;
  /** ...and at least this share on the empty points next to those liberties. */
  readonly enemyShareRing: number;
  /** Room from which such an enemy-dominated group can still run out: critical, not dead. */
  readonly runningRoom: number;
  /**
   * Groups of at most this many stones measure their room on the field without their own
   * influence: a lone stone in the opponent's framework makes its surroundings look contested only
   * by itself (GNU Go calls such stones dead).
   */
  readonly lightGroup: number;
  /** Influence and territory rounds (status -> field -> status). */
  readonly rounds: number;
  readonly eyeSpace: EyeSpaceParams;
}

/** Defaults, tuned on the GNU Go fixtures. */
export const DEFAULT_GROUP_PARAMS: GroupParams = {
  maxEyeSpace: 24,
  enemySphere: 0.1,
  roomForLife: 20,
  roomCritical: 6,
  enemyShareLiberties: 0.4,
  enemyShareRing: 0.6,
  runningRoom: 120,
  lightGroup: 1,
  rounds: 2,
  eyeSpace: DEFAULT_EYE_SPACE_PARAMS,
};

/** Options of {@link analyzeGroups}. */
export interface GroupOptions {
  readonly toMove?: Player;
  readonly params?: Partial<GroupParams>;
  readonly field?: Partial<FieldParams>;
  /**
   * Called after the last round's static decision with the groups and that round's field (stones
   * found dead removed); may change
   * statuses and safeties (the reading layer confirms or overturns them here, see `dragons/`).
   */
  readonly refine?: GroupRefiner;
}

/** A second opinion on the static statuses: mutates `status` and `safety` of the groups it reads. */
export type GroupRefiner = (
  groups: Group[],
  field: InfluenceField,
  params: GroupParams,
  /** The field with group g's stones present (the round's field leaves out stones found dead). */
  fieldWith: (g: Group) => InfluenceField,
  /** The field with every stone present: how settled the board looks before anything is dead. */
  fullField: InfluenceField,
) => void;

/** Result of {@link analyzeGroups}. */
export interface GroupAnalysis {
  readonly geo: Geometry;
  readonly strings: StringMap;
  readonly groups: Group[];
  /** Group index by point (-1 where there is no stone). */
  readonly groupOf: Int32Array;
  /** Safety by point (stones only). */
  readonly safety: Float32Array;
  /** The influence field computed with the final safeties (dead stones removed). */
  readonly field: InfluenceField;
}

const STATUS_SAFETY: Record<GroupStatus, number> = { alive: 1, seki: 0.9, critical: 0.4, dead: 0 };

/**
 * A critical group's safety carries its chance of living: 0.4 at even odds (what the static
 * analysis gives), proportionally less or more, always under one half (stones under one half
 * belong to critical groups). {@link survivalOf} reads it back.
 */
export function criticalSafety(chance: number): number {
  return Math.min(0.48, STATUS_SAFETY.critical * 2 * Math.max(0.05, chance));
}

/** The chance of living of a critical group's stone with this safety (see criticalSafety). */
export function survivalOf(safety: number): number {
  return Math.min(1, safety / (2 * STATUS_SAFETY.critical));
}

/**
 * Strings to groups, eye spaces and eye values, Benson's unconditional life, liberties and room to
 * escape, and from those alive / critical / dead / seki with a safety score per group. Pure.
 *
 * Strings of one colour join a group when they share two liberties, touch diagonally with both
 * crossing points empty, or border the same eye space. An eye space is a connected set of points
 * without the owner's stones, bordered only by the owner, of at most `maxEyeSpace` points with at
 * most half of them enemy stones. Then: unconditionally alive (Benson) or at least two sure eyes
 * (or two miai eye spaces) -> alive; every string capturable even if its owner moves first -> dead;
 * otherwise a group without two possible eyes whose liberties and the points around them are
 * dominated by the opponent's influence -> dead (critical with `runningRoom`); otherwise the group floods its room (empty points
 * and friendly stones outside the opponent's sphere of the current field): reaching a living group
 * or enough room -> alive, an undecided eye space or some room with an unsettled enemy neighbour -> critical, else dead. Two adjacent
 * non-living groups of opposite colour with shared liberties and nothing else outside -> seki. The
 * field is then recomputed with dead stones removed and the statuses decided again (`rounds`).
 */
export function analyzeGroups(pos: ColorPosition, options: GroupOptions = {}): GroupAnalysis {
  const { geo, colors } = pos;
  checkPointArray('colors', colors, geo);
  const params: GroupParams = { ...DEFAULT_GROUP_PARAMS, ...options.params };
  const strings = findStrings(pos);
  const ns = strings.strings.length;
  const benson = new Uint8Array(ns);
  for (const c of [BLACK, WHITE] as const) {
    const a = bensonAlive(pos, strings, c);
    for (let i = 0; i < ns; i++) if (strings.strings[i].color === c && a[i]) benson[i] = 1;
  }

  const tactics = readTactics(pos, strings);

  // A string capturable even if its owner moves first, next to enemy strings that are all safe,
  // joins nothing: it is dead whatever group it would join (GNU Go's dragons leave such worms out).
  // Next to a weak enemy string it may be in a race inside a dead group: it joins as before.
  const lost = lostStrings(strings, tactics);

  // Union-find over strings.
  const parent = Int32Array.from({ length: ns }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const union = (a: number, b: number) => {
    if (lost[a] || lost[b]) return;
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[ra] = rb;
  };
  const { stringOf } = strings;
  const adj = geo.adjacent;
  const stride = geo.stride;
  // Shared liberties (two or more) and clean diagonal contacts.
  for (const p of geo.points) {
    if (colors[p] === 0) {
      const seen: number[] = [];
      for (let k = 0; k < 4; k++) {
        const s = stringOf[p + adj[k]];
        if (s >= 0) seen.push(s);
      }
      for (let i = 0; i < seen.length; i++) {
        for (let j = i + 1; j < seen.length; j++) {
          const a = strings.strings[seen[i]];
          const b = strings.strings[seen[j]];
          if (a.index === b.index || a.color !== b.color) continue;
          let shared = 0;
          const libs = new Set(a.liberties);
          for (const l of b.liberties) if (libs.has(l)) shared++;
          if (shared >= 2) union(a.index, b.index);
        }
      }
      continue;
    }
    const c = colors[p];
    if (c !== BLACK && c !== WHITE) continue;
    for (const [dx, dy] of [
      [1, 1],
      [-1, 1],
    ]) {
      const q = p + dx + dy * stride;
      if (colors[q] === c && colors[p + dx] === 0 && colors[p + dy * stride] === 0) {
        union(stringOf[p], stringOf[q]);
      }
    }
    // One-point jumps whose middle point no enemy stone touches.
    const enemy = 3 - c;
    for (const d of [1, stride]) {
      const m = p + d;
      const q = p + 2 * d;
      if (colors[m] !== 0 || colors[q] !== c) continue;
      const side = d === 1 ? stride : 1;
      if (colors[m + side] !== enemy && colors[m - side] !== enemy) union(stringOf[p], stringOf[q]);
    }
  }

  // Eye spaces per colour: maximal connected sets of points without that colour's stones.
  const spacesBy: { owner: Player; points: number[]; borders: Set<number> }[] = [];
  const spaceMark = new Int32Array(geo.arraySize);
  let stamp = 0;
  for (const owner of [BLACK, WHITE] as const) {
    stamp++;
    for (const start of geo.points) {
      if (colors[start] === owner || spaceMark[start] === stamp) continue;
      const points: number[] = [];
      const borders = new Set<number>();
      spaceMark[start] = stamp;
      const stack = [start];
      let enemyStones = 0;
      while (stack.length > 0 && points.length <= params.maxEyeSpace) {
        const p = stack.pop()!;
        points.push(p);
        if (colors[p] !== 0) enemyStones++;
        for (let k = 0; k < 4; k++) {
          const q = p + adj[k];
          const cq = colors[q];
          if (cq === owner) borders.add(stringOf[q]);
          else if (cq !== 3 && spaceMark[q] !== stamp) {
            spaceMark[q] = stamp;
            stack.push(q);
          }
        }
      }
      if (stack.length > 0 || points.length > params.maxEyeSpace) {
        // Too big: an open area. Mark the rest of it so it is not restarted.
        while (stack.length > 0) {
          const p = stack.pop()!;
          for (let k = 0; k < 4; k++) {
            const q = p + adj[k];
            if (colors[q] !== owner && colors[q] !== 3 && spaceMark[q] !== stamp) {
              spaceMark[q] = stamp;
              stack.push(q);
            }
          }
        }
        continue;
      }
      if (borders.size === 0 || enemyStones * 2 > points.length) continue;
      spacesBy.push({ owner, points, borders });
    }
  }
  for (const sp of spacesBy) {
    const list = [...sp.borders];
    for (let i = 1; i < list.length; i++) union(list[0], list[i]);
  }

  // Build groups.
  const groupIndexOfRoot = new Map<number, number>();
  const groups: Group[] = [];
  const groupOf = new Int32Array(geo.arraySize).fill(-1);
  const groupOfString = new Int32Array(ns);
  for (const s of strings.strings) {
    const r = find(s.index);
    let g = groupIndexOfRoot.get(r);
    if (g === undefined) {
      g = groups.length;
      groupIndexOfRoot.set(r, g);
      groups.push({
        index: g,
        color: s.color,
        strings: [],
        stones: [],
        liberties: [],
        eyeSpaces: [],
        eyes: { min: 0, max: 0 },
        unconditional: false,
        room: 0,
        connectsToLife: false,
        status: 'alive',
        safety: 1,
      });
    }
    groupOfString[s.index] = g;
    const group = groups[g];
    group.strings.push(s.index);
    for (const p of s.stones) {
      group.stones.push(p);
      groupOf[p] = g;
    }
  }
  const libMark = new Int32Array(geo.arraySize).fill(-1);
  for (const g of groups) {
    for (const si of g.strings) {
      for (const l of strings.strings[si].liberties) {
        if (libMark[l] !== g.index) {
          libMark[l] = g.index;
          g.liberties.push(l);
        }
      }
    }
    (g as { unconditional: boolean }).unconditional = g.strings.every((si) => benson[si] === 1);
  }
  for (const sp of spacesBy) {
    const g = groups[groupOfString[[...sp.borders][0]]];
    const eyes = eyeRange(pos, sp.points, sp.owner, params.eyeSpace);
    g.eyeSpaces.push({ points: sp.points, eyes });
  }
  for (const g of groups) {
    let min = 0;
    let max = 0;
    for (const e of g.eyeSpaces) {
      min += e.eyes.min;
      max += e.eyes.max;
    }
    (g as { eyes: { min: number; max: number } }).eyes = { min, max };
  }

  const safety = new Float32Array(geo.arraySize);
  for (const p of geo.points) if (colors[p] === BLACK || colors[p] === WHITE) safety[p] = 1;
  // Each round decides on a field where only the stones found dead so far are removed: a weak
  // group keeps its full strength there, or its own shrunken influence would count against it.
  const presence = new Float32Array(geo.arraySize);
  presence.set(safety);
  let field = computeInfluenceField(pos, { safety: presence, toMove: options.toMove, params: options.field });
  const fullField = field;
  for (let round = 0; round < Math.max(1, params.rounds); round++) {
    const roundField = field;
    // The round's field without one light group's stones (see GroupParams.lightGroup).
    const fieldWithout = (g: Group): InfluenceField => {
      // Stones already found dead are absent from the round's field anyway.
      if (g.stones.length > params.lightGroup || g.stones.every((p) => presence[p] === 0)) return roundField;
      const without = presence.slice();
      for (const p of g.stones) without[p] = 0;
      return computeInfluenceField(pos, { safety: without, toMove: options.toMove, params: options.field });
    };
    decide(geo, colors, groups, groupOf, field, params, tactics, fieldWithout);
    // The reading judges the last round's statuses on its field (stones found dead are gone), and
    // may ask for the field with one group's stones back.
    if (round === Math.max(1, params.rounds) - 1 && options.refine) {
      const fieldWith = (g: Group): InfluenceField => {
        if (g.stones.every((p) => presence[p] > 0)) return roundField;
        const withG = presence.slice();
        for (const p of g.stones) withG[p] = 1;
        return computeInfluenceField(pos, { safety: withG, toMove: options.toMove, params: options.field });
      };
      options.refine(groups, roundField, params, fieldWith, fullField);
    }
    for (const g of groups) {
      for (const p of g.stones) {
        safety[p] = g.safety;
        presence[p] = g.safety > 0 ? 1 : 0;
      }
    }
    field = computeInfluenceField(pos, { safety: presence, toMove: options.toMove, params: options.field });
  }
  field = computeInfluenceField(pos, { safety, toMove: options.toMove, params: options.field });
  return { geo, strings, groups, groupOf, safety, field };
}

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
function decide(
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

/** Strings tactically dead (see TacticalStatus) whose enemy neighbours are all tactically safe. */
function lostStrings(strings: StringMap, tactics: readonly TacticalStatus[]): Uint8Array {
  const { geo, stringOf } = strings;
  const lost = new Uint8Array(strings.strings.length);
  for (const str of strings.strings) {
    if (tactics[str.index] !== 'dead') continue;
    let alone = true;
    for (const p of str.stones)
      for (let k = 0; k < 4 && alone; k++) {
        const t = stringOf[p + geo.adjacent[k]];
        if (t >= 0 && strings.strings[t].color !== str.color && tactics[t] !== 'safe') alone = false;
      }
    if (alone) lost[str.index] = 1;
  }
  return lost;
}
