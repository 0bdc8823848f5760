import type { Step } from './timeline';
import { parseVertex } from './timeline';

/** What one move's stored analysis says, ready to draw. Nothing here is computed in the page. */
export interface MoveAnalysis {
  /** Score lead (+ = Black) from the `score` analysis, else from `territory`. */
  scoreLead: number | null;
  /** The `score` analysis' interval, when it gives one. */
  lower: number | null;
  upper: number | null;
  /** Ownership in [-1, 1] per point (row-major from the top left), else the two-layer owner. */
  ownership: number[] | null;
  deadStones: [number, number][];
  deadNames: string[];
  topMoves: { vertex: [number, number]; name: string; value: number }[];
}

/** The analysis of a step on a board `width` columns by `height` rows (default square). */
export function moveAnalysis(step: Step | undefined, width: number, height = width): MoveAnalysis | null {
  if (!step || step.status !== 'completed' || !step.result) return null;
  const a = step.result.analyses ?? {};
  const scoreLead = a.score?.scoreLead ?? a.territory?.scoreLead ?? null;
  const dead = a.deadStones?.deadStones ?? [];
  return {
    scoreLead: typeof scoreLead === 'number' ? scoreLead : null,
    lower: typeof a.score?.lower === 'number' ? a.score.lower : null,
    upper: typeof a.score?.upper === 'number' ? a.score.upper : null,
    ownership: a.territory?.ownership ?? a.territory?.owner ?? null,
    deadStones: dead
      .map((v) => parseVertex(v, width, height))
      .filter((p): p is [number, number] => p !== null),
    deadNames: dead,
    topMoves: (a.moveValues?.moves ?? [])
      .slice(0, 5)
      .map((m) => ({
        vertex: parseVertex(m.vertex, width, height),
        name: m.vertex,
        value: m.total ?? m.value,
      }))
      .filter((m): m is { vertex: [number, number]; name: string; value: number } => m.vertex !== null),
  };
}

/** "B+3.5", "W+0.5" or "Jigo". */
export function formatLead(lead: number): string {
  if (lead === 0) return 'Jigo';
  return `${lead > 0 ? 'B' : 'W'}+${Math.abs(lead).toFixed(1)}`;
}
