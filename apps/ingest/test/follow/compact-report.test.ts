import type { PositionInput } from '@moyo/contracts';
import {
  renderBoardSvg,
  RESULT_OVERLAYS,
  sgfAnalysisOfReport,
  writeAnalysedSgf,
  type SgfMoveAnalysis,
} from '@moyo/engine';
import { compactReport, compactResult, expandResult, isCompactedReport } from '@moyo/persistence';
import { describe, expect, it } from 'vitest';
import { jobPicture } from '../../../api/src/boards/job-picture';
import { gameFromInput } from '../../../api/src/exports/game-from-input';
import { moveAnalysis } from '../../../viewer/src/analysis';
import type { AnalysisReport } from '../../../viewer/src/types';
import { ALL_ANALYSES, fixtureInput, reportOf } from '../support/reports';

const size = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

/** What the viewer draws for a move whose stored result is `result`. */
function viewerOf(result: unknown, width: number) {
  return moveAnalysis({ jobId: 'j', status: 'completed', result: result as AnalysisReport }, width);
}

/** The board picture the api draws of a completed job, every overlay the result may hold. */
function svgOf(input: PositionInput, result: unknown): string {
  const job = { id: 'j', status: 'completed', input, result };
  return renderBoardSvg(jobPicture(job, { overlays: RESULT_OVERLAYS }).picture);
}

/** The SGF the export writes for `input` with `results` (move number -> stored result). */
function sgfOf(input: PositionInput, results: Map<number, unknown>): string {
  const analyses = new Map<number, SgfMoveAnalysis>();
  for (const [n, r] of results) {
    const a = sgfAnalysisOfReport(r);
    if (a) analyses.set(n, a);
  }
  return writeAnalysedSgf(gameFromInput(input), analyses, { info: { GN: 'compact' } });
}

describe('compactReport: a finished game move result keeps what the viewer and the SGF export read', () => {
  for (const [name, every] of [
    ['gnugo-selfplay-13x13.sgf', 16],
    ['gnugo-selfplay-19x19.sgf', 70],
  ] as const) {
    it(`gives the same viewer analysis, SGF and board picture from compacted results (${name}, every ${every} moves)`, () => {
      const game = fixtureInput(name);
      const full = new Map<number, unknown>();
      const compact = new Map<number, unknown>();
      let before = 0;
      let after = 0;
      let withTopMoves = 0;
      for (let n = every; n <= game.moves.length; n += every) {
        // As stored: job_results holds the board analysis in its compact form (board-result.ts).
        const input = { ...game, moves: game.moves.slice(0, n) };
        const stored = compactResult(reportOf(input, ALL_ANALYSES));
        const c = compactReport(stored);
        expect(isCompactedReport(c)).toBe(true);
        expect(isCompactedReport(stored)).toBe(false);
        // Idempotent; every read (expandResult) gives the maps back as arrays, marked still.
        expect(compactReport(c)).toEqual(c);
        const read = expandResult(c);
        expect(isCompactedReport(read)).toBe(true);
        expect(expandResult(read)).toEqual(read);
        expect(compactReport(read)).toEqual(c);
        const w = game.boardXSize;
        const v = viewerOf(expandResult(stored), w);
        expect(v?.scoreLead, `move ${n}`).toEqual(expect.any(Number));
        expect(v?.ownership).toHaveLength(w * w);
        if (v?.topMoves.length) withTopMoves++;
        expect(viewerOf(read, w), `move ${n}`).toEqual(v);
        expect(svgOf(input, read), `move ${n}`).toBe(svgOf(input, expandResult(stored)));
        // The maps are stored as text.
        expect(JSON.stringify(c)).not.toContain('"ownership"');
        full.set(n, expandResult(stored));
        compact.set(n, read);
        before += size(stored);
        after += size(c);
      }
      expect(withTopMoves).toBeGreaterThan(0);
      const sgf = sgfOf(game, full);
      expect(sgf).toContain('Moyo score');
      expect(sgf).toContain('TB[');
      expect(sgfOf(game, compact)).toBe(sgf);
      expect(after).toBeLessThan(before / 3);
    });
  }

  it('stores a map as text only when every value comes back exactly', () => {
    const territory = (ownership: unknown, owner: unknown) =>
      compactReport({ analyses: { territory: { ownership, owner, scoreLead: 1 } } }).analyses as {
        territory: Record<string, unknown>;
      };
    expect(territory([1, -0.57, 0, 0.04], [1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]).territory).toEqual({
      ownershipPct: Buffer.from(Int8Array.of(100, -57, 0, 4).buffer).toString('base64'),
      ownerMap: 'XO.11X2',
      scoreLead: 1,
    });
    for (const [ownership, owner] of [
      [[0.123], [2]],
      [[1.5], [0.5]],
      [[-0], [-0]],
      [['1'], ['1']],
      [[], []],
    ]) {
      const c = territory(ownership, owner);
      expect(c.territory).toEqual({ ownership, owner, scoreLead: 1 });
      expect((expandResult({ compacted: {}, analyses: c }) as { analyses: unknown }).analyses).toEqual(c);
    }
    const read = expandResult(
      compactReport({ analyses: { territory: { ownership: [0.57, -1], owner: [0, 1] } } }),
    );
    expect(read.analyses).toEqual({ territory: { ownership: [0.57, -1], owner: [0, 1] } });
  });

  it('keeps only the fields that are there, and compacts anything to a marked report', () => {
    const c = compactReport({
      board: { size: 9 },
      analyses: { score: { scoreLead: 2.5, stdev: 3 }, bouzy: {} },
    });
    expect(c).toEqual({
      compacted: expect.objectContaining({ reason: 'finished-game' }),
      board: { size: 9 },
      analyses: { score: { scoreLead: 2.5 } },
    });
    expect(compactReport(null)).toEqual({ compacted: expect.any(Object), analyses: {} });
  });
});
