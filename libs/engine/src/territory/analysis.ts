import { checkOptionKeys, intOption } from '../analysis/options';
import type { AnalysisDefinition, AnalysisOptions, PointGrid, Position } from '../analysis/types';
import { BLACK, WHITE, type Player } from '../board/color';
import { formatGtpVertex, parseGtpVertex } from '../board/coords';
import type { Geometry } from '../board/geometry';
import { computeInfluenceField } from '../influence/field';
import { moveValues } from './move-values';
import { analyzeTerritory, type ScoreEstimate, type TerritoryAnalysis } from './territory';

/** Result of the `influence` analysis (GNU Go's influence model); maps row-major, + = Black. */
export interface InfluenceFieldResult {
  toMove: 'B' | 'W' | null;
  black: number[];
  white: number[];
  /** Territory value in [-1, 1]. */
  territory: number[];
  /** 4 stone, 3 territory, 2 moyo, 1 area, 0 neutral; negative for White. */
  regions: number[];
}

/** Result of the `territory` analysis. */
export interface TerritoryResult {
  /** Ownership in [-1, 1], + = Black. */
  ownership: number[];
  /** Two-layer owner: 1 Black, -1 White, 0 none. */
  owner: number[];
  /** Layer 1 alone. */
  proto: number[];
  scoreLead: number;
}

/** One group in the `deadStones` result. */
export interface GroupResult {
  color: 'B' | 'W';
  stones: string[];
  status: string;
  safety: number;
  eyes: { min: number; max: number };
  liberties: number;
  unconditional: boolean;
}

/** Result of the `deadStones` analysis. */
export interface DeadStonesResult {
  deadStones: string[];
  groups: GroupResult[];
}

/** Result of the `score` analysis (+ = Black). */
export interface ScoreResult extends Omit<ScoreEstimate, 'lead'> {
  scoreLead: number;
}

/** Result of the `moveValues` analysis. */
export interface MoveValuesResult {
  player: 'B' | 'W';
  moves: { vertex: string; value: number; followup: number; reverseFollowup: number; total: number }[];
}

const round = (v: number, digits = 2) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f + 0;
};

function rowMajor(geo: Geometry, map: ArrayLike<number>, digits = 2): number[] {
  return Array.from(geo.points, (p) => round(map[p], digits));
}

function playerOption(options: AnalysisOptions, field: string, fallback: Player): Player {
  const v = options[field] ?? (fallback === BLACK ? 'B' : 'W');
  if (v === 'B' || v === 'b' || v === 'black') return BLACK;
  if (v === 'W' || v === 'w' || v === 'white') return WHITE;
  throw new RangeError(`${field}: must be "B" or "W", got ${JSON.stringify(v)}`);
}

/** The last analysis per board, keyed by everything it reads, so the five analyses share one run. */
const lastAnalysis = new WeakMap<Position['board'], { key: string; analysis: TerritoryAnalysis }>();

/**
 * The full territory analysis of a Position (rules, komi, captures, handicap from the position).
 * Remembers the last result per board (keyed by the 64-bit position hash and the scoring facts), so
 * `territory`, `deadStones`, `score`, `moveValues` and `influence` on one position analyse it once.
 */
export function territoryOfPosition(position: Position): TerritoryAnalysis {
  const { board } = position;
  const key = [
    board.hashLo,
    board.hashHi,
    position.toPlay,
    position.komi,
    position.rules.scoring,
    position.handicap,
    position.captures.black,
    position.captures.white,
    position.game?.isOver === true,
  ].join(':');
  const last = lastAnalysis.get(board);
  if (last && last.key === key) return last.analysis;
  const analysis = analyzeTerritory(
    { geo: board.geo, colors: board.colors },
    {
      rules: position.rules.scoring,
      komi: position.komi,
      handicap: position.handicap,
      captures: position.captures,
      toMove: position.toPlay,
      gameOver: position.game?.isOver === true,
    },
  );
  lastAnalysis.set(board, { key, analysis });
  return analysis;
}

/** `influence`: GNU Go's influence model (sources, permeability, attenuation, intrusions). */
export const influenceFieldAnalysis: AnalysisDefinition<InfluenceFieldResult> = {
  name: 'influence',
  description:
    'GNU-Go-model influence: black/white influence, territory value [-1,1], regions (±3 territory, ±2 moyo, ±1 area, ±4 stone); options: toMove "B"|"W" (default: the side to move), safety from group status',
  run(position, options) {
    checkOptionKeys(options, ['toMove'], 'influence');
    const toMove = playerOption(options, 'toMove', position.toPlay);
    const t = territoryOfPosition(position);
    const geo = position.board.geo;
    const field = computeInfluenceField(
      { geo, colors: position.board.colors },
      { safety: t.groups.safety, toMove },
    );
    return {
      toMove: toMove === BLACK ? 'B' : 'W',
      black: rowMajor(geo, field.black, 1),
      white: rowMajor(geo, field.white, 1),
      territory: rowMajor(geo, field.territory),
      regions: rowMajor(geo, field.regions, 0),
    };
  },
  grid: (result): PointGrid => result.territory,
};

/** `territory`: two-layer territory (seed 004) and ownership. */
export const territoryAnalysis: AnalysisDefinition<TerritoryResult> = {
  name: 'territory',
  description:
    'two-layer territory (proto-territory + dead groups) and ownership in [-1,1] (+ = Black); no options',
  run(position, options) {
    checkOptionKeys(options, [], 'territory');
    const t = territoryOfPosition(position);
    const geo = position.board.geo;
    return {
      ownership: rowMajor(geo, t.ownership),
      owner: rowMajor(geo, t.owner, 0),
      proto: rowMajor(geo, t.proto, 0),
      scoreLead: round(t.score.lead, 1),
    };
  },
  grid: (result): PointGrid => result.ownership,
};

/** `deadStones`: groups with status (alive/critical/dead/seki), safety, eyes; the dead stones. */
export const deadStonesAnalysis: AnalysisDefinition<DeadStonesResult> = {
  name: 'deadStones',
  description:
    'groups (strings joined), status alive/critical/dead/seki, safety 0..1, eye range, Benson life; dead stones; no options',
  run(position, options) {
    checkOptionKeys(options, [], 'deadStones');
    const t = territoryOfPosition(position);
    const geo = position.board.geo;
    const byIndex = (a: number, b: number) => geo.index(a) - geo.index(b);
    return {
      deadStones: [...t.deadStones].sort(byIndex).map((p) => formatGtpVertex(p, geo)),
      groups: t.groups.groups.map((g) => ({
        color: g.color === BLACK ? 'B' : 'W',
        stones: [...g.stones].sort(byIndex).map((p) => formatGtpVertex(p, geo)),
        status: g.status,
        safety: round(g.safety),
        eyes: { ...g.eyes },
        liberties: g.liberties.length,
        unconditional: g.unconditional,
      })),
    };
  },
  grid(result, position): PointGrid {
    const geo = position.board.geo;
    const grid: PointGrid = new Array<number | null>(geo.points.length).fill(null);
    for (const g of result.groups) {
      for (const v of g.stones) grid[geo.index(parseGtpVertex(v, geo))] = g.safety;
    }
    return grid;
  },
};

/** `score`: score estimate with bounds under the position's rules, + = Black. */
export const scoreAnalysis: AnalysisDefinition<ScoreResult> = {
  name: 'score',
  description:
    'score estimate (+ = Black): scoreLead (the count pulled toward an even game by real games\' spread of results), its 80 % interval upper/lower and stdev, the count itself, the tempo and the settled lead; territory or area rules, komi, captures, handicap; no options',
  run(position, options) {
    checkOptionKeys(options, [], 'score');
    const { lead, ...rest } = territoryOfPosition(position).score;
    return {
      ...rest,
      scoreLead: round(lead, 1),
      stdev: round(rest.stdev ?? 0, 1),
      count: round(rest.count ?? lead, 1),
      tempo: round(rest.tempo ?? 0, 1),
      upper: round(rest.upper, 1),
      lower: round(rest.lower, 1),
    };
  },
};

/** `moveValues`: territorial value of moves (seed 001), best first. */
export const moveValuesAnalysis: AnalysisDefinition<MoveValuesResult> = {
  name: 'moveValues',
  description:
    'territorial move values (seed 001): value, followup, reverse followup, total; options: player "B"|"W" (default: to move), top 1..50 (10), candidates 1..400 (40)',
  run(position, options) {
    checkOptionKeys(options, ['player', 'top', 'candidates'], 'moveValues');
    const player = playerOption(options, 'player', position.toPlay);
    const top = intOption(options, 'top', 10, 1, 50);
    const maxCandidates = intOption(options, 'candidates', 40, 1, 400);
    const t = territoryOfPosition(position);
    const geo = position.board.geo;
    const moves = moveValues({ geo, colors: position.board.colors }, t, player, { top, maxCandidates });
    return {
      player: player === BLACK ? 'B' : 'W',
      moves: moves.map((m) => ({
        vertex: formatGtpVertex(m.point, geo),
        value: round(m.value, 1),
        followup: round(m.followup, 1),
        reverseFollowup: round(m.reverseFollowup, 1),
        total: round(m.total, 1),
      })),
    };
  },
  grid(result, position): PointGrid {
    const geo = position.board.geo;
    const grid: PointGrid = new Array<number | null>(geo.points.length).fill(null);
    for (const m of result.moves) grid[geo.index(parseGtpVertex(m.vertex, geo))] = m.total;
    return grid;
  },
};
