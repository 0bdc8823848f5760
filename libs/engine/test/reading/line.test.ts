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

  it('tells which nodes read a result that depends on a position above them', () => {
    const line = new ReadingLine();
    line.repeats(0, 1, 1); // the root
    const root = line.enterNode();
    line.repeats(1, 2, 2);
    const n1 = line.enterNode();
    line.repeats(2, 3, 3);
    const n2 = line.enterNode();
    expect(line.repeats(3, 3, 3)).toBe(false); // the position at 2, the other side to move
    expect(line.repeats(3, 4, 4)).toBe(false);
    const n3 = line.enterNode();
    expect(line.repeats(4, 1, 1)).toBe(true); // the root's position again
    expect(line.leaveNode(3, n3)).toBe(false);
    // A sibling line below depth 2 that repeats nothing: the node at 2 still depends on its first line.
    expect(line.repeats(3, 5, 5)).toBe(false);
    const m3 = line.enterNode();
    expect(line.leaveNode(3, m3)).toBe(true);
    expect(line.leaveNode(2, n2)).toBe(false);
    expect(line.leaveNode(1, n1)).toBe(false);
    // The root's own position is the one repeated: its result is a fact about it.
    expect(line.leaveNode(0, root)).toBe(true);
    // A fresh node after all that starts clean.
    line.repeats(1, 6, 6);
    expect(line.leaveNode(1, line.enterNode())).toBe(true);
  });
});
