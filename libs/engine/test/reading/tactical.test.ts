import { describe, expect, it } from 'vitest';
import { Board } from '../../src/board/board';
import { parseGtpVertex } from '../../src/board/coords';
import { ReadCode, TacticalReader } from '../../src/reading';

const at = (b: Board, v: string) => parseGtpVertex(v, b.geo);

describe('tactical reading (attack / defend with the move, GNU Go codes)', () => {
  it('captures a string in atari at its liberty; cannot capture a string with many liberties', () => {
    const b = Board.fromRows(['.....', '.XO..', '..X..', '.....', '.....']);
    // White C4 has liberties D4 and C5; Black to attack reads a ladder/net of two liberties.
    const r = new TacticalReader(b).attack(at(b, 'C4'));
    expect(r.code).toBe(ReadCode.Win);
    const lone = Board.fromRows(['.....', '.....', '..O..', '.....', '.....']);
    expect(new TacticalReader(lone).attack(at(lone, 'C3')).code).toBe(ReadCode.Fail);
  });

  it('captures a string in atari, and answers Win with no move when a string is safe', () => {
    const caught = Board.fromRows([
      '.........',
      '.........',
      '.........',
      '....X....',
      '...XOX...',
      '.........',
      '.........',
      '.........',
      '.........',
    ]);
    expect(new TacticalReader(caught).attack(at(caught, 'E5'))).toEqual({
      code: ReadCode.Win,
      move: at(caught, 'E4'),
    });
    // White to move extends to E4 and has three liberties and room (on the second line, E3-E2
    // with Black D2 hane would die: the old position is read as captured now).
    expect(new TacticalReader(caught).defend(at(caught, 'E5'))).toEqual({
      code: ReadCode.Win,
      move: at(caught, 'E4'),
    });
    const low = Board.fromRows([
      '.........',
      '.........',
      '.........',
      '.........',
      '.........',
      '....X....',
      '...XOX...',
      '.........',
      '.........',
    ]);
    expect(new TacticalReader(low).defend(at(low, 'E3')).code).toBe(ReadCode.Fail);
    // Five liberties or more: safe without reading (GNU Go answers PASS too).
    const safe = Board.fromRows(['.....', '.....', '..OO.', '.....', '.....']);
    expect(new TacticalReader(safe).defend(at(safe, 'C3'))).toEqual({ code: ReadCode.Win, move: 0 });
    // Four liberties and not capturable: like GNU Go, the first defence that keeps it safe.
    const lone = Board.fromRows(['.....', '.....', '..O..', '.....', '.....']);
    const d = new TacticalReader(lone).defend(at(lone, 'C3'));
    expect(d.code).toBe(ReadCode.Win);
    expect(lone.colors[d.move]).toBe(0);
    expect(d.move).not.toBe(0);
  });

  it('does not count a capture the defender takes back at once (a snapback on the capturer)', () => {
    // White A1 is in atari at B1, but Black B1 joins A2-B2-C1 with one liberty, A1: White
    // retakes four stones there.
    const b = Board.fromRows(['.....', '.....', 'OOO..', 'XXO..', 'O.XO.']);
    expect(new TacticalReader(b).attack(at(b, 'A1')).code).toBe(ReadCode.Fail);
    // With C1 gone the capture joins a string with liberties of its own: it stands.
    const free = Board.fromRows(['.....', '.....', 'OOO..', 'XXO..', 'O....']);
    expect(new TacticalReader(free).attack(at(free, 'A1'))).toEqual({
      code: ReadCode.Win,
      move: at(free, 'B1'),
    });
  });

  it('leaves the board as it found it', () => {
    const b = Board.fromRows(['.....', '.XO..', '..X..', '.....', '.....']);
    const before = b.toRows().join('/');
    const { hashLo, hashHi } = b;
    const reader = new TacticalReader(b);
    reader.attack(at(b, 'C4'));
    reader.defend(at(b, 'C4'));
    expect(b.toRows().join('/')).toBe(before);
    expect([b.hashLo, b.hashHi]).toEqual([hashLo, hashHi]);
    expect(reader.totalNodes).toBeGreaterThan(0);
  });
});
