import { describe, expect, it } from 'vitest';
import { KataGoAnalysisEngine, QUICK_STAGE_VISITS, type KataGoTurnResult } from '../../src/katago';

// KaTrain pondering (engine.py): reportDuringSearchEvery with a large maxVisits; 9x9 to stay quick.
const MOVES = ['C3', 'G7', 'C7', 'G3', 'E5', 'E3', 'D3', 'E4', 'D4'].map((v, i) => [i % 2 ? 'W' : 'B', v]);
const QUERY = {
  id: 'p',
  moves: MOVES,
  rules: 'japanese',
  komi: 6.5,
  boardXSize: 9,
  boardYSize: 9,
  maxVisits: 1000,
  reportDuringSearchEvery: 0.25,
  includeOwnership: true,
  overrideSettings: { reportAnalysisWinratesAs: 'BLACK' },
};

function drain(engine: KataGoAnalysisEngine): KataGoTurnResult[] {
  const out: KataGoTurnResult[] = [];
  for (let r = engine.next(); r; r = engine.next()) out.push(r as KataGoTurnResult);
  return out;
}

describe('interim answers (reportDuringSearchEvery)', () => {
  it('sends the quick stage (isDuringSearch true) before the final answer of each turn', () => {
    const engine = new KataGoAnalysisEngine();
    expect(engine.submit({ ...QUERY, analyzeTurns: [8, 9] })).toEqual([]);
    const out = drain(engine);
    expect(out.map((r) => [r.turnNumber, r.isDuringSearch, r.rootInfo.visits])).toEqual([
      [8, true, QUICK_STAGE_VISITS],
      [8, false, 1000],
      [9, true, QUICK_STAGE_VISITS],
      [9, false, 1000],
    ]);
    // One estimate, two efforts: the same lead and ownership, fewer candidates valued first.
    const [interim, final] = out;
    expect(interim.rootInfo.scoreLead).toBe(final.rootInfo.scoreLead);
    expect(interim.ownership).toEqual(final.ownership);
    expect(interim.moveInfos.length).toBeLessThanOrEqual(final.moveInfos.length);
    expect(interim.moveInfos.length).toBeGreaterThan(0);
  });

  it('sends one answer when not asked, or when maxVisits is no more than the quick stage', () => {
    const plain = new KataGoAnalysisEngine();
    plain.submit({ ...QUERY, reportDuringSearchEvery: undefined });
    expect(drain(plain).map((r) => r.isDuringSearch)).toEqual([false]);
    const small = new KataGoAnalysisEngine();
    small.submit({ ...QUERY, maxVisits: QUICK_STAGE_VISITS });
    expect(drain(small).map((r) => r.isDuringSearch)).toEqual([false]);
  });

  it('ends a turn stopped after its quick stage with that stage as the final answer', () => {
    const engine = new KataGoAnalysisEngine();
    engine.submit({ ...QUERY, analyzeTurns: [8, 9] });
    const interim = engine.next() as KataGoTurnResult;
    expect(interim).toMatchObject({ turnNumber: 8, isDuringSearch: true });
    const out = engine.submit({ id: 'stop', action: 'terminate', terminateId: 'p' });
    expect(out[0]).toEqual({ id: 'stop', action: 'terminate', terminateId: 'p' });
    expect(out[1]).toMatchObject({ id: 'p', turnNumber: 8, isDuringSearch: false });
    expect((out[1] as KataGoTurnResult).rootInfo.visits).toBe(QUICK_STAGE_VISITS);
    expect(out[2]).toEqual({ id: 'p', turnNumber: 9, isDuringSearch: false, noResults: true });
    expect(engine.next()).toBeNull();
  });

  it('warns when firstReportDuringSearchAfter comes without reportDuringSearchEvery', () => {
    const engine = new KataGoAnalysisEngine();
    const out = engine.submit({
      ...QUERY,
      reportDuringSearchEvery: undefined,
      firstReportDuringSearchAfter: 1,
    });
    expect(out).toEqual([
      {
        id: 'p',
        field: 'firstReportDuringSearchAfter',
        warning: 'used only with reportDuringSearchEvery: no interim answers are sent',
      },
    ]);
  });
});
