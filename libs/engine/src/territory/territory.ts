import { BLACK, WHITE, type Player } from '../board/color';
import type { Geometry } from '../board/geometry';
import { MIN_BOARD_SIZE } from '../board/geometry';
import { countScore } from './count';
import { damePoints } from './dame';
import { neutralize, sekiEyePoints } from './seki';
import { teirePoints } from './teire';
import { tempoLead } from './tempo';
import { scoreStdev, Z80 } from './uncertainty';
import { boardFromPosition, ReadingRefiner } from '../dragons/refine';
import { analyzeGroups, survivalOf, type GroupAnalysis, type GroupParams } from '../groups/status';
import { computeInfluenceField, type FieldParams, type InfluenceField } from '../influence/field';
import type { ColorPosition } from '../influence/position';

/** Counting rules: territory (Japanese: territory + prisoners) or area (Chinese: stones + territory). */
export type ScoringRules = 'territory' | 'area';

/** Tunables of the two layers. */
export interface TerritoryParams {
  /** |territory value| from which a point is in a player's influence (layer 1). */
  readonly influenceThreshold: number;
  /** Ownership of points neither layer assigns: the field's value times this. */
  readonly openWeight: number;
}

/** Defaults, tuned on the GNU Go fixtures. */
export const DEFAULT_TERRITORY_PARAMS: TerritoryParams = { influenceThreshold: 0.3, openWeight: 1 };

/** Options of {@link analyzeTerritory}. */
export interface TerritoryOptions {
  readonly rules?: ScoringRules;
  readonly komi?: number;
  /** Prisoners taken so far by each colour. */
  readonly captures?: { readonly black: number; readonly white: number };
  /** Handicap stones (area rules give White one point per stone, as GNU Go's Chinese counting does). */
  readonly handicap?: number;
  readonly toMove?: Player;
  readonly params?: Partial<TerritoryParams>;
  readonly groups?: Partial<GroupParams>;
  readonly field?: Partial<FieldParams>;
  /**
   * Confirm dead and weak dragons by owl reading (dragons/refine.ts; default true). False gives the
   * static statuses alone (the influence-and-room thresholds), for comparison.
   */
  readonly reading?: boolean;
  /**
   * The game is over (both players passed): every board counts as finished, so the reading's
   * deaths stand and real games' middle-game odds do not apply (dragons/refine.ts).
   */
  readonly gameOver?: boolean;
}

/** A score, + = Black, with the parts that make it. */
export interface ScoreEstimate {
  readonly rules: ScoringRules;
  readonly komi: number;
  /** Estimated lead, + = Black; fractional points count by ownership. */
  readonly lead: number;
  /**
   * Standard deviation of the final lead around `lead`, calibrated on real counted games
   * (territory/uncertainty.ts); upper and lower are lead +- 1.2816 stdev, an 80 % interval.
   * (countScore's own upper/lower, before that, are the lead if every unsettled point went to one side.)
   */
  readonly stdev?: number;
  /**
   * The part of `lead` that is the side to move's tempo (territory/tempo.ts), + = Black: `lead`
   * minus it is the count alone, as GNU Go's estimate_score gives it.
   */
  readonly tempo?: number;
  readonly upper: number;
  readonly lower: number;
  /** The lead counting only points the two layers assign (what `final_score` reports). */
  readonly settledLead: number;
  readonly black: ScoreParts;
  readonly white: ScoreParts;
}

/** Points of one colour. */
export interface ScoreParts {
  readonly territory: number;
  readonly stones: number;
  readonly prisoners: number;
  readonly deadCaptured: number;
}

/** Result of {@link analyzeTerritory}. */
export interface TerritoryAnalysis {
  readonly geo: Geometry;
  readonly groups: GroupAnalysis;
  readonly field: InfluenceField;
  /** Layer 1, by point: +1 Black / -1 White proto-territory, 0 none. */
  readonly proto: Int8Array;
  /** Both layers, by point: +1 / -1 / 0 (dame, live stones, contested). */
  readonly owner: Int8Array;
  /** Ownership in [-1, 1] by point, + = Black; live stones count for their colour, dead ones against. */
  readonly ownership: Float32Array;
  /** Points of dead stones. */
  readonly deadStones: number[];
  /** By point, 1: dame, empty between settled stones of both colours, nobody's (dame.ts). */
  readonly dame: Uint8Array;
  readonly score: ScoreEstimate;
}

/**
 * Two-layer territory (seed 004) and score. Pure.
 *
 * Layer 1, proto-territory: an empty (or dead-stone) point in a player's influence (territory value
 * at least `influenceThreshold` that way) whose every neighbour is also in that influence or a live
 * stone of that player; and every region of such points enclosed by live stones of one colour only.
 * Layer 2, dead groups: dead stones and the empty points next to them become the opponent's; where
 * the zones of two opposing dead groups overlap, neither's. Layer 2 wins where it says something.
 */
export function analyzeTerritory(pos: ColorPosition, options: TerritoryOptions = {}): TerritoryAnalysis {
  const { geo } = pos;
  const rules = options.rules ?? 'territory';
  if (rules !== 'territory' && rules !== 'area') {
    throw new RangeError(`rules: must be "territory" or "area", got ${String(rules)}`);
  }
  const komi = options.komi ?? 0;
  if (!Number.isFinite(komi)) throw new RangeError(`komi: must be a finite number, got ${String(komi)}`);
  const handicap = options.handicap ?? 0;
  if (!Number.isInteger(handicap) || handicap < 0) {
    throw new RangeError(`handicap: must be a non-negative integer, got ${String(handicap)}`);
  }
  const captures = options.captures ?? { black: 0, white: 0 };
  for (const k of ['black', 'white'] as const) {
    if (!Number.isInteger(captures[k]) || captures[k] < 0) {
      throw new RangeError(`captures.${k}: must be a non-negative integer, got ${String(captures[k])}`);
    }
  }
  const params: TerritoryParams = { ...DEFAULT_TERRITORY_PARAMS, ...options.params };
  // Dragon statuses by reading: the owl confirms a death or overturns it.
  // Boards under the board's minimum size (garbage input) are not read.
  const read = options.reading !== false && Math.min(pos.geo.width, pos.geo.height) >= MIN_BOARD_SIZE;
  const refiner = read ? new ReadingRefiner(boardFromPosition(pos)) : undefined;
  if (refiner) {
    refiner.gameOver = options.gameOver === true;
    refiner.toMove = options.toMove ?? BLACK;
  }
  const groups = analyzeGroups(pos, {
    toMove: options.toMove,
    params: options.groups,
    field: options.field,
    refine: refiner?.refine,
  });
  const layers = twoLayers(pos, groups.safety, groups.field, params);
  // Both counts leave the eyes of groups in seki to nobody under territory rules (seki.ts).
  const sekiEyes = rules === 'territory' ? sekiEyePoints(pos, groups) : [];
  neutralize(sekiEyes, layers);
  // ... and the points a player must fill once the dame are filled (teire.ts).
  const filled = rules === 'territory' ? mustFill(pos, groups.safety, layers) : [];
  const score = countScore(pos, groups, layers.owner, layers.ownership, rules, komi, captures, handicap);
  // Bounds as GNU Go's estimate_score takes them: the same position with each side moving first
  // (its intrusions counted); the count is their mean, and the estimate adds the tempo below.
  const other = options.toMove === WHITE ? BLACK : WHITE;
  const otherField = computeInfluenceField(pos, {
    safety: groups.safety,
    toMove: other,
    params: options.field,
  });
  const otherLayers = twoLayers(pos, groups.safety, otherField, params);
  neutralize(sekiEyes, otherLayers);
  neutralize(filled, otherLayers);
  const otherScore = countScore(
    pos,
    groups,
    otherLayers.owner,
    otherLayers.ownership,
    rules,
    komi,
    captures,
    handicap,
  );
  const counted = (score.lead + otherScore.lead) / 2;
  // The interval: the central 80 % of a normal spread calibrated on real games (uncertainty.ts).
  let empty = 0;
  let unsettled = 0;
  // The doubt still to play for: dame are nobody's and worth no move (dame.ts). The interval keeps
  // counting them as doubt, as it was calibrated (uncertainty.ts).
  let playable = 0;
  let critical = 0;
  for (const p of geo.points) {
    const c = pos.colors[p];
    if (c === 0) {
      empty++;
      const doubt = 1 - Math.abs(layers.ownership[p]);
      unsettled += doubt;
      if (!layers.dame[p]) playable += doubt;
    } else if (groups.safety[p] > 0 && groups.safety[p] < CRITICAL_SAFETY) critical++;
  }
  const stdev = scoreStdev(geo, { empty, unsettled, dead: layers.deadStones.length, critical });
  // The side to move holds the tempo (tempo.ts): what moving next is worth on a board this open.
  const tempo =
    options.toMove === undefined
      ? 0
      : tempoLead(playable, geo.points.length, options.toMove, options.gameOver === true);
  const lead = counted + tempo;
  return {
    geo,
    groups,
    field: groups.field,
    ...layers,
    score: { ...score, lead, tempo, stdev, upper: lead + Z80 * stdev, lower: lead - Z80 * stdev },
  };
}

/**
 * The points of territory a player must fill once the dame are filled (teire.ts), on a settled
 * board (one with dame, see twoLayers): nobody's and settled, as dame are. Mutates `layers`.
 */
function mustFill(
  pos: ColorPosition,
  safety: ArrayLike<number>,
  layers: { owner: Int8Array; ownership: Float32Array; dame: Uint8Array },
): number[] {
  if (!layers.dame.some((d) => d === 1)) return [];
  const live = new Int8Array(pos.geo.arraySize);
  for (const p of pos.geo.points) {
    const c = pos.colors[p];
    if ((c === BLACK || c === WHITE) && safety[p] > 0) live[p] = c;
  }
  const points = teirePoints(pos, live, layers.owner, layers.dame);
  neutralize(points, layers);
  for (const p of points) layers.dame[p] = 1;
  return points;
}

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
const CRITICAL_SAFETY = 0.5;

/**
 * Computes both layers and the ownership map from stone safeties (0 = dead) and the field computed
 * with those safeties. Pure.
 */
export function twoLayers(
  pos: ColorPosition,
  safety: ArrayLike<number>,
  field: InfluenceField,
  params: TerritoryParams = DEFAULT_TERRITORY_PARAMS,
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
