import type { EngineAnswer } from './engines';
import { CLOSE_PRO_CATEGORIES, type RealGameSet } from './manifest';
import { phaseName, type GamePosition } from './positions';

export const SIDES = ['moyo', 'gnugo'] as const;
export type Side = (typeof SIDES)[number];

/** One side's judgement of one position, measured against the counted result. */
export interface SideRow {
  blackLead: number;
  lower: number;
  upper: number;
  /** Stones called dead that stay on the board (never captured) to the end of the game. */
  deadOnBoard: number;
  /** ... of those, the ones neither engine calls dead in the final position: alive when counted. */
  deadAlive: number;
  msEstimate: number;
  msDead: number;
  /** final_score, Black-positive (final positions only). */
  finalScore: number | null;
}

/** One position of the report (JSON). */
export interface PositionRow {
  game: string;
  set: RealGameSet;
  category: string;
  closePro: boolean;
  size: number;
  rules: string;
  phase: string;
  moves: number;
  result: number;
  moyo: SideRow | null;
  gnugo: SideRow | null;
  errors: Partial<Record<Side, string>>;
}

/**
 * Scores one side's answer. `finalDead` is the union of the stones both engines call dead in the
 * final position of the game: a stone still on the board at the end counts as alive at the end
 * unless one of them calls it dead there.
 */
export function sideRow(
  pos: GamePosition,
  answer: EngineAnswer,
  finalDead: ReadonlySet<string>,
): SideRow | null {
  if (!answer.estimate || !answer.dead) return null;
  const onBoard = answer.dead.filter((v) => pos.survivors.has(v));
  return {
    blackLead: answer.estimate.blackLead,
    lower: answer.estimate.lower,
    upper: answer.estimate.upper,
    deadOnBoard: onBoard.length,
    deadAlive: onBoard.filter((v) => !finalDead.has(v)).length,
    msEstimate: answer.msEstimate,
    msDead: answer.msDead,
    finalScore: answer.finalScore,
  };
}

export function positionRow(
  pos: GamePosition,
  answers: Partial<Record<Side, EngineAnswer>>,
  finalDead: ReadonlySet<string>,
): PositionRow {
  const errors: Partial<Record<Side, string>> = {};
  const rowOf = (side: Side): SideRow | null => {
    const a = answers[side];
    if (!a) return null;
    if (a.error) errors[side] = a.error;
    return sideRow(pos, a, finalDead);
  };
  return {
    game: pos.game.id,
    set: pos.game.set,
    category: pos.game.category,
    closePro: CLOSE_PRO_CATEGORIES.includes(pos.game.category),
    size: pos.game.size,
    rules: pos.game.rules,
    phase: phaseName(pos.phase),
    moves: pos.moves,
    result: pos.game.result.blackLead,
    moyo: rowOf('moyo'),
    gnugo: rowOf('gnugo'),
    errors,
  };
}

/** One side's figures over a slice of positions. */
export interface SideSummary {
  positions: number;
  /** Share of positions whose estimate has the counted winner's sign (a lead of exactly 0 counts half). */
  winner: number;
  /** Mean |estimate - counted result|. */
  mae: number;
  /** Share of positions whose counted result lies in [lower, upper]. */
  inside: number;
  meanWidth: number;
  deadOnBoard: number;
  deadAlive: number;
  /** Share of positions with any stone called dead that is alive at the end. */
  positionsWithDeadAlive: number;
  /** Share of estimate_score answers within 2 points of the result. */
  within2: number;
  /** Share of final_score answers within 2 points of the result (final positions; NaN elsewhere). */
  finalScoreWithin2: number;
  ms: { estimateMedian: number; estimateP95: number; deadMedian: number; deadP95: number; meanBoth: number };
}

export interface SliceSummary {
  positions: number;
  games: number;
  /** Mean |result|: the error of always answering "an even game" (0). */
  evenGuessMae: number;
  moyo: SideSummary | null;
  gnugo: SideSummary | null;
}

const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

export function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1));
  return q === 0.5 && s.length % 2 === 0 ? (s[s.length / 2 - 1] + s[s.length / 2]) / 2 : s[i];
}

function summarizeSide(rows: readonly PositionRow[], side: Side): SideSummary | null {
  const pairs = rows.flatMap((r) => (r[side] ? [{ r, s: r[side] as SideRow }] : []));
  if (pairs.length === 0) return null;
  const winnerOf = (lead: number, result: number) =>
    lead === 0 ? 0.5 : Math.sign(lead) === Math.sign(result) ? 1 : 0;
  return {
    positions: pairs.length,
    winner: mean(pairs.map(({ r, s }) => winnerOf(s.blackLead, r.result))),
    mae: mean(pairs.map(({ r, s }) => Math.abs(s.blackLead - r.result))),
    inside: mean(pairs.map(({ r, s }) => (s.lower <= r.result && r.result <= s.upper ? 1 : 0))),
    meanWidth: mean(pairs.map(({ s }) => s.upper - s.lower)),
    deadOnBoard: pairs.reduce((a, { s }) => a + s.deadOnBoard, 0),
    deadAlive: pairs.reduce((a, { s }) => a + s.deadAlive, 0),
    positionsWithDeadAlive: mean(pairs.map(({ s }) => (s.deadAlive > 0 ? 1 : 0))),
    within2: mean(pairs.map(({ r, s }) => (Math.abs(s.blackLead - r.result) <= 2 ? 1 : 0))),
    finalScoreWithin2: mean(
      pairs.flatMap(({ r, s }) =>
        s.finalScore === null ? [] : [Math.abs(s.finalScore - r.result) <= 2 ? 1 : 0],
      ),
    ),
    ms: {
      estimateMedian: quantile(
        pairs.map(({ s }) => s.msEstimate),
        0.5,
      ),
      estimateP95: quantile(
        pairs.map(({ s }) => s.msEstimate),
        0.95,
      ),
      deadMedian: quantile(
        pairs.map(({ s }) => s.msDead),
        0.5,
      ),
      deadP95: quantile(
        pairs.map(({ s }) => s.msDead),
        0.95,
      ),
      meanBoth: mean(pairs.map(({ s }) => s.msEstimate + s.msDead)),
    },
  };
}

/** Both sides' figures over `rows`. */
export function summarize(rows: readonly PositionRow[]): SliceSummary {
  return {
    positions: rows.length,
    games: new Set(rows.map((r) => r.game)).size,
    evenGuessMae: mean(rows.map((r) => Math.abs(r.result))),
    moyo: summarizeSide(rows, 'moyo'),
    gnugo: summarizeSide(rows, 'gnugo'),
  };
}

/** The slices the bench reports, by name: phase by board size, mid-game pools, close pro vs wide. */
export function slices(rows: readonly PositionRow[]): Record<string, SliceSummary> {
  const out: Record<string, SliceSummary> = {};
  const phases = [...new Set(rows.map((r) => r.phase))];
  const mid = (r: PositionRow) => r.phase !== 'final';
  for (const size of ['all', 9, 13, 19] as const) {
    const bySize = rows.filter((r) => size === 'all' || r.size === size);
    if (bySize.length === 0) continue;
    const label = size === 'all' ? 'all sizes' : `${size}x${size}`;
    for (const phase of phases) out[`${label} ${phase}`] = summarize(bySize.filter((r) => r.phase === phase));
    if (bySize.some(mid)) out[`${label} mid-game`] = summarize(bySize.filter(mid));
  }
  for (const [name, pick] of [
    ['close pro', (r: PositionRow) => r.closePro],
    ['wide margin', (r: PositionRow) => !r.closePro],
  ] as const) {
    for (const phase of phases) {
      const sel = rows.filter((r) => pick(r) && r.phase === phase);
      if (sel.length) out[`${name} ${phase}`] = summarize(sel);
    }
    const sel = rows.filter((r) => pick(r) && mid(r));
    if (sel.length) out[`${name} mid-game`] = summarize(sel);
  }
  return out;
}
