import { describe, expect, it } from 'vitest';
import { ReadingLine } from '../../src/reading/line';

describe('ReadingLine', () => {
  it('finds a position repeated with the same side to move, not one of the other side', () => {
    const line = new ReadingLine();
    expect(line.repeats(0, 1, 2)).toBe(false);
    expect(line.repeats(1, 1, 2)).toBe(false); // the other side to move: no cycle
    expect(line.repeats(2, 5, 6)).toBe(false);
    expect(line.repeats(3, 7, 8)).toBe(false);
    expect(line.repeats(4, 1, 2)).toBe(true);
    expect(line.repeats(4, 1, 3)).toBe(false); // the high half differs
  });

  it('keeps each refutation once per depth and forgets them for a new node', () => {
    const line = new ReadingLine(4);
    line.noteRefutation(1, 30);
    line.noteRefutation(1, 30);
    line.noteRefutation(1, 31);
    expect(line.refutationCount(1)).toBe(2);
    expect([line.refutation(1, 0), line.refutation(1, 1)]).toEqual([30, 31]);
    expect(line.refutationCount(0)).toBe(0);
    line.clearRefutations(1);
    expect(line.refutationCount(1)).toBe(0);
  });
});
