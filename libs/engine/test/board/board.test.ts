import { describe, expect, it } from 'vitest';
import { BLACK, WHITE, type Player } from '../../src/board/color';
import { Board, BoardFormatError, IllegalMoveError, MoveFlag } from '../../src/board/board';
import { formatGtpVertex } from '../../src/board/coords';
import { hashHex } from '../../src/board/zobrist';
import { positionAfter } from '../../src/sgf';
import { NaiveBoard } from './naive';
import { seededRandom as rng } from '../../src/board/random';

/** Point of column x, row y (from the top) on b. */
function at(b: Board, x: number, y: number): number {
  return b.geo.pt(x, y);
}

describe('Board basics', () => {
  it('round-trips rows and rejects bad rows naming the problem', () => {
    const rows = ['X....', '.O...', '.....', '...X.', '....O'];
    expect(Board.fromRows(rows).toRows()).toEqual(rows);
    expect(() => Board.fromRows(['X....', '.O..', '.....', '.....', '.....'])).toThrow(/rows\[1\]: length 4/);
    expect(() => Board.fromRows(['X....', '.Q...', '.....', '.....', '.....'])).toThrow(BoardFormatError);
    expect(() => Board.fromRows(['X...'])).toThrow(/need 2 to 25 rows/);
    expect(() => Board.empty(26)).toThrow(/from 2 to 25/);
  });

  it('counts chains and liberties', () => {
    const b = Board.fromRows(['XX...', 'X.O..', '..OO.', '.....', '....X']);
    expect(b.chainSize(at(b, 0, 0))).toBe(3);
    expect(b.chainLiberties(at(b, 0, 0))).toBe(3);
    expect(b.chainLiberties(at(b, 2, 1))).toBe(7);
    expect(b.chainLiberties(at(b, 4, 4))).toBe(2);
    expect(b.chainHead(at(b, 0, 1))).toBe(b.chainHead(at(b, 1, 0)));
    const out = new Int32Array(10);
    const n = b.chainLibertyPoints(at(b, 0, 0), out);
    expect(
      Array.from(out.subarray(0, n))
        .map((p) => [b.geo.x(p), b.geo.y(p)])
        .sort(),
    ).toEqual([
      [0, 2],
      [1, 1],
      [2, 0],
    ]);
    expect(b.chainStones(at(b, 2, 2))).toBe(3);
  });
});

describe('captures', () => {
  it('captures a single stone and counts it', () => {
    const b = Board.fromRows(['.X...', 'XO...', '.X...', '.....', '.....']);
    b.play(at(b, 2, 1), BLACK);
    expect(b.toRows()).toEqual(['.X...', 'X.X..', '.X...', '.....', '.....']);
    expect(b.captures[BLACK]).toBe(1);
  });

  it('captures several chains at once and the liberties come back', () => {
    const b = Board.fromRows(['OOX..', 'X.X..', 'OOX..', 'XX...', '.....']);
    // Black at B2 captures the two white chains (A1-B1 top... rows 0 and 2).
    b.play(at(b, 1, 1), BLACK);
    expect(b.toRows()).toEqual(['..X..', 'XXX..', '..X..', 'XX...', '.....']);
    expect(b.captures[BLACK]).toBe(4);
    expect(b.chainLiberties(at(b, 0, 1))).toBe(8);
  });

  it('captures in a corner and on the edge (multi-stone)', () => {
    const b = Board.fromRows(['OOOX.', 'XXXX.', '.....', '.....', '.....']);
    b.play(at(b, 4, 0), BLACK);
    expect(b.toRows()[0]).toBe('OOOXX');
    const c = Board.fromRows(['OOO.X', 'XXXX.', '.....', '.....', '.....']);
    c.play(at(c, 3, 0), BLACK);
    expect(c.toRows()[0]).toBe('...XX');
    expect(c.captures[BLACK]).toBe(3);
  });

  it('snapback: throw-in captured, then the capturers are captured', () => {
    const s = Board.fromRows(['..OX.', 'OOOX.', 'XXX..', '.....', '.....']);
    // Black throws in at B5 (1,0): captured by White A5.
    s.play(at(s, 1, 0), BLACK);
    s.play(at(s, 0, 0), WHITE);
    expect(s.toRows()[0]).toBe('O.OX.');
    // Black retakes at B5: captures all five white stones (not a ko: more than one stone).
    s.play(at(s, 1, 0), BLACK);
    expect(s.toRows()).toEqual(['.X.X.', '...X.', 'XXX..', '.....', '.....']);
    expect(s.captures[BLACK]).toBe(5);
  });
});

describe('ko and suicide', () => {
  const KO = ['.XO..', 'X.XO.', '.XO..', '.....', '.....'];
  it('forbids the immediate recapture, then allows it after a move elsewhere', () => {
    const b = Board.fromRows(KO);
    // White takes at B4 (1,1), capturing C4? No: white plays B4 capturing... set: black C4 (2,1) in atari.
    b.play(at(b, 1, 1), WHITE);
    expect(b.toRows()[1]).toBe('XO.O.');
    expect(b.koPoint).toBe(at(b, 2, 1));
    expect(b.analyzeMove(at(b, 2, 1), BLACK)).toBe(MoveFlag.Illegal | MoveFlag.Ko);
    expect(() => b.play(at(b, 2, 1), BLACK)).toThrow(IllegalMoveError);
    expect(() => b.play(at(b, 2, 1), BLACK)).toThrow(/ko/);
    b.play(at(b, 4, 4), BLACK);
    b.play(at(b, 4, 3), WHITE);
    expect(b.koPoint).toBe(0);
    expect(b.isLegal(at(b, 2, 1), BLACK)).toBe(true);
  });

  it('refuses suicide, allows it with the option', () => {
    const rows = ['.X...', 'X....', '.....', '.....', '.....'];
    const b = Board.fromRows(rows);
    expect(b.analyzeMove(at(b, 0, 0), WHITE) & MoveFlag.Suicide).toBeTruthy();
    expect(b.playRecorded(at(b, 0, 0), WHITE)).toBe(false);
    expect(b.toRows()).toEqual(rows);
    expect(() => b.play(at(b, 0, 0), WHITE)).toThrow(/suicide/);
    const s = Board.fromRows(rows, { allowSuicide: true });
    expect(s.playRecorded(at(s, 0, 0), WHITE)).toBe(true);
    expect(s.toRows()).toEqual(rows);
    expect(s.captures[BLACK]).toBe(1);
  });

  it('multi-stone suicide with the option removes the chain and undo restores it', () => {
    // White A5 joins A4: the two-stone chain has no liberty and is removed.
    const c = Board.fromRows(['.X...', 'OX...', 'XX...', '.....', '.....'], { allowSuicide: true });
    const h = [c.hashLo, c.hashHi];
    expect(c.analyzeMove(at(c, 0, 0), WHITE) & MoveFlag.Suicide).toBeTruthy();
    expect(c.isLegal(at(c, 0, 0), WHITE)).toBe(true);
    c.play(at(c, 0, 0), WHITE);
    expect(c.toRows()).toEqual(['.X...', '.X...', 'XX...', '.....', '.....']);
    expect(c.captures[BLACK]).toBe(2);
    expect(c.chainLiberties(at(c, 1, 0))).toBe(7);
    c.undo();
    expect(c.toRows()).toEqual(['.X...', 'OX...', 'XX...', '.....', '.....']);
    expect([c.hashLo, c.hashHi]).toEqual(h);
    expect(c.captures[BLACK]).toBe(0);
    expect(c.chainLiberties(at(c, 0, 1))).toBe(1);
  });

  it('analyzeMove reports capture, atari, self-atari, connection', () => {
    const b = Board.fromRows(['.XO..', 'X.XO.', '.XO..', '.....', 'X.X..']);
    expect(b.analyzeMove(at(b, 1, 1), WHITE) & MoveFlag.Capturing).toBeTruthy();
    expect(b.analyzeMove(at(b, 1, 1), WHITE) & MoveFlag.SelfAtari).toBeTruthy();
    expect(b.analyzeMove(at(b, 1, 4), BLACK) & MoveFlag.Connecting).toBeTruthy();
    expect(b.analyzeMove(at(b, 3, 2), BLACK) & MoveFlag.Atari).toBeTruthy();
    expect(b.analyzeMove(at(b, 0, 0), WHITE) & (MoveFlag.Illegal | MoveFlag.Suicide)).toBe(
      MoveFlag.Illegal | MoveFlag.Suicide,
    );
    expect(b.analyzeMove(at(b, 1, 0), WHITE)).toBe(MoveFlag.Illegal | MoveFlag.Occupied);
    expect(b.analyzeMove(0, WHITE)).toBe(MoveFlag.Illegal | MoveFlag.OffBoard);
  });
});

describe('undo', () => {
  it('restores stones, chains, hash, ko and captures exactly', () => {
    const b = Board.fromRows(['.XO..', 'X.XO.', '.XO..', '.....', '.....']);
    const snap = () => [b.toRows().join('/'), b.hashLo, b.hashHi, b.koPoint, b.captures[1], b.captures[2]];
    const s0 = snap();
    b.playRecorded(at(b, 1, 1), WHITE);
    const s1 = snap();
    b.passRecorded();
    b.playRecorded(at(b, 4, 4), BLACK);
    b.undo();
    b.undo();
    expect(snap()).toEqual(s1);
    b.undo();
    expect(snap()).toEqual(s0);
    expect(() => b.undo()).toThrow(/no recorded move/);
  });

  it('hash depends only on the position (same stones, different order)', () => {
    const a = Board.empty(9);
    const c = Board.empty(9);
    a.play(a.geo.pt(2, 2), BLACK);
    a.play(a.geo.pt(6, 6), WHITE);
    c.play(c.geo.pt(6, 6), WHITE);
    c.play(c.geo.pt(2, 2), BLACK);
    expect([a.hashLo, a.hashHi]).toEqual([c.hashLo, c.hashHi]);
    const d = Board.fromRows(a.toRows());
    expect([d.hashLo, d.hashHi]).toEqual([a.hashLo, a.hashHi]);
  });

  // Reports carry the hash and job ids are built from it: a change of keys must be deliberate.
  it('hashes are the same in every process and version (golden values)', () => {
    const hex = (b: Board): string => hashHex(b.hashHi, b.hashLo);
    expect(hex(Board.empty(13))).toBe('0000000000000000');
    expect(hex(positionAfter('(;SZ[19];B[pd];W[dp];B[pp];W[dd])').board)).toBe('ba7ce8794d4790fb');
    // White's capture at B8 leaves a ko at C8: the ko point is part of the hash, not of stonesHash.
    const ko = positionAfter('(;SZ[9];B[ba];W[ca];B[ab];W[db];B[cb];W[cc];B[bc];W[bb])').board;
    expect(formatGtpVertex(ko.koPoint, ko.geo)).toBe('C8');
    expect(hex(ko)).toBe('e45b2011a4d29a2a');
    expect(hashHex(ko.stonesHashHi, ko.stonesHashLo)).toBe('76c55991a15f6d72');
  });
});

describe('setup', () => {
  it('setStone rebuilds chains and hash like fromRows, without captures', () => {
    const b = Board.empty(5);
    b.setStone(at(b, 0, 0), WHITE);
    b.setStone(at(b, 1, 0), BLACK);
    b.setStone(at(b, 0, 1), BLACK);
    const rows = ['OX...', 'X....', '.....', '.....', '.....'];
    expect(b.toRows()).toEqual(rows);
    const ref = Board.fromRows(rows);
    expect([b.hashLo, b.hashHi]).toEqual([ref.hashLo, ref.hashHi]);
    expect(b.chainLiberties(at(b, 0, 0))).toBe(0);
    b.setStone(at(b, 0, 0), 0);
    expect(b.chainLiberties(at(b, 1, 0))).toBe(3);
    expect(b.undoDepth).toBe(0);
    expect(() => b.setStone(0, BLACK)).toThrow(/not on the 5x5 board/);
    expect(() => b.setStone(at(b, 2, 2), 3 as never)).toThrow(/EMPTY, BLACK or WHITE/);
  });

  it('clone is independent', () => {
    const b = Board.fromRows(['.X...', 'X....', '.....', '.....', '.....']);
    const c = b.clone();
    c.play(at(c, 4, 4), WHITE);
    expect(b.toRows()[4]).toBe('.....');
    expect(c.toRows()[4]).toBe('....O');
    expect(c.chainLiberties(at(c, 1, 0))).toBe(b.chainLiberties(at(b, 1, 0)));
  });
});

describe('random games against a naive reference', () => {
  for (const [size, seed, allowSuicide] of [
    [5, 1, false],
    [7, 2, false],
    [9, 3, false],
    [9, 4, true],
    [13, 5, false],
  ] as [number, number, boolean][]) {
    it(`size ${size}, seed ${seed}${allowSuicide ? ', suicide allowed' : ''}`, () => {
      const r = rng(seed);
      for (let game = 0; game < 6; game++) {
        const b = Board.empty(size, { allowSuicide });
        const n = new NaiveBoard(size, allowSuicide);
        const history: { rows: string; hash: [number, number]; ko: number; caps: number[] }[] = [];
        let player: Player = BLACK;
        for (let move = 0; move < size * size * 3; move++) {
          const x = Math.floor(r() * size);
          const y = Math.floor(r() * size);
          const snap = {
            rows: b.toRows().join('/'),
            hash: [b.hashLo, b.hashHi] as [number, number],
            ko: b.koPoint,
            caps: [b.captures[1], b.captures[2]],
          };
          const legalNaive = n.play(x, y, player === BLACK ? 'X' : 'O');
          const legal = b.playRecorded(b.geo.pt(x, y), player);
          expect(legal).toBe(legalNaive);
          expect(b.toRows()).toEqual(n.rows());
          if (!legal) continue;
          history.push(snap);
          expect([b.captures[BLACK], b.captures[WHITE]]).toEqual([n.captures.X, n.captures.O]);
          // Check every chain's size and liberties against the flood fill.
          for (const p of b.geo.points) {
            if (b.colors[p] === 0) continue;
            const ch = n.chain(b.geo.x(p), b.geo.y(p));
            expect(b.chainLiberties(p)).toBe(ch.libs);
            expect(b.chainSize(p)).toBe(ch.stones.length);
          }
          // Sometimes take a few moves back and compare with the recorded snapshots.
          if (r() < 0.1 && history.length > 3) {
            const k = 1 + Math.floor(r() * 3);
            let last = history[history.length - 1];
            for (let i = 0; i < k; i++) {
              b.undo();
              last = history.pop()!;
            }
            expect([
              b.toRows().join('/'),
              b.hashLo,
              b.hashHi,
              b.koPoint,
              b.captures[1],
              b.captures[2],
            ]).toEqual([last.rows, ...last.hash, last.ko, ...last.caps]);
            // Resynchronise the reference from the restored board.
            const rows = b.toRows();
            rows.forEach((row, yy) => (n.grid[yy] = row.split('')));
            n.captures = { X: b.captures[1], O: b.captures[2] };
            n.ko = b.koPoint
              ? [b.geo.x(b.koPoint), b.geo.y(b.koPoint), b.koPointFor(BLACK) ? 'X' : 'O']
              : null;
            const fresh = Board.fromRows(rows);
            for (const p of b.geo.points) {
              expect(b.chainLiberties(p)).toBe(fresh.chainLiberties(p));
              expect(b.chainSize(p)).toBe(fresh.chainSize(p));
            }
          }
          player = player === BLACK ? WHITE : BLACK;
        }
        // Undo everything: back to the empty board with hash 0.
        while (b.undoDepth > 0) b.undo();
        expect(b.toRows().join('')).toBe('.'.repeat(size * size));
        expect([b.hashLo, b.hashHi, b.koPoint]).toEqual([0, 0, 0]);
      }
    });
  }
});
