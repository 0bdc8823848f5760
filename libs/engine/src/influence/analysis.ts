import { BLACK, EMPTY, WHITE } from '../board/color';
import { formatGtpVertex, parseGtpVertex } from '../board/coords';
import type { Geometry } from '../board/geometry';
import { checkOptionKeys, intOption } from '../analysis/options';
import type { AnalysisDefinition, AnalysisOptions, PointGrid } from '../analysis/types';
import {
  BOUZY_PRESETS,
  BouzyMapper,
  bouzyOwners,
  isBouzyPreset,
  resolveBouzyParams,
  type BouzyParams,
  type BouzyPreset,
} from './bouzy';
import { FreihofnerMapper } from './freihofner';
import { DEFAULT_JUNCTION_THRESHOLD, rankJunctions } from './junctions';

/** One Bouzy map in the `bouzy` analysis result. */
export interface BouzyMapResult {
  dilations: number;
  erosions: number;
  /** Row-major from the top-left: the integer map (stones included, ±128 and up). */
  values: number[];
  /** Row-major: +1 Black, -1 White, 0 neutral (the sign of `values`). */
  owner: number[];
  /** Points owned by each side that hold no live stone (empty points and removed dead stones). */
  black: number;
  white: number;
}

/** Result of the `bouzy` analysis: the maps keyed by preset name, or by `n/m` for explicit counts. */
export interface BouzyAnalysisResult {
  /** The dead stones removed first, as GTP vertices. */
  deadStones: string[];
  maps: Record<string, BouzyMapResult>;
}

/** Result of the `freihofner` analysis. */
export interface FreihofnerAnalysisResult {
  /** Row-major from the top-left: influence on empty points (positive = Black), 0 on stones. */
  map: number[];
  /** The top junction points by D_T (absent when `junctions: false`). */
  junctions?: { threshold: number; top: { vertex: string; value: number }[] };
}

function rowMajor(geo: Geometry, map: Int32Array): number[] {
  const out = new Array<number>(geo.points.length);
  for (let i = 0; i < geo.points.length; i++) out[i] = map[geo.points[i]];
  return out;
}

/** The settings a `bouzy` options object asks for, keyed as they appear in the result. */
function bouzySettings(options: AnalysisOptions): [string, BouzyParams][] {
  const { preset, presets, dilations, erosions } = options;
  if (dilations !== undefined || erosions !== undefined) {
    if (preset !== undefined || presets !== undefined) {
      throw new RangeError('dilations: give either explicit dilations/erosions or a preset, not both');
    }
    if (dilations === undefined || erosions === undefined) {
      throw new RangeError(
        `${dilations === undefined ? 'dilations' : 'erosions'}: required with the other count`,
      );
    }
    const params = resolveBouzyParams({ dilations: dilations as number, erosions: erosions as number });
    const named = (Object.keys(BOUZY_PRESETS) as BouzyPreset[]).find(
      (k) => BOUZY_PRESETS[k].dilations === params.dilations && BOUZY_PRESETS[k].erosions === params.erosions,
    );
    return [[named ?? `${params.dilations}/${params.erosions}`, params]];
  }
  if (preset !== undefined && presets !== undefined)
    throw new RangeError('presets: give preset or presets, not both');
  const names: unknown[] =
    presets !== undefined ? (Array.isArray(presets) ? presets : [presets]) : [preset ?? 'territory'];
  if (names.length === 0) throw new RangeError('presets: must name at least one preset');
  return names.map((n, i) => {
    const field = presets !== undefined ? `presets[${i}]` : 'preset';
    if (typeof n !== 'string' || !isBouzyPreset(n)) {
      throw new RangeError(
        `${field}: must be one of ${Object.keys(BOUZY_PRESETS).join(', ')}, got ${JSON.stringify(n)}`,
      );
    }
    return [n, BOUZY_PRESETS[n]];
  });
}

/**
 * The `bouzy` analysis: Bouzy dilation/erosion maps (seed 000). Options: `preset` (territory 5/21,
 * moyo 5/10, area 4/0; default territory) or `presets` (a list), or `dilations` + `erosions`;
 * `deadStones` (GTP vertices of stones removed first).
 */
export const bouzyAnalysis: AnalysisDefinition<BouzyAnalysisResult> = {
  name: 'bouzy',
  description:
    'Bouzy dilation/erosion maps; options: preset (territory 5/21 | moyo 5/10 | area 4/0, default territory) or presets [..] or dilations+erosions; deadStones [GTP vertices]',
  run(position, options) {
    checkOptionKeys(options, ['preset', 'presets', 'dilations', 'erosions', 'deadStones'], 'bouzy');
    const board = position.board;
    const geo = board.geo;
    const settings = bouzySettings(options);
    const deadRaw = options.deadStones ?? [];
    if (!Array.isArray(deadRaw)) throw new RangeError('deadStones: must be a list of GTP vertices');
    const dead = deadRaw.map((v, i) => {
      let p: number;
      try {
        p = parseGtpVertex(v as string, geo);
      } catch (e) {
        throw new RangeError(`deadStones[${i}]: ${(e as Error).message}`, { cause: e });
      }
      if (!board.onBoard(p)) throw new RangeError(`deadStones[${i}]: ${String(v)} is not a point`);
      if (board.colors[p] === EMPTY) throw new RangeError(`deadStones[${i}]: no stone at ${String(v)}`);
      return p;
    });
    const mapper = new BouzyMapper(geo);
    const map = new Int32Array(geo.arraySize);
    const owners = new Int8Array(geo.arraySize);
    const isDead = new Uint8Array(geo.arraySize);
    for (const p of dead) isDead[p] = 1;
    const maps: Record<string, BouzyMapResult> = {};
    for (const [key, params] of settings) {
      mapper.compute(board.colors, params, dead, map);
      bouzyOwners(geo, map, owners);
      let black = 0;
      let white = 0;
      const owner = new Array<number>(geo.points.length);
      geo.points.forEach((p, i) => {
        const o = owners[p];
        owner[i] = o === BLACK ? 1 : o === WHITE ? -1 : 0;
        if (board.colors[p] !== EMPTY && !isDead[p]) return;
        if (o === BLACK) black++;
        else if (o === WHITE) white++;
      });
      maps[key] = { ...params, values: rowMajor(geo, map), owner, black, white };
    }
    return { deadStones: dead.map((p) => formatGtpVertex(p, geo)), maps };
  },
  grid(result): PointGrid {
    const first = Object.values(result.maps)[0];
    return first ? first.values : [];
  },
};

/**
 * The `freihofner` analysis: Freihofner's linear edge-reflecting influence (seed 003) and, unless
 * `junctions: false`, the top junction points by D_T. Options: `junctions` (boolean, default true),
 * `threshold` (T, default 16), `limit` (how many junctions, default 10).
 */
export const freihofnerAnalysis: AnalysisDefinition<FreihofnerAnalysisResult> = {
  name: 'freihofner',
  description:
    "Freihofner's linear reflecting influence (empty points, +Black) and junction points; options: junctions (default true), threshold T (default 16), limit (default 10)",
  run(position, options) {
    checkOptionKeys(options, ['junctions', 'threshold', 'limit'], 'freihofner');
    const wantJunctions = options.junctions ?? true;
    if (typeof wantJunctions !== 'boolean') {
      throw new RangeError(`junctions: must be true or false, got ${JSON.stringify(wantJunctions)}`);
    }
    const threshold = intOption(options, 'threshold', DEFAULT_JUNCTION_THRESHOLD, 0, 1_000_000);
    const limit = intOption(options, 'limit', 10, 0, 625);
    const board = position.board;
    const geo = board.geo;
    const map = new FreihofnerMapper(geo).compute(board.colors);
    const result: FreihofnerAnalysisResult = { map: rowMajor(geo, map) };
    if (wantJunctions) {
      result.junctions = {
        threshold,
        top: rankJunctions(board, threshold, limit).map((j) => ({
          vertex: formatGtpVertex(j.point, geo),
          value: j.value,
        })),
      };
    }
    return result;
  },
  grid(result, position): PointGrid {
    const { board } = position;
    return board.geo.points.reduce<PointGrid>((grid, p, i) => {
      const c = board.colors[p];
      grid.push(c === BLACK ? 'B' : c === WHITE ? 'W' : result.map[i]);
      return grid;
    }, []);
  },
};
