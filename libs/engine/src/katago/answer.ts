/**
 * One analysed turn in KataGo's result shape (rootInfo, moveInfos, ownership), from the territory
 * estimate (`estimatePosition`) and the territorial move values (`moveValues`). Pure.
 *
 * Moyo does not search, so `visits` is an effort count: a query's `maxVisits` (default 500) buys
 * one candidate move valued per 10 visits (at most 400 candidates); rootInfo.visits is
 * min(maxVisits, 4000); each move's visits are the root's shared out in proportion to
 * exp(-pointsLost / 2) (moves whose share rounds to 0 are left out, as KataGo leaves out unvisited
 * moves), and `prior` is that share. A move's scoreLead is the root's minus the points it loses
 * against the best move (the move values' totals), so the best move carries the root's lead.
 */
import type { Position } from '../analysis/types';
import { opponent, type Player } from '../board/color';
import { PASS, formatGtpVertex } from '../board/coords';
import { moveValues } from '../territory/move-values';
import { estimatePosition, viewSign, winrateOf, type PositionEstimate } from './estimate';
import { playerLetter } from './coords';

/** Whose view signed numbers take (`overrideSettings.reportAnalysisWinratesAs`). */
export type Perspective = 'BLACK' | 'WHITE' | 'SIDETOMOVE';

/** What a turn's answer holds and how much effort it gets. */
export interface TurnOptions {
  readonly maxVisits: number;
  /**
   * Points White gets beyond komi for handicap stones (KataGo's whiteHandicapBonus, 0 when absent):
   * subtracted from Black's lead, so scoreLead and winrate include it as KataGo's do.
   */
  readonly whiteBonus?: number;
  /** An interim answer (KataGo's isDuringSearch: true), default false. */
  readonly isDuringSearch?: boolean;
  readonly perspective: Perspective;
  readonly includeOwnership?: boolean;
  readonly includeOwnershipStdev?: boolean;
  readonly includeMovesOwnership?: boolean;
  readonly includeMovesOwnershipStdev?: boolean;
  /** Points the player to move may not play (avoidMoves). */
  readonly avoid?: ReadonlySet<number>;
  /** The only points the player to move may play (allowMoves), pass aside. */
  readonly allow?: ReadonlySet<number>;
}

/** One candidate move, KataGo's fields. */
export interface KataGoMoveInfo {
  move: string;
  order: number;
  visits: number;
  edgeVisits: number;
  winrate: number;
  scoreLead: number;
  scoreMean: number;
  scoreStdev: number;
  prior: number;
  pv: string[];
  ownership?: number[];
  ownershipStdev?: number[];
}

/** KataGo's rootInfo, the fields Moyo can fill. */
export interface KataGoRootInfo {
  currentPlayer: 'B' | 'W';
  visits: number;
  winrate: number;
  scoreLead: number;
  scoreStdev: number;
}

/** A turn's answer without `id` and `turnNumber` (the query adds them). */
export interface KataGoTurnAnalysis {
  isDuringSearch: boolean;
  moveInfos: KataGoMoveInfo[];
  rootInfo: KataGoRootInfo;
  ownership?: number[];
  ownershipStdev?: number[];
}

/** Effort: one candidate valued per this many visits. */
export const VISITS_PER_CANDIDATE = 10;
/** The most candidates valued per turn. */
export const MAX_CANDIDATES = 400;
/**
 * The effort of the quick stage a query with reportDuringSearchEvery is first answered from (its
 * interim answer): the same estimate, ten candidates valued instead of up to 400.
 */
export const QUICK_STAGE_VISITS = 100;
/** The default effort when a query gives no maxVisits (KataGo's analysis config default). */
export const DEFAULT_MAX_VISITS = 500;
/** Points lost per e-fold of a move's share of the visits. */
const SHARE_TEMPERATURE = 2;

const r4 = (v: number) => Math.round(v * 1e4) / 1e4 + 0;
const r6 = (v: number) => Math.round(v * 1e6) / 1e6 + 0;

function map(values: readonly number[], sign: number): number[] {
  return values.map((v) => r6(sign * v));
}

function perspectiveSign(perspective: Perspective, toPlay: Player): 1 | -1 {
  if (perspective === 'BLACK') return 1;
  if (perspective === 'WHITE') return -1;
  return viewSign(toPlay);
}

/** The position after `player` plays at `point` (PASS: a pass), on a copy of the board. */
function after(position: Position, point: number, player: Player): Position {
  const board = position.board.clone();
  if (point === PASS) board.pass();
  else board.play(point, player);
  return {
    board,
    toPlay: opponent(player),
    komi: position.komi,
    rules: position.rules,
    moveNumber: position.moveNumber + 1,
    captures: { black: board.captures[1], white: board.captures[2] },
    handicap: position.handicap,
  };
}

function legal(position: Position, point: number, player: Player): boolean {
  if (point === PASS) return true;
  return position.game ? position.game.isLegal(point, player) : position.board.isLegal(point, player);
}

/** Candidates by total (best first): the move values plus pass, whose total is 0. */
function candidates(
  position: Position,
  estimate: PositionEstimate,
  options: TurnOptions,
): { point: number; total: number }[] {
  const player = position.toPlay;
  const count = Math.min(MAX_CANDIDATES, Math.max(1, Math.ceil(options.maxVisits / VISITS_PER_CANDIDATE)));
  const { geo, colors } = position.board;
  const valued = moveValues({ geo, colors }, estimate.analysis, player, {
    top: count,
    maxCandidates: count,
  });
  const out = valued
    .filter((m) => legal(position, m.point, player))
    .filter((m) => !options.avoid?.has(m.point) && (!options.allow || options.allow.has(m.point)))
    .map((m) => ({ point: m.point, total: m.total }));
  if (!options.avoid?.has(PASS)) out.push({ point: PASS, total: 0 });
  out.sort((a, b) => b.total - a.total || a.point - b.point);
  return out;
}

/** The estimate with White's handicap bonus taken off Black's lead. */
function withWhiteBonus(estimate: PositionEstimate, whiteBonus: number): PositionEstimate {
  return whiteBonus === 0 ? estimate : { ...estimate, scoreLead: estimate.scoreLead - whiteBonus };
}

/** Analyses one position (the player to move is `position.toPlay`) into KataGo's turn answer. */
export function analyzeTurn(position: Position, options: TurnOptions): KataGoTurnAnalysis {
  const estimate = withWhiteBonus(estimatePosition(position), options.whiteBonus ?? 0);
  const player = position.toPlay;
  const sign = perspectiveSign(options.perspective, player);
  const mover = viewSign(player);
  const rootVisits = Math.max(1, Math.min(options.maxVisits, MAX_CANDIDATES * VISITS_PER_CANDIDATE));
  const moves = candidates(position, estimate, options);
  // Every candidate avoided (pass too): no moveInfos, as KataGo answers with nothing legal to try.
  const best = moves.length > 0 ? moves[0].total : 0;
  const weights = moves.map((m) => Math.exp(-(best - m.total) / SHARE_TEMPERATURE));
  const sum = weights.reduce((a, b) => a + b, 0);
  const geo = position.board.geo;
  const moveInfos: KataGoMoveInfo[] = [];
  moves.forEach((m, i) => {
    const visits = Math.round((rootVisits * weights[i]) / sum);
    if (visits === 0 && i > 0) return;
    const blackLead = estimate.scoreLead - mover * (best - m.total);
    const lead = sign * blackLead;
    const info: KataGoMoveInfo = {
      move: formatGtpVertex(m.point, geo),
      order: moveInfos.length,
      visits: Math.max(1, visits),
      edgeVisits: Math.max(1, visits),
      winrate: r6(winrateOf(lead, estimate.scoreStdev)),
      scoreLead: r4(lead),
      scoreMean: r4(lead),
      scoreStdev: r4(estimate.scoreStdev),
      prior: r6(weights[i] / sum),
      pv: [formatGtpVertex(m.point, geo)],
    };
    if (options.includeMovesOwnership || options.includeMovesOwnershipStdev) {
      const child = estimatePosition(after(position, m.point, player));
      if (options.includeMovesOwnership) info.ownership = map(child.ownership, sign);
      if (options.includeMovesOwnershipStdev) info.ownershipStdev = map(child.ownershipStdev, 1);
    }
    moveInfos.push(info);
  });
  const lead = sign * estimate.scoreLead;
  const answer: KataGoTurnAnalysis = {
    isDuringSearch: options.isDuringSearch ?? false,
    moveInfos,
    rootInfo: {
      currentPlayer: playerLetter(player),
      visits: rootVisits,
      winrate: r6(winrateOf(lead, estimate.scoreStdev)),
      scoreLead: r4(lead),
      scoreStdev: r4(estimate.scoreStdev),
    },
  };
  if (options.includeOwnership) answer.ownership = map(estimate.ownership, sign);
  if (options.includeOwnershipStdev) answer.ownershipStdev = map(estimate.ownershipStdev, 1);
  return answer;
}
