import { BLACK, WHITE, type Player } from '../../board/color';
import type { Geometry } from '../../board/geometry';
import { checkPointArray, type ColorPosition } from '../position';
import { fieldParams, type FieldParams } from './params';

// Local copies of the colour codes for hot loops (tsx/esbuild CJS reads imports through getters).
const BLACK_CODE: number = BLACK;
const WHITE_CODE: number = WHITE;

/**
 * Influence field in GNU Go's model (GNU Go docs, "Influence Function").
 *
 * Every living stone is a source of strength `stoneStrength x safety`. Each source spreads its
 * influence outwards, point by point in order of distance: from a point at vector v from the source,
 * to each of its 8 neighbours in a direction d with v.d > 0 (all 8 at the source), passing on
 * `P x (1/A) x D x S`: S the strength reached at the point, A the attenuation (orthogonal or
 * diagonal), D = cos^2 of the angle between d and v (directional damping), P the permeability of the
 * target for that colour. Live stones of either colour stop influence (it never enters an occupied
 * point, nor slips diagonally between two stones); an empty point between two enemy stones a
 * one-point jump apart has permeability `jumpPermeability` for the other colour. Contributions of all
 * sources add up. Then, for the side to move, intrusion sources (its natural followups next to its
 * live stones inside the opponent's territory) are added, weaker and shorter-ranged.
 *
 * Dead stones (safety 0) are neither sources nor barriers: they are empty points for the field.
 */
export interface InfluenceField {
  readonly geo: Geometry;
  /** Black influence by point (0 on live stones and the border). */
  readonly black: Float32Array;
  /** White influence by point. */
  readonly white: Float32Array;
  /**
   * Territory value by point in [-1, 1], + = Black (our JSON's convention): the chance the point
   * becomes that side's territory. 0 on live stones; dead stones get the value of the empty point.
   */
  readonly territory: Float32Array;
  /**
   * Region code by point, + = Black: live stones 4 (Black) / -4 (White); empty and dead-stone points
   * 3 territory, 2 moyo, 1 area, 0 neutral (negated for White).
   */
  readonly regions: Int8Array;
  /** The blocking points of `blocker` (1 = blocked), when a blocker was given; else null. */
  readonly blocked: Uint8Array | null;
  readonly blocker: Player | null;
}

/** Options of {@link computeInfluenceField}. */
export interface FieldOptions {
  /**
   * Safety of each stone in [0, 1] by point (1 = alive, 0 = dead). Default: every stone 1, as GNU Go
   * does before it knows the strategic status ("all lively stones count as alive").
   */
  readonly safety?: ArrayLike<number>;
  /** Side to move: gets intrusion sources. Default: none. */
  readonly toMove?: Player;
  /**
   * The side assumed to answer first in every local position (seed 001: "X moves first in all local
   * positions"): each empty point touching a live stone of the other side and guarded by this side
   * (one of its live stones next to it, or two diagonally) is where it would block. There the other
   * side's influence stops and the territory value is 0 (a blocking stone will stand there). Default:
   * none.
   */
  readonly blocker?: Player;
  /** Parameter overrides. */
  readonly params?: Partial<FieldParams>;
}

interface Step {
  /** Target offset index in the sorted offset list. */
  readonly target: number;
  /** dx, dy of the step (for the diagonal squeeze test). */
  readonly dx: number;
  readonly dy: number;
  /** D / A of the step. */
  readonly factor: number;
}

interface OffsetTable {
  readonly dx: Int8Array;
  readonly dy: Int8Array;
  readonly steps: Step[][];
}

const tables = new Map<string, OffsetTable>();

/** Offsets within maxRadius sorted by distance, each with its outward steps and their D/A factors. */
function offsetTable(maxRadius: number, att: number, diagAtt: number): OffsetTable {
  const key = `${maxRadius}/${att}/${diagAtt}`;
  const cached = tables.get(key);
  if (cached) return cached;
  const list: Array<[number, number]> = [];
  for (let dy = -maxRadius; dy <= maxRadius; dy++) {
    for (let dx = -maxRadius; dx <= maxRadius; dx++) list.push([dx, dy]);
  }
  // Every outward step strictly increases the squared distance, so this order sees every
  // contribution to a point before the point passes its strength on.
  list.sort((a, b) => a[0] * a[0] + a[1] * a[1] - (b[0] * b[0] + b[1] * b[1]));
  const index = new Map<string, number>();
  list.forEach(([dx, dy], i) => index.set(`${dx},${dy}`, i));
  const steps: Step[][] = list.map(([vx, vy]) => {
    const out: Step[] = [];
    for (let ddy = -1; ddy <= 1; ddy++) {
      for (let ddx = -1; ddx <= 1; ddx++) {
        if (ddx === 0 && ddy === 0) continue;
        const dot = vx * ddx + vy * ddy;
        const atSource = vx === 0 && vy === 0;
        if (!atSource && dot <= 0) continue;
        const t = index.get(`${vx + ddx},${vy + ddy}`);
        if (t === undefined) continue;
        const d2 = ddx * ddx + ddy * ddy;
        const damping = atSource ? 1 : (dot * dot) / ((vx * vx + vy * vy) * d2);
        out.push({ target: t, dx: ddx, dy: ddy, factor: damping / (d2 === 2 ? diagAtt : att) });
      }
    }
    return out;
  });
  const table = {
    dx: Int8Array.from(list.map((o) => o[0])),
    dy: Int8Array.from(list.map((o) => o[1])),
    steps,
  };
  tables.set(key, table);
  return table;
}

/** Work arrays reused across sources of one computation. */
interface Scratch {
  strength: Float64Array;
  touched: Int32Array;
}

/**
 * Adds the field of one source at `src` (strength s0, colour's permeability `perm`) into `out`.
 * `barrier[p]` = 1 where a live stone stops influence. Mutates `out` and the scratch arrays only.
 */
function spread(
  geo: Geometry,
  table: OffsetTable,
  src: number,
  s0: number,
  cutoff: number,
  barrier: Uint8Array,
  perm: Float32Array,
  out: Float32Array,
  scratch: Scratch,
): void {
  const { strength, touched } = scratch;
  const stride = geo.stride;
  const width = geo.width;
  const height = geo.height;
  const sx = geo.x(src);
  const sy = geo.y(src);
  const { dx, dy, steps } = table;
  let nTouched = 0;
  strength[src] = s0;
  touched[nTouched++] = src;
  const n = dx.length;
  for (let k = 0; k < n; k++) {
    const x = sx + dx[k];
    const y = sy + dy[k];
    if (x < 0 || y < 0 || x >= width || y >= height) continue;
    const p = x + 1 + (y + 1) * stride;
    const s = strength[p];
    if (s < cutoff) continue;
    if (k > 0) out[p] += s;
    const ks = steps[k];
    for (let i = 0; i < ks.length; i++) {
      const st = ks[i];
      const tx = x + st.dx;
      const ty = y + st.dy;
      if (tx < 0 || ty < 0 || tx >= width || ty >= height) continue;
      const t = tx + 1 + (ty + 1) * stride;
      if (barrier[t] !== 0) continue;
      // No slipping diagonally between two stones.
      if (st.dx !== 0 && st.dy !== 0 && barrier[p + st.dx] !== 0 && barrier[p + st.dy * stride] !== 0)
        continue;
      const add = perm[t] * st.factor * s;
      if (add <= 0) continue;
      if (strength[t] === 0) touched[nTouched++] = t;
      strength[t] += add;
    }
  }
  for (let i = 0; i < nTouched; i++) strength[touched[i]] = 0;
}

/** Distance from the nearest edge (0 = first line). */
function edgeDistance(geo: Geometry, p: number): number {
  const x = geo.x(p);
  const y = geo.y(p);
  return Math.min(x, y, geo.width - 1 - x, geo.height - 1 - y);
}

/**
 * Computes the influence field of a position (see {@link InfluenceField}). Pure: reads
 * `pos.colors` and the options, returns new arrays. Throws RangeError naming a bad option.
 */
export function computeInfluenceField(pos: ColorPosition, options: FieldOptions = {}): InfluenceField {
  const geo = pos.geo;
  const colors = pos.colors;
  checkPointArray('colors', colors, geo);
  const params = fieldParams(options.params);
  const safety = options.safety;
  if (safety) checkPointArray('safety', safety, geo);
  const toMove = options.toMove;
  if (toMove !== undefined && toMove !== BLACK && toMove !== WHITE) {
    throw new RangeError(`toMove: must be BLACK (1) or WHITE (2), got ${String(toMove)}`);
  }
  const blocker = options.blocker;
  if (blocker !== undefined && blocker !== BLACK && blocker !== WHITE) {
    throw new RangeError(`blocker: must be BLACK (1) or WHITE (2), got ${String(blocker)}`);
  }
  const N = geo.arraySize;
  const stride = geo.stride;
  const points = geo.points;

  // Live stones block; dead ones (safety 0) are empty for the field.
  const barrier = new Uint8Array(N);
  const liveColor = new Int8Array(N);
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    const c = colors[p];
    if (c !== BLACK_CODE && c !== WHITE_CODE) continue;
    const s = safety ? Number(safety[p]) : 1;
    if (s > 0) {
      barrier[p] = 1;
      liveColor[p] = c;
    }
  }

  // Permeability per colour: an empty point between two live enemy stones a one-point jump apart
  // lets that colour's influence through only at jumpPermeability.
  const permBlack = new Float32Array(N);
  const permWhite = new Float32Array(N);
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    permBlack[p] = 1;
    permWhite[p] = 1;
    if (barrier[p]) continue;
    for (const d of [1, stride]) {
      const a = liveColor[p - d];
      if (a !== 0 && a === liveColor[p + d]) {
        if (a === WHITE_CODE) permBlack[p] = params.jumpPermeability;
        else permWhite[p] = params.jumpPermeability;
      }
    }
  }

  // Blocking points of the side that answers first: the other side's influence stops there.
  let blocked: Uint8Array | null = null;
  if (blocker !== undefined) {
    blocked = new Uint8Array(N);
    const other = 3 - blocker;
    const permOther = other === BLACK_CODE ? permBlack : permWhite;
    for (let i = 0; i < points.length; i++) {
      const p = points[i];
      if (barrier[p]) continue;
      let touchesOther = false;
      let guards = 0;
      for (let k = 0; k < 4; k++) {
        const a = liveColor[p + geo.adjacent[k]];
        if (a === other) touchesOther = true;
        else if (a === blocker) guards += 2;
        if (liveColor[p + geo.diagonal[k]] === blocker) guards++;
      }
      if (touchesOther && guards >= 2) {
        blocked[p] = 1;
        permOther[p] = 0;
      }
    }
  }

  const table = offsetTable(params.maxRadius, params.attenuation, params.diagonalAttenuation);
  const scratch: Scratch = { strength: new Float64Array(N), touched: new Int32Array(table.dx.length + 1) };
  const black = new Float32Array(N);
  const white = new Float32Array(N);
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    const c = liveColor[p];
    if (c === 0) continue;
    const s0 = params.stoneStrength * Math.min(1, safety ? Number(safety[p]) : 1);
    if (c === BLACK_CODE) spread(geo, table, p, s0, params.cutoff, barrier, permBlack, black, scratch);
    else spread(geo, table, p, s0, params.cutoff, barrier, permWhite, white, scratch);
  }

  let territory = territoryValues(geo, barrier, black, white, params, blocked);

  if (toMove !== undefined) {
    // Intrusions: the side to move's natural followups next to its live stones where the opponent
    // looks territorial. Weaker and shorter-ranged than a stone.
    const sign = toMove === BLACK_CODE ? 1 : -1;
    const intrusionTable = offsetTable(
      params.maxRadius,
      params.intrusionAttenuation,
      params.intrusionAttenuation * 2,
    );
    const own = toMove === BLACK_CODE ? black : white;
    const perm = toMove === BLACK_CODE ? permBlack : permWhite;
    const sources: number[] = [];
    for (let i = 0; i < points.length; i++) {
      const p = points[i];
      if (barrier[p] || -sign * territory[p] < params.intrusionMinTerritory) continue;
      for (let k = 0; k < 4; k++) {
        if (liveColor[p + geo.adjacent[k]] === toMove) {
          sources.push(p);
          break;
        }
      }
    }
    if (sources.length > 0) {
      for (const p of sources) {
        own[p] += params.intrusionStrength;
        spread(geo, intrusionTable, p, params.intrusionStrength, params.cutoff, barrier, perm, own, scratch);
      }
      territory = territoryValues(geo, barrier, black, white, params, blocked);
    }
  }

  const regions = regionCodes(geo, colors, liveColor, black, white, territory, params);
  return { geo, black, white, territory, regions, blocked, blocker: blocker ?? null };
}

/**
 * Territory value of each non-barrier point: ((b - w) / (b + w))^3, scaled down where the total
 * influence is small for the point's distance from the edge, then degraded to the smallest value
 * of the same sign among its non-barrier neighbours (no territory in open space); 0 at blocking
 * points. Pure.
 */
function territoryValues(
  geo: Geometry,
  barrier: Uint8Array,
  black: Float32Array,
  white: Float32Array,
  params: FieldParams,
  blocked: Uint8Array | null,
): Float32Array {
  const raw = new Float32Array(geo.arraySize);
  const points = geo.points;
  const small = params.smallInfluence;
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    if (barrier[p] || (blocked && blocked[p])) continue;
    const b = black[p];
    const w = white[p];
    const total = b + w;
    if (total <= 0) continue;
    const r = (b - w) / total;
    let v = r * r * r;
    const threshold = small[Math.min(edgeDistance(geo, p), small.length - 1)];
    if (total < threshold) v *= total / threshold;
    raw[p] = v;
  }
  const out = new Float32Array(geo.arraySize);
  const adj = geo.adjacent;
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    if (barrier[p]) continue;
    const v = raw[p];
    let m = Math.abs(v);
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      if (q < 0 || q >= raw.length || barrier[q] || geo.emptyColors[q] !== 0) continue;
      const u = raw[q];
      // Only a neighbour on the same side degrades the value; a contested border keeps its own.
      if (u * v > 0 && Math.abs(u) < m) m = Math.abs(u);
    }
    out[p] = v >= 0 ? m : -m;
  }
  return out;
}

function regionCodes(
  geo: Geometry,
  colors: Int8Array,
  liveColor: Int8Array,
  black: Float32Array,
  white: Float32Array,
  territory: Float32Array,
  params: FieldParams,
): Int8Array {
  const regions = new Int8Array(geo.arraySize);
  const points = geo.points;
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    const c = colors[p];
    if (c === BLACK_CODE || c === WHITE_CODE) {
      if (liveColor[p] !== 0) {
        regions[p] = c === BLACK_CODE ? 4 : -4;
        continue;
      }
    }
    const t = territory[p];
    if (Math.abs(t) >= params.territoryThreshold) {
      regions[p] = t > 0 ? 3 : -3;
      continue;
    }
    const b = black[p];
    const w = white[p];
    if (b >= params.moyoMinInfluence && b >= params.moyoRatio * w) regions[p] = 2;
    else if (w >= params.moyoMinInfluence && w >= params.moyoRatio * b) regions[p] = -2;
    else if (b >= params.areaMinInfluence && b >= params.areaRatio * w) regions[p] = 1;
    else if (w >= params.areaMinInfluence && w >= params.areaRatio * b) regions[p] = -1;
  }
  return regions;
}
