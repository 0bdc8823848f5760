import { describe, expect, it } from 'vitest';
import { asReport, compareReports, formatComparison } from '../../scripts/gnugo-regress/compare';

const result = (id: number, answer: string, verdict: string, seconds = 1) => ({
  id,
  command: `${id} owl_attack C3`,
  expected: '1 B1',
  moyo: { answer, seconds, verdict },
});

const before = asReport(
  {
    suites: [
      {
        name: 'a.tst',
        results: [result(1, '1 B1', 'pass'), result(2, '0', 'fail'), result(3, '1 B1', 'pass')],
      },
      { name: 'only-before.tst', results: [result(1, '1 B1', 'pass')] },
    ],
  },
  'before',
);
const after = asReport(
  {
    suites: [
      {
        name: 'a.tst',
        results: [
          result(1, '0', 'fail', 2),
          result(2, '1 B1', 'pass', 2),
          result(3, '1 B1', 'pass', 2),
          result(4, '1 B1', 'pass', 2),
        ],
      },
    ],
  },
  'after',
);

describe('regress-compare: two --json reports test by test', () => {
  it('counts passes over the tests answered in both and lists each gained and lost test', () => {
    const [a, ...rest] = compareReports(before, after);
    expect(rest).toEqual([]);
    expect(a).toMatchObject({
      name: 'a.tst',
      passesBefore: 2,
      passesAfter: 2,
      secondsBefore: 3,
      secondsAfter: 6,
    });
    expect(a.changes.map((c) => [c.id, c.gained, c.before, c.after])).toEqual([
      [1, false, '1 B1', '0'],
      [2, true, '0', '1 B1'],
    ]);
    expect(formatComparison([a])).toBe(
      [
        'a.tst: 2 -> 2 (1 gained, 1 lost); engine time 3 -> 6 s',
        '  lost   1 owl_attack C3 [1 B1]: 1 B1 -> 0',
        '  gained 2 owl_attack C3 [1 B1]: 0 -> 1 B1',
      ].join('\n'),
    );
  });

  it('leaves out a test Moyo did not answer in one of them', () => {
    const skipped = asReport(
      { suites: [{ name: 'a.tst', results: [{ ...result(2, '', 'fail'), moyo: null }] }] },
      'x',
    );
    expect(compareReports(before, skipped)[0]).toMatchObject({
      passesBefore: 0,
      passesAfter: 0,
      changes: [],
    });
  });

  it('rejects a file that is not a report, naming it', () => {
    expect(() => asReport({ total: 1 }, 'old.json')).toThrow(/old\.json: not a regress --json report/);
    expect(() => asReport({ suites: [{ name: 'a' }] }, 'new.json')).toThrow(/new\.json/);
  });
});
