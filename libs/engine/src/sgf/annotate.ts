import { BLACK, EMPTY, WHITE } from '../board/color';
import { formatSgfPoint, parseGtpVertex } from '../board/coords';
import { Game } from '../board/history';
import { writeSgf, type WriteSgfOptions } from './write';

/** What an exported SGF says about one position: the parts of an analysis report it carries. */
export interface SgfMoveAnalysis {
  /** Score lead, + = Black. */
  scoreLead?: number;
  /** The score's interval (the `score` analysis' lower and upper bounds). */
  lower?: number;
  upper?: number;
  /** Two-layer owner per point (1 Black, -1 White, 0 none), row-major from the top left. */
  owner?: number[];
  /** Ownership in [-1, 1], used for territory when `owner` is absent. */
  ownership?: number[];
  /** Dead stones as GTP vertices. */
  deadStones?: string[];
  /** The best moves with their values, best first. */
  topMoves?: { vertex: string; value: number }[];
}

/** Ownership at least this sure counts as territory when only `ownership` is known. */
const OWNERSHIP_TERRITORY = 0.5;

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function numbers(v: unknown): number[] | undefined {
  return Array.isArray(v) && v.every((x) => typeof x === 'number') ? (v as number[]) : undefined;
}

/**
 * Reads the SGF-relevant parts of an analysis report (`analyzePosition`'s JSON, as the api stores
 * it): score and interval (`score`, else `territory`'s lead), territory, dead stones, move values.
 * Null when the report holds none of them.
 */
export function sgfAnalysisOfReport(report: unknown): SgfMoveAnalysis | null {
  const a = (report as { analyses?: Record<string, Record<string, unknown>> } | null)?.analyses;
  if (!a || typeof a !== 'object') return null;
  const out: SgfMoveAnalysis = {
    scoreLead: num(a.score?.scoreLead) ?? num(a.territory?.scoreLead),
    lower: num(a.score?.lower),
    upper: num(a.score?.upper),
    owner: numbers(a.territory?.owner),
    ownership: numbers(a.territory?.ownership),
    deadStones: Array.isArray(a.deadStones?.deadStones) ? (a.deadStones.deadStones as string[]) : undefined,
    topMoves: Array.isArray(a.moveValues?.moves)
      ? (a.moveValues.moves as { vertex: string; total?: number; value: number }[]).map((m) => ({
          vertex: m.vertex,
          value: m.total ?? m.value,
        }))
      : undefined,
  };
  return Object.values(out).some((v) => v !== undefined) ? out : null;
}

function lead(v: number): string {
  return v === 0 ? 'Jigo' : `${v > 0 ? 'B' : 'W'}+${Math.abs(v).toFixed(1)}`;
}

/**
 * SGF properties for one analysed position of `game` (its current board): C with the score, its
 * interval, the dead stones and the best moves; TB/TW on the territory (empty points and dead
 * stones, the scoring convention Sabaki and other editors show); MA on the dead stones.
 */
export function sgfAnalysisProperties(a: SgfMoveAnalysis, game: Game): Record<string, string[]> {
  const geo = game.geo;
  const props: Record<string, string[]> = {};
  const dead = new Set<number>();
  for (const v of a.deadStones ?? []) {
    try {
      const p = parseGtpVertex(v, geo);
      if (game.board.colors[p] === BLACK || game.board.colors[p] === WHITE) dead.add(p);
    } catch {
      // a vertex off this board: not this position's stone
    }
  }
  const lines: string[] = [];
  if (a.scoreLead !== undefined) {
    const interval =
      a.lower !== undefined && a.upper !== undefined
        ? ` (between ${lead(a.lower)} and ${lead(a.upper)})`
        : '';
    lines.push(`Moyo score: ${lead(a.scoreLead)}${interval}`);
  }
  if (a.deadStones) lines.push(`Dead stones: ${a.deadStones.length ? a.deadStones.join(' ') : 'none'}`);
  if (a.topMoves?.length) {
    lines.push(
      `Best moves: ${a.topMoves
        .slice(0, 5)
        .map((m) => `${m.vertex} ${m.value.toFixed(1)}`)
        .join(', ')}`,
    );
  }
  if (lines.length) props.C = [lines.join('\n')];
  const map = a.owner ?? a.ownership;
  if (map && map.length === geo.points.length) {
    const tb: string[] = [];
    const tw: string[] = [];
    const limit = a.owner ? 1 : OWNERSHIP_TERRITORY;
    Array.from(geo.points).forEach((p, i) => {
      const c = game.board.colors[p];
      if (c !== EMPTY && !dead.has(p)) return;
      if (map[i] >= limit && c !== BLACK) tb.push(formatSgfPoint(p, geo));
      if (map[i] <= -limit && c !== WHITE) tw.push(formatSgfPoint(p, geo));
    });
    if (tb.length) props.TB = tb;
    if (tw.length) props.TW = tw;
  }
  if (dead.size) props.MA = [...dead].map((p) => formatSgfPoint(p, geo));
  return props;
}

/**
 * Writes `game` as SGF (writeSgf) with the analysis of each position in `analyses` (move number
 * -> analysis; 0 is the root) on its node. Replays a copy of the game to know each node's stones.
 */
export function writeAnalysedSgf(
  game: Game,
  analyses: ReadonlyMap<number, SgfMoveAnalysis>,
  options: Omit<WriteSgfOptions, 'nodeProperties'> = {},
): string {
  const replay = new Game(game.geo, { rules: game.rules, komi: game.komi });
  const props = new Map<number, Record<string, string[]>>();
  let moveNumber = 0;
  const note = () => {
    const a = analyses.get(moveNumber);
    if (a) props.set(moveNumber, sgfAnalysisProperties(a, replay));
  };
  let setupDone = false;
  for (const action of game.history) {
    if (action.kind === 'setup') {
      replay.setup(action.stones, action.toPlayAfter);
      continue;
    }
    if (!setupDone) note();
    setupDone = true;
    replay.play(action.point, action.player);
    moveNumber++;
    note();
  }
  if (!setupDone) note();
  return writeSgf(game, { ...options, nodeProperties: (n) => props.get(n) });
}
