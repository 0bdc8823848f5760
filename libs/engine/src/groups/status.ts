import { BLACK, WHITE, type Player } from '../board/color';
import type { Geometry } from '../board/geometry';
import { computeInfluenceField, type FieldParams, type InfluenceField } from '../influence/field';
import { checkPointArray, type ColorPosition } from '../influence/position';
import { bensonAlive } from './benson';
import { decide } from './decide';
import { falseCuts } from './cuts';
import { eyeRange } from './eyespace';
import { DEFAULT_GROUP_PARAMS, type Group, type GroupParams } from './group';
import { findStrings, type StringMap } from './strings';
import { readTactics, type TacticalStatus } from './tactics';

export {
  criticalSafety,
  DEFAULT_GROUP_PARAMS,
  survivalOf,
  type EyeSpace,
  type Group,
  type GroupParams,
  type GroupStatus,
} from './group';

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

/**
 * Strings to groups, eye spaces and eye values, Benson's unconditional life, liberties and room to
 * escape, and from those alive / critical / dead / seki with a safety score per group. Pure.
 *
 * Strings of one colour join a group when they share two liberties, touch diagonally with both
 * crossing points empty, touch a point where the opponent's cutting stone is captured (cuts.ts), or
 * border the same eye space. An eye space is a connected set of points
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

  // Cutting points where the cutter cannot stay (see cuts.ts).
  for (const joined of falseCuts(pos, strings))
    for (let i = 1; i < joined.length; i++) union(joined[0], joined[i]);

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
