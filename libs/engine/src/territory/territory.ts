import { BLACK, WHITE, type Player } from '../board/color';
import type { Geometry } from '../board/geometry';
import { MIN_BOARD_SIZE } from '../board/geometry';
import { countScore } from './count';
import { countingSafety, weakStones } from './counting-field';
import { CRITICAL_SAFETY, DEFAULT_TERRITORY_PARAMS, twoLayers, type TerritoryParams } from './layers';
import { neutralize, sekiEyePoints } from './seki';
import { teirePoints } from './teire';
import { tempoLead } from './tempo';
import { posteriorLead, scoreStdev, Z80 } from './uncertainty';
import { boardFromPosition, ReadingRefiner } from '../dragons/refine';
import { analyzeGroups, type GroupAnalysis, type GroupParams } from '../groups/status';
import { computeInfluenceField, type FieldParams, type InfluenceField } from '../influence/field';
import type { ColorPosition } from '../influence/position';

/** Counting rules: territory (Japanese: territory + prisoners) or area (Chinese: stones + territory). */
export type ScoringRules = 'territory' | 'area';

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
  /**
   * Expected final lead, + = Black: `count` combined with real games' spread of results while the
   * game goes on (territory/uncertainty.ts posteriorLead); `count` itself once both players passed.
   */
  readonly lead: number;
  /**
   * The count: every point by its ownership, captures, komi and rules, plus the side to move's
   * tempo; what `lead` is made from. (countScore's own `lead`, before the tempo and the prior.)
   */
  readonly count?: number;
  /**
   * Standard deviation of the final lead around `lead`: the count's spread calibrated on real
   * counted games (territory/uncertainty.ts), narrowed by the prior as `lead` is; upper and lower
   * are lead +- 1.2816 stdev, an 80 % interval.
   * (countScore's own upper/lower, before that, are the lead if every unsettled point went to one side.)
   */
  readonly stdev?: number;
  /**
   * The part of `count` that is the side to move's tempo (territory/tempo.ts), + = Black: `count`
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
  // The count's field: stones more likely dead than alive neither radiate nor block (counting-field.ts).
  const weak = weakStones(geo, groups.safety);
  const countSafety = weak ? countingSafety(geo, groups.safety, weak) : groups.safety;
  const countField = weak
    ? computeInfluenceField(pos, { safety: countSafety, toMove: options.toMove, params: options.field })
    : groups.field;
  const layers = twoLayers(pos, groups.safety, countField, params, weak);
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
    safety: countSafety,
    toMove: other,
    params: options.field,
  });
  const otherLayers = twoLayers(pos, groups.safety, otherField, params, weak);
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
  const count = counted + tempo;
  // While the game goes on, the lead is the count combined with real games' spread of results
  // (uncertainty.ts posteriorLead); a game both players ended is counted as it stands.
  const post = options.gameOver === true ? { lead: count, stdev } : posteriorLead(count, stdev);
  const { lead } = post;
  return {
    geo,
    groups,
    field: groups.field,
    ...layers,
    score: {
      ...score,
      lead,
      count,
      tempo,
      stdev: post.stdev,
      upper: lead + Z80 * post.stdev,
      lower: lead - Z80 * post.stdev,
    },
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

export { DEFAULT_TERRITORY_PARAMS, twoLayers, type TerritoryParams } from './layers';
