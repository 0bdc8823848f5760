import { describe, expect, it } from 'vitest';
import { compactInput, expandInput, withInputExpanded } from '../src/repositories/job-input';

describe('compact job inputs (job-input.ts)', () => {
  const input = {
    boardXSize: 19,
    boardYSize: 19,
    komi: 6.5,
    rules: 'japanese',
    moves: [
      ['B', 'Q16'],
      ['W', 'D4'],
      ['B', 'pass'],
      ['W', 'T19'],
    ],
  };

  it('stores the moves as one string and gives them back exactly', () => {
    const stored = compactInput(input);
    expect(stored).toEqual({ ...input, moves: 'BQ16 WD4 Bpass WT19' });
    expect(expandInput(stored)).toEqual(input);
    // What jsonb gives back after storage (keys reordered) reads the same.
    expect(expandInput(JSON.parse(JSON.stringify(stored)) as unknown)).toEqual(input);
  });

  it('keeps an input whose moves the text could not give back exactly as it is', () => {
    for (const moves of [
      [['B', 'Q16', 'extra']],
      [['B', 'Q 16']],
      [['Black', 'Q16']],
      [[' ', 'Q16']],
      [['B', 16]],
      ['BQ16'],
      [],
    ]) {
      const odd = { ...input, moves };
      expect(compactInput(odd)).toBe(odd);
    }
    for (const other of [null, 'text', [['B', 'Q16']], { graph: 'OO!%' }])
      expect(compactInput(other)).toBe(other);
  });

  it('round-trips empty and unusual vertices', () => {
    const odd = {
      moves: [
        ['B', ''],
        ['W', 'a\tb'],
        ['B', 'é'],
      ],
    };
    expect(expandInput(compactInput(odd))).toEqual(odd);
  });

  it('reads inputs stored before, and other shapes, unchanged', () => {
    expect(expandInput(input)).toBe(input);
    for (const other of [null, 3, 'BQ16', [['B', 'Q16']], { graph: 'OO!%' }])
      expect(expandInput(other)).toBe(other);
    const job = { id: 'j', input };
    expect(withInputExpanded(job)).toBe(job);
    expect(withInputExpanded({ id: 'j', input: compactInput(input) })).toEqual(job);
  });
});
