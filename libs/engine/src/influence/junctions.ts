import { BLACK, EMPTY, WALL, WHITE, type Player } from '../board/color';
import type { Geometry } from '../board/geometry';
import { FreihofnerMapper } from './freihofner';
import { checkPointArray, type ColorPosition } from './position';

// Local copy of the colour code for hot loops: CommonJS output of some transpilers (tsx, esbuild)
// reads imported bindings through a getter on every access, which costs 4x in these loops.
const EMPTY_CODE: number = EMPTY;

/**
 * Freihofner's junction ranking (seed 003, spec freihofner-influence.md):
 * `D_T(p) = sum over q empty in the position, q != p, of clamp(M_B(q), -T, T) - clamp(M_W(q), -T, T)`
 * where `M_B` / `M_W` are the Freihofner maps after Black / White plays at `p` (captures applied).
 * The clamp is the post's "filter function": raising a point beyond T (default 16, the post's
 * "safe play" limit) is worth nothing. A point is a candidate when it is empty and both colours may
 * play there (no suicide); ko is ignored, since this is a strategic heuristic, not a move generator.
 * A capture only matters for legality: the captured chain's influence could reach nothing but `p`.
 */

/** Default clamp T: the post's upper limit of a "safe" play. */
export const DEFAULT_JUNCTION_THRESHOLD = 16;

/** One ranked junction point. */
export interface Junction {
  /** Point index on the position's geometry. */
  readonly point: number;
  /** Its D_T value. */
  readonly value: number;
}

/**
 * Reusable junction evaluator for one geometry: owns the trial colour array, the maps and flood
 * scratch, so a full-board ranking allocates nothing per trial move.
 */
export class JunctionEvaluator {
  /** The geometry every array passed in must match. */
  readonly geo: Geometry;
  private readonly mapper: FreihofnerMapper;
  private readonly trial: Int8Array;
  private readonly base: Int32Array;
  private readonly own: Int32Array;
  private readonly stamp: Int32Array;
  private gen = 0;
  private readonly stack: Int32Array;

  /** Creates the scratch for `geo`. */
  constructor(geo: Geometry) {
    this.geo = geo;
    this.mapper = new FreihofnerMapper(geo);
    this.trial = new Int8Array(geo.arraySize);
    this.base = new Int32Array(geo.arraySize);
    this.own = new Int32Array(geo.arraySize);
    this.stamp = new Int32Array(geo.arraySize);
    this.stack = new Int32Array(geo.arraySize);
  }

  /**
   * Writes D_T into `out` for every candidate point and sets `candidate[p] = 1` there; every other
   * slot of both arrays gets 0. Returns the number of candidates. Reads `colors`; writes `out`,
   * `candidate` and internal scratch. Throws a RangeError naming the field on bad input.
   */
  compute(colors: Int8Array, threshold: number, out: Int32Array, candidate: Uint8Array): number {
    const geo = this.geo;
    checkPointArray('colors', colors, geo);
    checkPointArray('out', out, geo);
    checkPointArray('candidate', candidate, geo);
    if (!Number.isInteger(threshold) || threshold < 0) {
      throw new RangeError(`threshold: must be a non-negative integer, got ${threshold}`);
    }
    out.fill(0, 0, geo.arraySize);
    candidate.fill(0, 0, geo.arraySize);
    const points = geo.points;
    const t = threshold;
    const trial = this.trial;
    const base = this.base;
    const own = this.own;
    let count = 0;
    for (let i = 0; i < points.length; i++) {
      const p = points[i];
      if (colors[p] !== EMPTY_CODE || !this.isLegal(colors, p, BLACK) || !this.isLegal(colors, p, WHITE))
        continue;
      // Stones of both colours block alike, so M_B and M_W share everything but the new stone's
      // own term: M = base ± own, where base is the map with p blocked and silent (WALL there).
      // Captures need no removal: a captured chain's only liberty was p, so its influence reached
      // nothing but p, and its emptied points are walled in by the captor and not summed.
      trial.set(colors.subarray(0, geo.arraySize));
      trial[p] = WALL;
      this.mapper.compute(trial, base);
      own.fill(0);
      this.mapper.addStone(trial, p, 1, own);
      let sum = 0;
      for (let j = 0; j < points.length; j++) {
        const q = points[j];
        if (q === p || colors[q] !== EMPTY_CODE) continue;
        const b = base[q] + own[q];
        const w = base[q] - own[q];
        sum += (b > t ? t : b < -t ? -t : b) - (w > t ? t : w < -t ? -t : w);
      }
      out[p] = sum;
      candidate[p] = 1;
      count++;
    }
    return count;
  }

  /**
   * True when `player` may play at the empty point `p` of `colors` without suicide: p has an empty
   * neighbour, or joins a friendly chain with another liberty, or takes an enemy chain's last one.
   */
  private isLegal(colors: Int8Array, p: number, player: Player): boolean {
    const adj = this.geo.adjacent;
    for (let k = 0; k < 4; k++) {
      const n = p + adj[k];
      const c = colors[n];
      if (c === EMPTY_CODE) return true;
      if (c === BLACK || c === WHITE) {
        const hasOther = this.hasLibertyBesides(colors, n, p);
        if (c === player ? hasOther : !hasOther) return true;
      }
    }
    return false;
  }

  /** True when the chain at `start` has a liberty other than `except`. Reads `colors`. */
  private hasLibertyBesides(colors: Int8Array, start: number, except: number): boolean {
    const color = colors[start];
    const adj = this.geo.adjacent;
    const stamp = this.stamp;
    if (this.gen === 0x7fffffff) {
      stamp.fill(0);
      this.gen = 0;
    }
    const gen = ++this.gen;
    const stack = this.stack;
    let top = 0;
    stack[top++] = start;
    stamp[start] = gen;
    while (top > 0) {
      const u = stack[--top];
      for (let k = 0; k < 4; k++) {
        const v = u + adj[k];
        const c = colors[v];
        if (c === EMPTY_CODE && v !== except) return true;
        if (c === color && stamp[v] !== gen) {
          stamp[v] = gen;
          stack[top++] = v;
        }
      }
    }
    return false;
  }
}

/**
 * D_T of every candidate point of a position (a `Board` or `{ geo, colors }`): returns the values
 * by point and the candidate mask. Does not mutate the position; allocates its result and scratch.
 */
export function junctionMap(
  position: ColorPosition,
  threshold: number = DEFAULT_JUNCTION_THRESHOLD,
): { values: Int32Array; candidate: Uint8Array } {
  const geo = position.geo;
  const values = new Int32Array(geo.arraySize);
  const candidate = new Uint8Array(geo.arraySize);
  new JunctionEvaluator(geo).compute(position.colors, threshold, values, candidate);
  return { values, candidate };
}

/**
 * Candidate points ranked by D_T, highest first (ties: the earlier point in row-major order first),
 * at most `limit` of them (all when omitted). Does not mutate the position.
 */
export function rankJunctions(
  position: ColorPosition,
  threshold: number = DEFAULT_JUNCTION_THRESHOLD,
  limit?: number,
): Junction[] {
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) {
    throw new RangeError(`limit: must be a non-negative integer, got ${limit}`);
  }
  const { values, candidate } = junctionMap(position, threshold);
  const ranked: Junction[] = [];
  for (const p of position.geo.points) if (candidate[p]) ranked.push({ point: p, value: values[p] });
  ranked.sort((a, b) => b.value - a.value || a.point - b.point);
  return limit === undefined ? ranked : ranked.slice(0, limit);
}
