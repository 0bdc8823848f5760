/**
 * KataGo analysis queries (docs/Analysis_Engine.md) read as KataGo reads them: the first bad field
 * is an error naming it (`{"id","field","error"}`, the query is dropped); fields Moyo ignores or
 * approximates, and unknown fields, are warnings (`{"id","field","warning"}`) and the query runs.
 */
import { BLACK, WHITE, type Player, type PointColor } from '../board/color';
import { PASS, type Move } from '../board/coords';
import { Geometry, MAX_BOARD_SIZE, MIN_BOARD_SIDE } from '../board/geometry';
import type { Rules } from '../board/rules';
import { DEFAULT_MAX_VISITS, type Perspective } from './answer';
import { parseKataGoPlayer, parseKataGoVertex } from './coords';
import { KataGoFieldError, type KataGoWarning } from './errors';
import type { WhiteHandicapBonusRule } from './handicap';
import { resolveKataGoRules } from './rules';

/** A query ready to analyse: the position's facts and the answer's options. */
export interface KataGoQuery {
  readonly id: string;
  /** boardXSize (columns) and boardYSize (rows); ownership maps are `height` rows of `width`. */
  readonly width: number;
  readonly height: number;
  readonly rules: Rules;
  readonly komi: number;
  /** White's handicap bonus rule (the rules' own, or the top-level `whiteHandicapBonus`). */
  readonly whiteHandicapBonus: WhiteHandicapBonusRule;
  readonly initialStones: readonly { point: number; color: PointColor }[];
  /** The player to move before `moves[0]`; null: KataGo's default. */
  readonly initialPlayer: Player | null;
  readonly moves: readonly Move[];
  /** Turns to analyse (0 = before `moves[0]`), each with its priority. */
  readonly turns: readonly { turnNumber: number; priority: number }[];
  readonly maxVisits: number;
  /**
   * reportDuringSearchEvery was given: each turn whose effort is above the quick stage's also gets
   * one interim answer (isDuringSearch true) from that stage before its final one.
   */
  readonly reportDuringSearch: boolean;
  readonly perspective: Perspective;
  readonly includeOwnership: boolean;
  readonly includeOwnershipStdev: boolean;
  readonly includeMovesOwnership: boolean;
  readonly includeMovesOwnershipStdev: boolean;
  /** avoidMoves / allowMoves: points per player the root move may not / may only be. */
  readonly avoid: ReadonlyMap<Player, ReadonlySet<number>>;
  readonly allow: ReadonlyMap<Player, ReadonlySet<number>>;
}

/** A special action (`query_version`, `clear_cache`, `terminate`, `terminate_all`, `query_models`). */
export interface KataGoAction {
  readonly id: string;
  readonly action: 'query_version' | 'clear_cache' | 'terminate' | 'terminate_all' | 'query_models';
  readonly terminateId?: string;
  /** Turns to stop (terminate, terminate_all); absent: all. */
  readonly turnNumbers?: readonly number[];
  /** The query as sent, echoed in the answer. */
  readonly raw: Record<string, unknown>;
}

/** What one input object is. */
export type ParsedKataGoInput =
  | { kind: 'query'; query: KataGoQuery; warnings: KataGoWarning[] }
  | { kind: 'action'; action: KataGoAction }
  | { kind: 'error'; line: { id?: string; field?: string; error: string } };

/** Every top-level field of a KataGo analysis query (others get KataGo's "unexpected field" warning). */
export const KATAGO_QUERY_FIELDS: ReadonlySet<string> = new Set([
  'id', 'moves', 'initialStones', 'initialPlayer', 'rules', 'komi', 'whiteHandicapBonus', 'boardXSize',
  'boardYSize', 'analyzeTurns', 'maxVisits', 'analysisPVLen', 'rootPolicyTemperature',
  'rootFpuReductionMax', 'includeOwnership', 'includeOwnershipStdev', 'includeMovesOwnership',
  'includeMovesOwnershipStdev', 'includePolicy', 'includePVVisits', 'includeNoResultValue', 'avoidMoves',
  'allowMoves', 'overrideSettings', 'reportDuringSearchEvery', 'firstReportDuringSearchAfter', 'priority',
  'priorities',
]); // prettier-ignore

/** Known fields Moyo reads but cannot honour, with the warning each gets when given. */
const IGNORED: Record<string, string> = {
  includePolicy: 'Moyo has no policy network: no policy is sent',
  includePVVisits: 'Moyo does not search: no pvVisits are sent',
  includeNoResultValue: 'Moyo does not search: no noResultValue is sent',
  rootPolicyTemperature: 'Moyo has no policy network: ignored',
  rootFpuReductionMax: 'Moyo does not search: ignored',
};

const MAX_VISITS_LIMIT = 2 ** 50;

function integer(field: string, v: unknown, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new KataGoFieldError(field, `Must provide an integer from ${min} to ${max}`);
  }
  return v;
}

function number(field: string, v: unknown, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
    throw new KataGoFieldError(field, `Must provide a number from ${min} to ${max}`);
  }
  return v;
}

function bool(field: string, v: unknown): boolean {
  if (v === undefined) return false;
  if (typeof v !== 'boolean') throw new KataGoFieldError(field, 'Must be a boolean');
  return v;
}

function player(field: string, v: unknown): Player {
  const p = parseKataGoPlayer(v);
  if (p === null) throw new KataGoFieldError(field, `Could not parse player: ${JSON.stringify(v)}`);
  return p;
}

function moveList(field: string, v: unknown, geo: Geometry, passOk: boolean): Move[] {
  if (!Array.isArray(v)) throw new KataGoFieldError(field, 'Must be an array of [player, location] pairs');
  return v.map((m, i) => {
    if (!Array.isArray(m) || m.length !== 2) {
      throw new KataGoFieldError(field, `Entry ${i}: must be a [player, location] pair`);
    }
    const who = player(field, m[0]);
    const point = parseKataGoVertex(m[1], geo);
    if (point === null)
      throw new KataGoFieldError(field, `Could not parse location: ${JSON.stringify(m[1])}`);
    if (point === PASS && !passOk) throw new KataGoFieldError(field, `Entry ${i}: pass is not a stone`);
    return { player: who, point };
  });
}

function perspective(overrides: unknown, warnings: KataGoWarning[]): Perspective {
  if (overrides === undefined) return 'SIDETOMOVE';
  if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) {
    throw new KataGoFieldError('overrideSettings', 'Must be an object');
  }
  let view: Perspective = 'SIDETOMOVE';
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(overrides)) {
    if (key !== 'reportAnalysisWinratesAs') {
      ignored.push(key);
      continue;
    }
    const v = typeof value === 'string' ? value.toUpperCase() : value;
    if (v !== 'BLACK' && v !== 'WHITE' && v !== 'SIDETOMOVE') {
      throw new KataGoFieldError(
        'overrideSettings',
        'reportAnalysisWinratesAs: must be BLACK, WHITE or SIDETOMOVE',
      );
    }
    view = v;
  }
  if (ignored.length > 0) {
    warnings.push({
      field: 'overrideSettings',
      warning: `Moyo ignores these settings: ${ignored.join(', ')}`,
    });
  }
  return view;
}

/** avoidMoves / allowMoves: `[{player, moves, untilDepth}]`; only the root move is restricted. */
function moveRestrictions(field: string, v: unknown, geo: Geometry, onePerPlayer: boolean) {
  const out = new Map<Player, Set<number>>();
  if (v === undefined) return out;
  if (!Array.isArray(v)) throw new KataGoFieldError(field, 'Must be an array of {player, moves, untilDepth}');
  for (const entry of v as unknown[]) {
    if (typeof entry !== 'object' || entry === null) {
      throw new KataGoFieldError(field, 'Each entry must be an object {player, moves, untilDepth}');
    }
    const e = entry as Record<string, unknown>;
    const who = player(field, e.player);
    integer(field, e.untilDepth, 1, 1_000_000_000);
    if (!Array.isArray(e.moves)) throw new KataGoFieldError(field, 'moves: must be an array of locations');
    if (onePerPlayer && out.has(who)) throw new KataGoFieldError(field, 'At most one entry per player');
    const points = out.get(who) ?? new Set<number>();
    for (const m of e.moves) {
      const p = parseKataGoVertex(m, geo);
      if (p === null) throw new KataGoFieldError(field, `Could not parse location: ${JSON.stringify(m)}`);
      points.add(p);
    }
    out.set(who, points);
  }
  return out;
}

function parseAction(id: string, q: Record<string, unknown>): ParsedKataGoInput {
  const action = q.action;
  if (action === 'query_version' || action === 'clear_cache' || action === 'query_models') {
    return { kind: 'action', action: { id, action, raw: q } };
  }
  if (action !== 'terminate' && action !== 'terminate_all') {
    return { kind: 'error', line: { error: `Unknown action: ${JSON.stringify(action)}` } };
  }
  let terminateId: string | undefined;
  if (action === 'terminate') {
    if (typeof q.terminateId !== 'string') {
      return {
        kind: 'error',
        line: { id, field: 'terminateId', error: 'Must provide a string terminateId' },
      };
    }
    terminateId = q.terminateId;
  }
  let turnNumbers: number[] | undefined;
  if (q.turnNumbers !== undefined) {
    const ok = Array.isArray(q.turnNumbers) && q.turnNumbers.every((t) => Number.isInteger(t) && t >= 0);
    if (!ok)
      return { kind: 'error', line: { id, field: 'turnNumbers', error: 'Must be an array of turn numbers' } };
    turnNumbers = q.turnNumbers as number[];
  }
  return { kind: 'action', action: { id, action, terminateId, turnNumbers, raw: q } };
}

/** Reads one query object (already parsed from JSON) as KataGo does. Never throws. */
export function parseKataGoInput(input: unknown): ParsedKataGoInput {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { kind: 'error', line: { error: 'Request line was valid json but was not an object' } };
  }
  const q = input as Record<string, unknown>;
  if (typeof q.id !== 'string') {
    return { kind: 'error', line: { error: 'Request must have a string "id" field' } };
  }
  const id = q.id;
  if (q.action !== undefined) return parseAction(id, q);
  try {
    const { query, warnings } = parseQuery(id, q);
    return { kind: 'query', query, warnings };
  } catch (e) {
    if (!(e instanceof KataGoFieldError)) throw e;
    return { kind: 'error', line: { id, field: e.field, error: e.message } };
  }
}

function parseQuery(
  id: string,
  q: Record<string, unknown>,
): { query: KataGoQuery; warnings: KataGoWarning[] } {
  const warnings: KataGoWarning[] = [];
  const sizeText = `Must provide an integer from ${MIN_BOARD_SIDE} to ${MAX_BOARD_SIZE}`;
  const xs = q.boardXSize;
  if (typeof xs !== 'number' || !Number.isInteger(xs) || xs < MIN_BOARD_SIDE || xs > MAX_BOARD_SIZE) {
    throw new KataGoFieldError('boardXSize', sizeText);
  }
  const ys = q.boardYSize;
  if (typeof ys !== 'number' || !Number.isInteger(ys) || ys < MIN_BOARD_SIDE || ys > MAX_BOARD_SIZE) {
    throw new KataGoFieldError('boardYSize', sizeText);
  }
  const geo = Geometry.of(xs, ys);
  if (q.rules === undefined) throw new KataGoFieldError('rules', 'Must provide rules (a name or an object)');
  const resolved = resolveKataGoRules(q.rules);
  for (const note of resolved.approximations) {
    warnings.push({ field: 'rules', warning: `Moyo plays these rules as ${resolved.rules.name}: ${note}` });
  }
  let komi = resolved.komi;
  if (q.komi !== undefined) {
    const k = q.komi;
    if (typeof k !== 'number' || !Number.isInteger(k * 2) || k < -400 || k > 400) {
      throw new KataGoFieldError('komi', 'Must be an integer or half-integer from -400 to 400');
    }
    komi = k;
  }
  const initialStones = moveList('initialStones', q.initialStones ?? [], geo, false).map((m) => ({
    point: m.point,
    color: m.player as PointColor,
  }));
  if (q.moves === undefined) throw new KataGoFieldError('moves', 'Must provide moves (may be empty)');
  const moves = moveList('moves', q.moves, geo, true);
  const initialPlayer = q.initialPlayer === undefined ? null : player('initialPlayer', q.initialPlayer);
  let turnNumbers = [moves.length];
  if (q.analyzeTurns !== undefined) {
    if (!Array.isArray(q.analyzeTurns))
      throw new KataGoFieldError('analyzeTurns', 'Must be an array of integers');
    turnNumbers = q.analyzeTurns.map((t) => integer('analyzeTurns', t, 0, moves.length));
  }
  if (q.priority !== undefined && q.priorities !== undefined) {
    throw new KataGoFieldError('priority', 'Cannot specify both priority and priorities');
  }
  const limit = 2 ** 62;
  const base = q.priority === undefined ? 0 : integer('priority', q.priority, -limit, limit);
  let priorities = turnNumbers.map(() => base);
  if (q.priorities !== undefined) {
    const ps = q.priorities;
    if (!Array.isArray(ps) || ps.length !== turnNumbers.length) {
      throw new KataGoFieldError('priorities', 'Must be an array of integers as long as analyzeTurns');
    }
    priorities = ps.map((p) => integer('priorities', p, -limit, limit));
  }
  const maxVisits =
    q.maxVisits === undefined ? DEFAULT_MAX_VISITS : integer('maxVisits', q.maxVisits, 1, MAX_VISITS_LIMIT);
  if (q.analysisPVLen !== undefined) integer('analysisPVLen', q.analysisPVLen, 1, 1000);
  if (q.rootPolicyTemperature !== undefined)
    number('rootPolicyTemperature', q.rootPolicyTemperature, 0.01, 100);
  if (q.rootFpuReductionMax !== undefined) number('rootFpuReductionMax', q.rootFpuReductionMax, 0, 2);
  if (q.reportDuringSearchEvery !== undefined)
    number('reportDuringSearchEvery', q.reportDuringSearchEvery, 0.001, 1e6);
  if (q.firstReportDuringSearchAfter !== undefined) {
    number('firstReportDuringSearchAfter', q.firstReportDuringSearchAfter, 0.001, 1e6);
    if (q.reportDuringSearchEvery === undefined) {
      warnings.push({
        field: 'firstReportDuringSearchAfter',
        warning: 'used only with reportDuringSearchEvery: no interim answers are sent',
      });
    }
  }
  const whb = q.whiteHandicapBonus ?? resolved.whiteHandicapBonus;
  if (whb !== '0' && whb !== 'N' && whb !== 'N-1') {
    throw new KataGoFieldError('whiteHandicapBonus', 'Must be "0", "N" or "N-1"');
  }
  const flags = {
    includeOwnership: bool('includeOwnership', q.includeOwnership),
    includeOwnershipStdev: bool('includeOwnershipStdev', q.includeOwnershipStdev),
    includeMovesOwnership: bool('includeMovesOwnership', q.includeMovesOwnership),
    includeMovesOwnershipStdev: bool('includeMovesOwnershipStdev', q.includeMovesOwnershipStdev),
  };
  for (const f of ['includePolicy', 'includePVVisits', 'includeNoResultValue']) bool(f, q[f]);
  if (q.avoidMoves !== undefined && q.allowMoves !== undefined) {
    throw new KataGoFieldError('allowMoves', 'Cannot specify both avoidMoves and allowMoves');
  }
  const avoid = moveRestrictions('avoidMoves', q.avoidMoves, geo, false);
  const allow = moveRestrictions('allowMoves', q.allowMoves, geo, true);
  const view = perspective(q.overrideSettings, warnings);
  for (const [field, warning] of Object.entries(IGNORED)) {
    if (q[field] !== undefined && q[field] !== false) warnings.push({ field, warning });
  }
  for (const key of Object.keys(q)) {
    if (!KATAGO_QUERY_FIELDS.has(key))
      warnings.push({ field: key, warning: 'Unexpected or unused field, do you have a typo?' });
  }
  const query: KataGoQuery = {
    id,
    width: xs,
    height: ys,
    rules: resolved.rules,
    komi,
    whiteHandicapBonus: whb,
    initialStones,
    initialPlayer,
    moves,
    turns: turnNumbers.map((turnNumber, i) => ({ turnNumber, priority: priorities[i] })),
    maxVisits,
    reportDuringSearch: q.reportDuringSearchEvery !== undefined,
    perspective: view,
    ...flags,
    avoid,
    allow,
  };
  return { query, warnings };
}

/** KataGo's default first player: `moves[0]`'s colour, else White after black-only setup stones, else Black. */
export function defaultInitialPlayer(query: Pick<KataGoQuery, 'initialStones' | 'moves'>): Player {
  if (query.moves.length > 0) return query.moves[0].player;
  const black = query.initialStones.filter((s) => s.color === BLACK).length;
  const white = query.initialStones.filter((s) => s.color === WHITE).length;
  return black >= 2 && white === 0 ? WHITE : BLACK;
}
