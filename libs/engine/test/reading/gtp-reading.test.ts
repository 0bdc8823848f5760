import { describe, expect, it } from 'vitest';
import { Game } from '../../src/board/history';
import { READING_GTP_COMMANDS } from '../../src/gtp/commands/reading';
import { suitePasses } from '../support/regression-suite';

/** reading.tst tests passed in-process when the floor was last raised, less a small margin. */
const FLOOR = 186;

function gameOf(size: number, moves: string[], komi = 6.5): Game {
  const game = new Game(size, { komi });
  for (const v of moves) game.playVertex(v);
  return game;
}

const run = (game: Game, command: string, ...args: string[]) => READING_GTP_COMMANDS[command](args, { game });

// A corner group with a three-point eye space (GNU Go 3.8 answers `D9: critical B9 B9` here too).
const CORNER = ['D9', 'E9', 'A8', 'E8', 'B8', 'A7', 'C8', 'B7', 'D8', 'C7', 'pass', 'D7', 'pass', 'E7'];

describe('GTP reading commands (GNU Go formats)', () => {
  it('dragon_status for all dragons and for one vertex, by reading', () => {
    const corner = gameOf(9, CORNER);
    expect(run(corner, 'dragon_status')).toBe('D9: critical B9 B9\nE9: alive');
    expect(run(corner, 'dragon_status', 'A8')).toBe('critical B9 B9');
    expect(run(corner, 'owl_attack', 'D9')).toBe('1 B9');
    expect(run(corner, 'owl_defend', 'D9')).toBe('1 B9');
    expect(run(corner, 'owl_attack', 'E9')).toBe('0');
    expect(run(corner, 'same_dragon', 'D9', 'A8')).toBe('1');
    expect(run(corner, 'same_dragon', 'D9', 'E9')).toBe('0');
    expect(run(corner, 'dragon_stones', 'A8')).toBe('D9 A8 B8 C8 D8');
  });

  it('rejects bad arguments with GNU Go-like reasons', () => {
    const corner = gameOf(9, CORNER);
    expect(() => run(corner, 'dragon_status', 'A1')).toThrow(/empty/);
    expect(() => run(corner, 'attack', 'Z99')).toThrow(/invalid/);
    expect(() => run(corner, 'owl_attack')).toThrow(/usage/);
    expect(() => run(corner, 'analyze_semeai', 'D9', 'A8')).toThrow(/opposite/);
  });
});

describe("GNU Go's reading.tst in-process (a floor, not the goal: see scripts/gnugo-regress.ts)", () => {
  it('passes at least the tests it passed when the floor was last raised', () => {
    expect(suitePasses('reading.tst')).toBeGreaterThanOrEqual(FLOOR);
  }, 300_000);
});
