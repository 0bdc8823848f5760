import { describe, expect, it } from 'vitest';
import { BLACK, WHITE, type PointColor } from '../../src/board/color';
import { PASS, type Move } from '../../src/board/coords';
import {
  KataGoAnalysisEngine,
  handicapStonesAt,
  parseKataGoInput,
  whiteHandicapBonusPoints,
  type KataGoTurnResult,
} from '../../src/katago';

const b = (point: number): Move => ({ player: BLACK, point });
const w = (point: number): Move => ({ player: WHITE, point });
const stones = (n: number, color: PointColor = BLACK) => Array.from({ length: n }, () => ({ color }));

describe("KataGo's handicap count and white bonus", () => {
  it('counts black setup stones and the black moves before White, one stone being no handicap', () => {
    expect(handicapStonesAt(stones(4), [], 0)).toBe(4);
    expect(handicapStonesAt([...stones(3), { color: WHITE }], [], 0)).toBe(0);
    expect(handicapStonesAt(stones(1), [], 0)).toBe(0);
    expect(handicapStonesAt([], [b(20), b(30), b(40), w(50)], 4)).toBe(3);
    expect(handicapStonesAt([], [b(20), w(30)], 2)).toBe(0);
    // Only the moves before the turn count; passes are not stones.
    expect(handicapStonesAt([], [b(20), b(30), b(40)], 1)).toBe(0);
    expect(handicapStonesAt([], [b(20), b(PASS), b(40), w(50)], 4)).toBe(2);
    // White playing twice after the black run: a problem set up move by move, not a handicap.
    expect(handicapStonesAt([], [b(20), b(30), w(40), w(50)], 4)).toBe(0);
    expect(handicapStonesAt(stones(2), [b(20), w(30)], 2)).toBe(3);
  });

  it('gives White 0, N-1 or N points', () => {
    expect([
      whiteHandicapBonusPoints('0', 4),
      whiteHandicapBonusPoints('N-1', 4),
      whiteHandicapBonusPoints('N', 4),
    ]).toEqual([0, 3, 4]);
    expect(whiteHandicapBonusPoints('N', 0)).toBe(0);
  });

  it('takes the rule from the rules name or object, overridden by the top-level field', () => {
    const rule = (extra: Record<string, unknown>) => {
      const p = parseKataGoInput({ id: 'h', moves: [], boardXSize: 9, boardYSize: 9, ...extra });
      if (p.kind !== 'query') throw new Error(JSON.stringify(p));
      return p.query.whiteHandicapBonus;
    };
    expect(rule({ rules: 'chinese' })).toBe('N');
    expect(rule({ rules: 'aga' })).toBe('N-1');
    expect(rule({ rules: 'japanese' })).toBe('0');
    expect(rule({ rules: { scoring: 'AREA', whiteHandicapBonus: 'N-1' } })).toBe('N-1');
    expect(rule({ rules: 'koPOSITIONALscoreAREAtaxNONEsui0whbN' })).toBe('N');
    expect(rule({ rules: 'chinese', whiteHandicapBonus: '0' })).toBe('0');
    const bad = parseKataGoInput({
      id: 'h',
      moves: [],
      boardXSize: 9,
      boardYSize: 9,
      rules: 'chinese',
      whiteHandicapBonus: 'N+1',
    });
    expect(bad).toMatchObject({ kind: 'error', line: { id: 'h', field: 'whiteHandicapBonus' } });
  });

  it("applies the bonus to the answer's lead (not to ownership): 4 stones, N = 4, N-1 = 3", () => {
    const query = {
      id: 'h4',
      rules: 'chinese',
      komi: 0.5,
      boardXSize: 9,
      boardYSize: 9,
      initialStones: [
        ['B', 'C3'],
        ['B', 'G7'],
        ['B', 'C7'],
        ['B', 'G3'],
      ],
      moves: [['W', 'E5']],
      analyzeTurns: [0, 1],
      includeOwnership: true,
      overrideSettings: { reportAnalysisWinratesAs: 'BLACK' },
    };
    const answer = (extra: Record<string, unknown>) => {
      const engine = new KataGoAnalysisEngine();
      expect(engine.submit({ ...query, ...extra }).filter((l) => 'error' in l)).toEqual([]);
      const out: KataGoTurnResult[] = [];
      for (let r = engine.next(); r; r = engine.next()) out.push(r as KataGoTurnResult);
      return out;
    };
    const none = answer({ whiteHandicapBonus: '0' });
    const n = answer({});
    const nMinus1 = answer({ whiteHandicapBonus: 'N-1' });
    for (let t = 0; t < 2; t++) {
      expect(n[t].rootInfo.scoreLead).toBeCloseTo(none[t].rootInfo.scoreLead - 4, 3);
      expect(nMinus1[t].rootInfo.scoreLead).toBeCloseTo(none[t].rootInfo.scoreLead - 3, 3);
      expect(n[t].moveInfos[0].scoreLead).toBeCloseTo(none[t].moveInfos[0].scoreLead - 4, 3);
      expect(n[t].rootInfo.winrate).toBeLessThanOrEqual(none[t].rootInfo.winrate);
      expect(n[t].ownership).toEqual(none[t].ownership);
    }
  });
});
