import { describe, expect, it } from 'vitest';
import {
  eyegraphCacheKey,
  outcomeOf,
  preparePosition,
  runEyegraph,
  runPosition,
} from '../src/engine/engine-tasks';
import { position } from './support/jobs';

describe('engine tasks of the worker', () => {
  it('keys the cache by position, not by move order, and by analyses and options', () => {
    const a = preparePosition({
      input: position([
        ['B', 'D4'],
        ['W', 'Q16'],
        ['B', 'Q4'],
      ]),
      analyses: ['territory', 'score'],
      options: {},
    });
    const b = preparePosition({
      input: position([
        ['B', 'Q4'],
        ['W', 'Q16'],
        ['B', 'D4'],
      ]),
      analyses: ['score', 'territory'],
      options: {},
    });
    expect(a.cacheKey).toBe(b.cacheKey);
    expect(a.moveNumber).toBe(3);
    const base = { input: position([['B', 'D4']]), analyses: ['bouzy'] };
    const keys = new Set([
      preparePosition({ ...base, options: {} }).cacheKey,
      preparePosition({ ...base, options: { bouzy: { dilations: 4 } } }).cacheKey,
      preparePosition({ ...base, analyses: ['freihofner'], options: {} }).cacheKey,
      preparePosition({ ...base, input: position([['B', 'D4']], { komi: 0.5 }), options: {} }).cacheKey,
      preparePosition({ ...base, input: position([['B', 'D4']], { rules: 'chinese' }), options: {} })
        .cacheKey,
      preparePosition({ ...base, input: position([['W', 'D4']]), options: {} }).cacheKey,
    ]);
    expect(keys.size).toBe(6);
  });

  it('replays setup stones, initialPlayer and analyzeTurn', () => {
    const report = runPosition({
      input: position(
        [
          ['W', 'C3'],
          ['B', 'E5'],
        ],
        { boardXSize: 9, boardYSize: 9, initialStones: [['B', 'G7']], initialPlayer: 'W', analyzeTurn: 1 },
      ),
      analyses: ['board'],
      options: {},
    });
    expect(report.board).toMatchObject({ size: 9, moveNumber: 1, toPlay: 'B' });
    const chains = (report.analyses.board as { chains: { color: string; stones: string[] }[] }).chains;
    expect(chains.map((c) => `${c.color}${c.stones.join('')}`).sort()).toEqual(['BG7', 'WC3']);
  });

  it('replays a rectangular board: 7 columns (boardXSize) by 9 rows (boardYSize)', () => {
    const report = runPosition({
      input: position([['B', 'G9']], { boardXSize: 7, boardYSize: 9, rules: 'chinese', analyzeTurn: 1 }),
      analyses: ['board', 'katago'],
      options: { katago: { includeOwnership: true } },
    });
    expect(report.board).toMatchObject({ width: 7, height: 9, moveNumber: 1 });
    expect(report.board).not.toHaveProperty('size');
    const chains = (report.analyses.board as { chains: { stones: string[] }[] }).chains;
    expect(chains.map((c) => c.stones)).toEqual([['G9']]);
    expect((report.analyses.katago as { ownership: number[] }).ownership).toHaveLength(63);
  });

  it('marks input errors as invalid input and names the field', () => {
    const cases: [() => unknown, RegExp][] = [
      [
        () => preparePosition({ input: position([['B', 'Z99']]), analyses: ['bouzy'], options: {} }),
        /^moves\[0\]/,
      ],
      [
        () =>
          preparePosition({
            input: position([], { boardXSize: 19, boardYSize: 1 }),
            analyses: ['bouzy'],
            options: {},
          }),
        /^boardYSize: must be an integer from 2 to 25 \(got 1\)/,
      ],
      [
        () =>
          preparePosition({
            input: position([], { boardXSize: 40, boardYSize: 40 }),
            analyses: ['bouzy'],
            options: {},
          }),
        /^boardXSize: .*40/,
      ],
      [
        () => preparePosition({ input: position([], { analyzeTurn: 3 }), analyses: ['bouzy'], options: {} }),
        /^analyzeTurn/,
      ],
      [() => preparePosition({ input: position([]), analyses: [], options: {} }), /^analyses/],
      [
        () => runPosition({ input: position([]), analyses: ['bouzy'], options: { score: {} } }),
        /not requested/,
      ],
      [() => runEyegraph({ input: { graph: 42 } }), /^graph/],
      [() => runEyegraph({ input: { graph: '...', outerLiberties: 9 } }), /outer/i],
    ];
    for (const [fn, message] of cases) {
      const outcome = outcomeOf(fn);
      expect(outcome.ok).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.invalidInput).toBe(true);
      expect(outcome.message).toMatch(message);
    }
  });

  it('keys eye graphs by graph and options', () => {
    expect(eyegraphCacheKey({ graph: '...' })).toBe(eyegraphCacheKey({ graph: '...' }));
    expect(eyegraphCacheKey({ graph: '...' })).not.toBe(eyegraphCacheKey({ graph: '...', koThreats: 0 }));
    expect(runEyegraph({ input: { graph: '...', outerLiberties: 4, koThreats: 0 } }).value).toBe('1122');
  });
});
