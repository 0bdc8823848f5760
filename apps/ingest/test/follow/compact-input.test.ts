import type { PositionInput } from '@moyo/contracts';
import { describe, expect, it } from 'vitest';
import { longGame } from '../../../api/test/support/long-game';
import { COMPACT_WINDOW, CompactReplay, compactInputs } from '../../src/follow/compact-input';
import { positionOf } from '../support/positions';

describe('compact inputs of a followed game', () => {
  const game = longGame(600, 5); // random play: captures and recaptures all over the board
  const full: PositionInput = {
    boardXSize: 19,
    boardYSize: 19,
    komi: 7.5,
    rules: 'chinese',
    initialStones: [],
    moves: game.moves as PositionInput['moves'],
  };
  const upTo = (n: number): PositionInput => ({ ...full, moves: full.moves.slice(0, n) });

  it('gives the same position as the whole input, in at most 8 moves and the board', () => {
    const numbers = [9, 10, 57, 58, 300, 599, 600];
    const compact = compactInputs(full, numbers);
    for (const n of numbers) {
      const c = compact.get(n)!;
      expect(c.moves).toEqual(full.moves.slice(n - COMPACT_WINDOW, n));
      expect(c.omittedMoves).toBe(n - COMPACT_WINDOW);
      expect(positionOf(c)).toBe(positionOf(upTo(n)));
    }
  });

  it('a replay kept across calls gives the same answers, and starts over for an earlier move', () => {
    const replay = new CompactReplay();
    const batches = [[20, 21], [40], [33], [599]];
    for (const batch of batches) {
      const got = replay.compact(full, batch);
      for (const n of batch) expect(got.get(n)).toEqual(compactInputs(full, [n]).get(n));
    }
    expect(() => replay.compact(full, [601])).toThrow(RangeError);
  });
});
