import type { KataGoMove, PositionInput } from '@moyo/contracts';
import { analyzePosition, formatGtpVertex, Game, seededRandom } from '@moyo/engine';
import { compactResult, expandResult } from '@moyo/persistence';
import { describe, expect, it } from 'vitest';
import { replayPosition } from '../src/engine/engine-tasks';

/** A legal position of `moves` random moves (passes when none is found) on a width x height board. */
function randomInput(seed: number, width: number, height: number, moves: number): PositionInput {
  const random = seededRandom(seed);
  const game = new Game({ width, height });
  const played: KataGoMove[] = [];
  for (let m = 0; m < moves; m++) {
    let point = 0;
    for (let tries = 0; tries < 40 && point === 0; tries++) {
      const p = game.geo.pt(Math.floor(random() * width), Math.floor(random() * height));
      if (game.isLegal(p)) point = p;
    }
    if (point === 0) break;
    played.push([m % 2 === 0 ? 'B' : 'W', formatGtpVertex(point, game.geo)]);
    game.play(point);
  }
  return {
    boardXSize: width,
    boardYSize: height,
    komi: 6.5,
    rules: 'japanese',
    initialStones: [],
    moves: played,
  };
}

const reportOf = (input: PositionInput, analyses = ['board']) =>
  analyzePosition(replayPosition(input), analyses, {}) as unknown as Record<string, unknown> & {
    analyses: Record<string, unknown>;
  };

/**
 * The chains of a board given as rows, by flood fill over the rows alone (no engine board): the
 * reference the engine's `board` report (chainsReport) is checked against. Chains in order of
 * their first stone, stones and liberties row-major, as GTP vertices.
 */
function floodChains(rows: string[]) {
  const h = rows.length;
  const w = rows[0].length;
  const name = (i: number) => 'ABCDEFGHJKLMNOPQRSTUVWXYZ'[i % w] + String(h - Math.floor(i / w));
  const at = (i: number) => rows[Math.floor(i / w)][i % w];
  const seen = new Set<number>();
  const chains: { color: string; stones: string[]; liberties: number; libertyPoints: string[] }[] = [];
  for (let i = 0; i < w * h; i++) {
    if (at(i) === '.' || seen.has(i)) continue;
    const stones = new Set([i]);
    const libs = new Set<number>();
    for (const p of stones) {
      const x = p % w;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
        if (q < 0 || q >= w * h) continue;
        if (at(q) === '.') libs.add(q);
        else if (at(q) === at(i)) stones.add(q);
      }
    }
    for (const p of stones) seen.add(p);
    const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b).map(name);
    chains.push({
      color: at(i) === 'X' ? 'B' : 'W',
      stones: sorted(stones),
      liberties: libs.size,
      libertyPoints: sorted(libs),
    });
  }
  return chains;
}

/** What PostgreSQL gives back: the stored JSON, parsed again. */
const roundTrip = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('stored board results (compactResult / expandResult)', () => {
  const sizes: [number, number, number][] = [
    [19, 19, 30],
    [19, 19, 250],
    [9, 9, 120],
    [13, 7, 80],
    [2, 3, 6],
    [25, 25, 400],
    [5, 17, 90],
  ];

  it('reads back exactly the engine report, key for key, over many positions (captures, ko, large chains)', () => {
    let compacted = 0;
    for (const [w, h, moves] of sizes) {
      for (let seed = 1; seed <= 25; seed++) {
        const report = reportOf(randomInput(seed * 31 + w, w, h, moves));
        const stored = compactResult(report);
        if (stored !== report) compacted++;
        expect(JSON.stringify(expandResult(roundTrip(stored)))).toBe(JSON.stringify(report));
        // The engine's chains (one function for the report and the read-back) against a flood fill.
        const rows = (stored.analyses.board as { stones: string }).stones.split('/');
        expect((report.analyses.board as { chains: unknown }).chains).toEqual(floodChains(rows));
      }
    }
    expect(compacted).toBe(sizes.length * 25);
  });

  it('stores the stones as rows of X, O and . with captures, ko and the player to move', () => {
    const input: PositionInput = {
      boardXSize: 5,
      boardYSize: 3,
      komi: 0,
      rules: 'japanese',
      initialStones: [],
      moves: [
        ['B', 'A3'],
        ['W', 'B3'],
        ['B', 'E1'],
        ['W', 'A2'],
      ],
    };
    const report = reportOf(input);
    const stored = roundTrip(compactResult(report));
    const board = stored.analyses.board as Record<string, unknown>;
    expect(board).toEqual({
      stones: '.O.../O..../....X',
      captures: { black: 0, white: 1 },
      ko: null,
      toPlay: 'B',
    });
    const full = expandResult(stored).analyses.board as { chains: unknown[]; liberties: number[] };
    expect(full.chains).toEqual([
      { color: 'W', stones: ['B3'], liberties: 3, libertyPoints: ['A3', 'C3', 'B2'] },
      { color: 'W', stones: ['A2'], liberties: 3, libertyPoints: ['A3', 'B2', 'A1'] },
      { color: 'B', stones: ['E1'], liberties: 2, libertyPoints: ['E2', 'D1'] },
    ]);
    expect(full.liberties).toEqual([0, 3, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    // A 19x19 board report of 30 moves: under a fifth of its size.
    const big = reportOf(randomInput(7, 19, 19, 30));
    expect(JSON.stringify(compactResult(big)).length).toBeLessThan(JSON.stringify(big).length / 5);
  });

  it('keeps the other analyses and compacts the board beside them', () => {
    const report = reportOf(randomInput(3, 9, 9, 40), ['board', 'bouzy']);
    const stored = roundTrip(compactResult(report));
    expect(stored.analyses.bouzy).toEqual(roundTrip(report.analyses.bouzy));
    expect(typeof (stored.analyses.board as { stones: unknown }).stones).toBe('string');
    expect(JSON.stringify(expandResult(stored))).toBe(JSON.stringify(report));
  });

  it('stores anything not of the board result shape as it is, and reads it back unchanged', () => {
    const report = reportOf(randomInput(5, 9, 9, 20));
    const board = report.analyses.board as Record<string, unknown>;
    const extra = { ...report, analyses: { board: { ...board, extra: 1 } } };
    expect(compactResult(extra)).toBe(extra);
    const odd = {
      ...report,
      analyses: { board: { ...board, stones: [...(board.stones as number[])].fill(2) } },
    };
    expect(compactResult(odd)).toBe(odd);
    for (const v of [null, 3, 'x', [], { analyses: null }, { analyses: { bouzy: {} } }]) {
      expect(compactResult(v)).toBe(v);
      expect(expandResult(v)).toBe(v);
    }
    // Key order does not matter (jsonb sorts an object's keys).
    const sorted = (o: Record<string, unknown>) =>
      Object.fromEntries(
        Object.keys(o)
          .sort((x, y) => x.length - y.length || (x < y ? -1 : 1))
          .map((k) => [k, o[k]]),
      );
    const stored = roundTrip(compactResult(report));
    const reordered = {
      ...stored,
      analyses: { board: sorted(stored.analyses.board as Record<string, unknown>) },
    };
    expect(expandResult(reordered)).toEqual(roundTrip(report));
    expect(compactResult({ ...report, analyses: { board: sorted(board) } })).toEqual(stored);
    // Rows stored before the compact form read as they are.
    expect(expandResult(roundTrip(report))).toEqual(roundTrip(report));
    // A malformed stored string is given back as stored, not guessed at.
    // (ragged rows, another character, no rows, a side under 2 or over 25).
    for (const stones of ['..X/.', '..+/...', 'X./.Y', '', '/', 'X', '.'.repeat(26) + '/' + '.'.repeat(26)]) {
      const bad = {
        analyses: { board: { stones, captures: { black: 0, white: 0 }, ko: null, toPlay: 'B' } },
      };
      expect(expandResult(bad)).toBe(bad);
    }
  });
});
