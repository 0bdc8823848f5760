import { BLACK, EMPTY, WALL, WHITE } from '../board/color';
import type { Geometry } from '../board/geometry';
import { checkPointArray, type ColorPosition } from './position';

// Local copies of the colour codes for hot loops: CommonJS output of some transpilers (tsx, esbuild)
// reads imported bindings through a getter on every access.
const EMPTY_CODE: number = EMPTY;
const BLACK_CODE: number = BLACK;
const WHITE_CODE: number = WHITE;

/**
 * Bruno Bouzy's dilation/erosion maps (seed 000, GNU Go docs §14.2).
 *
 * Start from +128 on Black stones, -128 on White stones, 0 elsewhere (dead stones removed first),
 * then apply `n` dilations followed by `m` erosions, each a simultaneous update of every point:
 * - dilation: a point >= 0 with no neighbour < 0 gains the number of neighbours > 0; a point <= 0
 *   with no neighbour > 0 loses the number of neighbours < 0;
 * - erosion: a point > 0 loses the number of neighbours <= 0, a point < 0 gains the number of
 *   neighbours >= 0, never crossing zero.
 * Only on-board neighbours count: the edge is neither friend nor foe (the border cells hold 0 but are
 * skipped by erosion).
 */

/** The value a live stone starts with (positive for Black, negated for White). */
export const BOUZY_STONE_VALUE = 128;

/** Largest number of dilations or erosions accepted (far beyond any useful setting on 25x25). */
export const BOUZY_MAX_OPERATIONS = 64;

/** Dilation and erosion counts. */
export interface BouzyParams {
  readonly dilations: number;
  readonly erosions: number;
}

/** The named settings of the GNU Go docs: territory 5/21, moyo 5/10, area 4/0. */
export const BOUZY_PRESETS = {
  territory: { dilations: 5, erosions: 21 },
  moyo: { dilations: 5, erosions: 10 },
  area: { dilations: 4, erosions: 0 },
} as const satisfies Record<string, BouzyParams>;

/** Name of a Bouzy preset. */
export type BouzyPreset = keyof typeof BOUZY_PRESETS;

/** Options for a Bouzy map: a preset or explicit counts (explicit counts override the preset's). */
export interface BouzyOptions {
  /** Preset to start from; default `territory` (5/21). */
  readonly preset?: BouzyPreset;
  readonly dilations?: number;
  readonly erosions?: number;
  /** Points of stones to remove before mapping (dead stones). Each must hold a stone. */
  readonly deadStones?: ArrayLike<number>;
}

/** True when `name` is one of the preset names. Does not mutate. */
export function isBouzyPreset(name: string): name is BouzyPreset {
  return Object.prototype.hasOwnProperty.call(BOUZY_PRESETS, name);
}

function checkCount(field: string, value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > BOUZY_MAX_OPERATIONS) {
    throw new RangeError(`${field}: must be an integer from 0 to ${BOUZY_MAX_OPERATIONS}, got ${value}`);
  }
  return value;
}

/**
 * Resolves options to validated dilation/erosion counts. Throws a RangeError naming the field
 * (`preset`, `dilations`, `erosions`) on bad input. Does not mutate.
 */
export function resolveBouzyParams(options: BouzyOptions = {}): BouzyParams {
  const presetName = options.preset ?? 'territory';
  if (!isBouzyPreset(presetName)) {
    throw new RangeError(
      `preset: must be one of ${Object.keys(BOUZY_PRESETS).join(', ')}, got ${String(presetName)}`,
    );
  }
  const preset = BOUZY_PRESETS[presetName];
  return {
    dilations: checkCount('dilations', options.dilations ?? preset.dilations),
    erosions: checkCount('erosions', options.erosions ?? preset.erosions),
  };
}

/**
 * Reusable Bouzy map computer for one geometry: holds the two ping-pong buffers so repeated maps
 * allocate nothing. Not thread-safe in the sense that one instance computes one map at a time.
 */
export class BouzyMapper {
  /** The geometry every array passed in must match. */
  readonly geo: Geometry;
  private readonly bufA: Int32Array;
  private readonly bufB: Int32Array;
  /** Number of border (WALL) neighbours of each point: 2 in corners, 1 on edges, 0 inside. */
  private readonly wallNeighbours: Int8Array;

  /** Creates the scratch buffers for `geo`. */
  constructor(geo: Geometry) {
    this.geo = geo;
    this.bufA = new Int32Array(geo.arraySize);
    this.bufB = new Int32Array(geo.arraySize);
    this.wallNeighbours = new Int8Array(geo.arraySize);
    for (const p of geo.points) {
      for (const d of geo.adjacent) if (geo.emptyColors[p + d] === WALL) this.wallNeighbours[p]++;
    }
  }

  /**
   * Computes the map of `colors` with `dilations`/`erosions` into `out` (allocated when omitted)
   * and returns it. Stones listed in `deadStones` are treated as empty. Reads `colors`, writes only
   * `out` (border cells set to 0). Throws a RangeError naming the field on bad input.
   */
  compute(
    colors: Int8Array,
    params: BouzyParams,
    deadStones?: ArrayLike<number>,
    out: Int32Array = new Int32Array(this.geo.arraySize),
  ): Int32Array {
    const geo = this.geo;
    checkPointArray('colors', colors, geo);
    checkPointArray('out', out, geo);
    checkCount('dilations', params.dilations);
    checkCount('erosions', params.erosions);
    const points = geo.points;
    const n = points.length;
    let cur = this.bufA;
    let next = this.bufB;
    // Border cells of both buffers stay 0 forever: only on-board points are ever written.
    for (let i = 0; i < n; i++) {
      const p = points[i];
      const c = colors[p];
      cur[p] = c === BLACK_CODE ? BOUZY_STONE_VALUE : c === WHITE_CODE ? -BOUZY_STONE_VALUE : 0;
    }
    if (deadStones) {
      for (let i = 0; i < deadStones.length; i++) {
        const p = deadStones[i];
        const c = Number.isInteger(p) && p >= 0 && p < geo.arraySize ? colors[p] : WALL;
        if (c === WALL) throw new RangeError(`deadStones[${i}]: ${p} is not a point on the board`);
        if (c === EMPTY) throw new RangeError(`deadStones[${i}]: point ${p} holds no stone`);
        cur[p] = 0;
      }
    }
    const s = geo.stride;
    for (let k = 0; k < params.dilations; k++) {
      for (let i = 0; i < n; i++) {
        const p = points[i];
        const v = cur[p];
        const a = cur[p - 1];
        const b = cur[p + 1];
        const c = cur[p - s];
        const d = cur[p + s];
        const pos = (a > 0 ? 1 : 0) + (b > 0 ? 1 : 0) + (c > 0 ? 1 : 0) + (d > 0 ? 1 : 0);
        const neg = (a < 0 ? 1 : 0) + (b < 0 ? 1 : 0) + (c < 0 ? 1 : 0) + (d < 0 ? 1 : 0);
        let w = v;
        if (v >= 0 && neg === 0) w += pos;
        if (v <= 0 && pos === 0) w -= neg;
        next[p] = w;
      }
      const t = cur;
      cur = next;
      next = t;
    }
    // Border cells read 0, which erosion would count as "<= 0" / ">= 0": subtract each point's number
    // of border neighbours instead of testing every neighbour for WALL.
    const walls = this.wallNeighbours;
    for (let k = 0; k < params.erosions; k++) {
      for (let i = 0; i < n; i++) {
        const p = points[i];
        let v = cur[p];
        if (v > 0) {
          const cnt =
            (cur[p - 1] <= 0 ? 1 : 0) +
            (cur[p + 1] <= 0 ? 1 : 0) +
            (cur[p - s] <= 0 ? 1 : 0) +
            (cur[p + s] <= 0 ? 1 : 0) -
            walls[p];
          v = v > cnt ? v - cnt : 0;
        } else if (v < 0) {
          const cnt =
            (cur[p - 1] >= 0 ? 1 : 0) +
            (cur[p + 1] >= 0 ? 1 : 0) +
            (cur[p - s] >= 0 ? 1 : 0) +
            (cur[p + s] >= 0 ? 1 : 0) -
            walls[p];
          v = -v > cnt ? v + cnt : 0;
        }
        next[p] = v;
      }
      const t = cur;
      cur = next;
      next = t;
    }
    out.fill(0, 0, geo.arraySize);
    for (let i = 0; i < n; i++) {
      const p = points[i];
      out[p] = cur[p];
    }
    return out;
  }
}

/**
 * Bouzy map of a position (a `Board` or `{ geo, colors }`) with `options` (preset, counts, dead
 * stones) into `out` (allocated when omitted); returns `out`. Does not mutate the position.
 * Allocates its scratch buffers: use a `BouzyMapper` in loops.
 */
export function bouzyMap(position: ColorPosition, options: BouzyOptions = {}, out?: Int32Array): Int32Array {
  return new BouzyMapper(position.geo).compute(
    position.colors,
    resolveBouzyParams(options),
    options.deadStones,
    out,
  );
}

/**
 * Per-point owner of a Bouzy map: BLACK where the value is > 0, WHITE where < 0, EMPTY where 0,
 * WALL on the border. Writes `out` (allocated when omitted) and returns it; reads `map`.
 */
export function bouzyOwners(
  geo: Geometry,
  map: Int32Array,
  out: Int8Array = new Int8Array(geo.arraySize),
): Int8Array {
  checkPointArray('map', map, geo);
  checkPointArray('out', out, geo);
  out.set(geo.emptyColors.subarray(0, geo.arraySize));
  const points = geo.points;
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    const v = map[p];
    out[p] = v > 0 ? BLACK_CODE : v < 0 ? WHITE_CODE : EMPTY_CODE;
  }
  return out;
}
