import { describe, expect, it } from 'vitest';
import { formatLead, moveAnalysis } from '../src/analysis';
import { mainLineMoves } from '../src/sgf-moves';
import { emptyTimeline, lastMoveNumber, parseVertex, positionAt, withInput } from '../src/timeline';

const INPUT = {
  boardXSize: 5,
  boardYSize: 5,
  komi: 0.5,
  rules: 'japanese',
  initialStones: [['B', 'E5']] as ['B', string][],
  // White A5 is captured by B4 and A4... B at B5 then A4: White A5 has no liberty left.
  moves: [
    ['W', 'A5'],
    ['B', 'B5'],
    ['W', 'pass'],
    ['B', 'A4'],
  ] as ['B' | 'W', string][],
};

describe('viewer timeline', () => {
  it('reads GTP vertices as Shudan vertices from the top left (no I column)', () => {
    expect(parseVertex('A1', 19)).toEqual([0, 18]);
    expect(parseVertex('J19', 19)).toEqual([8, 0]);
    expect(parseVertex('t1', 19)).toEqual([18, 18]);
    expect(parseVertex('pass', 19)).toBeNull();
    expect(parseVertex('Z1', 19)).toBeNull();
    expect(parseVertex('A20', 19)).toBeNull();
  });

  it('replays setup and moves with captures; a pass leaves the board as it was', () => {
    const t = withInput(emptyTimeline('job', 'j'), INPUT);
    expect(positionAt(t, 0).board.signMap[0]).toEqual([0, 0, 0, 0, 1]);
    expect(positionAt(t, 1).board.signMap[0]).toEqual([-1, 0, 0, 0, 1]);
    const atPass = positionAt(t, 3);
    expect(atPass.lastMove).toEqual({ color: 'W', vertex: null });
    expect(atPass.board.signMap).toEqual(positionAt(t, 2).board.signMap);
    const end = positionAt(t, 4);
    expect(end.board.signMap[0]).toEqual([0, 1, 0, 0, 1]);
    expect(end.board.signMap[1]).toEqual([1, 0, 0, 0, 0]);
    expect(end.captures.black).toBe(1);
    expect(lastMoveNumber(t)).toBe(4);
  });

  it('shows an analysis only for a completed job of that move: no fallback', () => {
    const report = {
      analyses: { score: { scoreLead: -2.5, lower: -6, upper: 1 }, deadStones: { deadStones: ['A5'] } },
    };
    expect(moveAnalysis({ jobId: 'x', status: 'queued', result: null }, 5)).toBeNull();
    expect(moveAnalysis({ jobId: 'x', status: 'failed', result: report }, 5)).toBeNull();
    expect(moveAnalysis(undefined, 5)).toBeNull();
    const a = moveAnalysis({ jobId: 'x', status: 'completed', result: report }, 5);
    expect(a).toMatchObject({ scoreLead: -2.5, lower: -6, upper: 1, deadStones: [[0, 0]], ownership: null });
    expect([formatLead(-2.5), formatLead(0), formatLead(3)]).toEqual(['W+2.5', 'Jigo', 'B+3.0']);
  });

  it('replays a rectangular board: 7 columns (boardXSize) by 5 rows (boardYSize)', () => {
    expect(parseVertex('G5', 7, 5)).toEqual([6, 0]);
    expect(parseVertex('A1', 7, 5)).toEqual([0, 4]);
    expect(parseVertex('H1', 7, 5)).toBeNull();
    expect(parseVertex('A6', 7, 5)).toBeNull();
    const t = withInput(emptyTimeline('job', 'r'), {
      ...INPUT,
      boardXSize: 7,
      boardYSize: 5,
      initialStones: [['B', 'G5']],
      moves: [['W', 'A1']],
    });
    const end = positionAt(t, 1).board.signMap;
    expect(end.map((row) => row.length)).toEqual([7, 7, 7, 7, 7]);
    expect(end[0][6]).toBe(1);
    expect(end[4][0]).toBe(-1);
    const report = { analyses: { deadStones: { deadStones: ['G1'] } } };
    const a = moveAnalysis({ jobId: 'x', status: 'completed', result: report }, 7, 5);
    expect(a?.deadStones).toEqual([[6, 4]]);
  });

  it('counts the moves of the main line (first variation, passes included)', () => {
    expect(mainLineMoves('(;GM[1]SZ[9];B[ee];W[];B[cc](;W[dd];B[ff])(;W[aa]))')).toBe(5);
    expect(mainLineMoves('(;GM[1]SZ[9]AB[aa]C[setup only])')).toBe(0);
    expect(() => mainLineMoves('not sgf')).toThrow();
  });
});
