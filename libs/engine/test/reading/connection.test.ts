import { describe, expect, it } from 'vitest';
import { Board } from '../../src/board/board';
import { parseGtpVertex } from '../../src/board/coords';
import { Game } from '../../src/board/history';
import { CONNECTION_GTP_COMMANDS } from '../../src/gtp/commands/connection';
import { ConnectionReader, ReadCode } from '../../src/reading';
import { suitePasses } from '../support/regression-suite';

const at = (b: Board, v: string) => parseGtpVertex(v, b.geo);

/** connect/disconnect tests of connection.tst passed in-process when the floor was set, less a margin. */
const CONNECTION_FLOOR = 36;

describe('connection reading (connect / disconnect with the move)', () => {
  // Black B3 and D3 with the gap C3 between White C4 and C2.
  const GAP = ['.....', '..O..', '.X.X.', '..O..', '.....'];

  it('connects through a gap the cutter could take, and cuts there', () => {
    const b = Board.fromRows(GAP);
    const before = b.toRows().join('/');
    const reader = new ConnectionReader(b);
    expect(reader.connect(at(b, 'B3'), at(b, 'D3'))).toEqual({ code: ReadCode.Win, move: at(b, 'C3') });
    expect(reader.disconnect(at(b, 'B3'), at(b, 'D3'))).toEqual({ code: ReadCode.Win, move: at(b, 'C3') });
    expect(b.toRows().join('/')).toBe(before);
  });

  it('cannot cut two stones on a diagonal with both points empty (miai), nor one string', () => {
    const b = Board.fromRows(['.....', '.....', '..X..', '...X.', '.....']);
    expect(new ConnectionReader(b).disconnect(at(b, 'C3'), at(b, 'D2')).code).toBe(ReadCode.Fail);
    const one = Board.fromRows(['.....', '.....', '.XX..', '.....', '.....']);
    expect(new ConnectionReader(one).disconnect(at(one, 'B3'), at(one, 'C3')).code).toBe(ReadCode.Fail);
    expect(new ConnectionReader(one).connect(at(one, 'B3'), at(one, 'C3'))).toEqual({
      code: ReadCode.Win,
      move: 0,
    });
  });

  it('cuts by capturing one of the strings', () => {
    // White C3 in atari (B3, C4, D3 black... C2 its last liberty) beside White D2: capture cuts.
    const b = Board.fromRows(['.....', '..X..', '.XOX.', '...O.', '.....']);
    const r = new ConnectionReader(b).disconnect(at(b, 'C3'), at(b, 'D2'));
    expect(r.code).toBe(ReadCode.Win);
  });
});

describe('GTP connect / disconnect (GNU Go formats)', () => {
  const game = new Game(5);
  for (const v of ['B3', 'C4', 'D3', 'C2']) game.playVertex(v);
  const run = (command: string, ...args: string[]) => CONNECTION_GTP_COMMANDS[command](args, { game });

  it('answers the code and the move', () => {
    expect(run('connect', 'B3', 'D3')).toBe('1 C3');
    expect(run('disconnect', 'B3', 'D3')).toBe('1 C3');
  });

  it('rejects bad arguments', () => {
    expect(() => run('connect', 'B3')).toThrow(/usage/);
    expect(() => run('connect', 'B3', 'C4')).toThrow(/same color/);
    expect(() => run('disconnect', 'B3', 'A1')).toThrow(/empty/);
    expect(() => run('disconnect', 'B3', 'Z9')).toThrow(/invalid/);
  });
});

describe("GNU Go's connection.tst in-process, connect and disconnect (a floor: see scripts/gnugo-regress.ts)", () => {
  it('passes at least the tests it passed when the floor was set', () => {
    expect(
      suitePasses('connection.tst', (t) => ['connect', 'disconnect'].includes(t.command)),
    ).toBeGreaterThanOrEqual(CONNECTION_FLOOR);
  }, 180_000);
});
