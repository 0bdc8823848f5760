import { describe, expect, it } from 'vitest';
import { BLACK, WHITE } from '../../src/board/color';
import { RULES } from '../../src/board/rules';
import { SgfError, positionAfter, readSgf, replaySgf, writeSgf } from '../../src/sgf';

const GAME =
  '(;GM[1]FF[4]SZ[9]KM[6.5]RU[Chinese]PB[Alice]PW[Bob];B[ee];W[cc];B[cd];W[dc];B[];W[ed](;B[dd])(;B[aa]))';

describe('reading SGF', () => {
  it('reads root facts and the main line', () => {
    const r = readSgf(GAME);
    expect([r.width, r.height]).toEqual([9, 9]);
    expect(r.komi).toBe(6.5);
    expect(r.rules).toBe(RULES.chinese);
    expect(r.info).toEqual({ PB: 'Alice', PW: 'Bob' });
    expect(r.moveCount).toBe(7);
  });

  it('replays to any move number, following the first variation', () => {
    expect(positionAfter(GAME, 0).board.toRows().join('')).toBe('.'.repeat(81));
    const g2 = positionAfter(GAME, 2);
    expect(g2.board.toRows().slice(2, 5)).toEqual(['..O......', '.........', '....X....']);
    expect(g2.toPlay).toBe(BLACK);
    const g5 = positionAfter(GAME, 5);
    expect(g5.consecutivePasses).toBe(1);
    expect(g5.toPlay).toBe(WHITE);
    const end = positionAfter(GAME);
    expect(end.moveNumber).toBe(7);
    expect(end.board.toRows().slice(2, 5)).toEqual(['..OO.....', '..XXO....', '....X....']);
  });

  it('handles setup (AB/AW/AE, compressed lists), PL and handicap', () => {
    const g = positionAfter('(;SZ[9]HA[2]AB[cg][gc]KM[0.5];W[ee])');
    expect(g.handicap).toBe(2);
    expect(g.toPlay).toBe(BLACK);
    expect(g.board.toRows()[2]).toBe('......X..');
    const s = positionAfter('(;SZ[5]AB[aa:bb]AW[ee]PL[W];AE[aa]W[cc])');
    expect(s.board.toRows()).toEqual(['.X...', 'XX...', '..O..', '.....', '....O']);
    expect(s.toPlay).toBe(BLACK);
  });

  it('captures while replaying and tt is a pass on 19x19', () => {
    const g = positionAfter('(;SZ[19];B[aa];W[ba];B[tt];W[ab])');
    expect(g.board.toRows()[0].slice(0, 3)).toBe('.O.');
    expect(g.board.captures[WHITE]).toBe(1);
  });

  it('writes SGF that reads back to the same game', () => {
    const g = positionAfter(GAME);
    g.setup([{ point: g.geo.pt(8, 8), color: WHITE }], BLACK);
    g.playVertex('A9');
    const text = writeSgf(g, { info: { PB: 'Alice' } });
    expect(text).toMatch(/^\(;GM\[1\]FF\[4\]/);
    const back = replaySgf(readSgf(text));
    expect(back.board.toRows()).toEqual(g.board.toRows());
    expect(back.moveNumber).toBe(g.moveNumber);
    expect(back.komi).toBe(6.5);
    expect(back.rules.name).toBe('chinese');
    const h = positionAfter('(;SZ[9]HA[2]AB[cg][gc]KM[0.5];W[ee])');
    expect(writeSgf(h)).toContain('HA[2]');
    expect(positionAfter(writeSgf(h)).handicap).toBe(2);
  });

  it('gives typed errors naming node, move and property', () => {
    const cases: [string, RegExp, number?][] = [
      ['', /no game tree/],
      ['garbage', /no game tree/],
      ['(;SZ[9];B[ee', /cannot parse/],
      ['(;SZ[19:1])', /root node, property SZ: board size "19:1"/],
      ['(;SZ[19:13:2])', /property SZ/],
      ['(;SZ[1])', /property SZ: board size "1"/],
      ['(;SZ[30])', /property SZ/],
      ['(;SZ[abc])', /property SZ/],
      ['(;KM[six])', /property KM: komi "six"/],
      ['(;HA[-1])', /property HA/],
      ['(;GM[2])', /GM\[2\] is not Go/],
      ['(;SZ[9];B[ee];W[ee])', /node 2, move 2, property W: illegal move W\[ee\] \(E5\): occupied/],
      ['(;SZ[9];B[zz])', /node 1, move 1, property B: bad coordinate "zz"/],
      ['(;SZ[9]AB[zz])', /root node, property AB/],
      ['(;SZ[9]AB[ee]AW[ee])', /root node, property AW: point ee \(E5\) is also set by AB in this node/],
      ['(;SZ[9];B[aa];AE[ab:bb]AB[bb])', /node 2, property AB: point bb \(B8\) is also set by AE/],
      ['(;SZ[9]PL[X])', /property PL/],
      ['(;SZ[9];B[aa]W[bb])', /both B and W/],
    ];
    for (const [text, re] of cases) {
      expect(() => positionAfter(text), text).toThrow(SgfError);
      expect(() => positionAfter(text), text).toThrow(re);
    }
    expect(() => positionAfter(GAME, 8)).toThrow(/move 8 is past the end of the game \(7 moves\)/);
    expect(() => positionAfter('(;SZ[9];B[ee])', 2)).toThrow(
      /move 2 is past the end of the game \(1 move\)$/,
    );
    expect(() => positionAfter(GAME, -1)).toThrow(/whole number/);
    try {
      positionAfter('(;SZ[9];B[ee];W[ee])');
    } catch (e) {
      expect(e).toMatchObject({ node: 2, moveNumber: 2, property: 'W' });
    }
  });

  it('refuses suicide and ko recapture in the record', () => {
    expect(() => positionAfter('(;SZ[5];B[ba];W[];B[ab];W[aa])')).toThrow(/move 4.*suicide/);
    const ko = '(;SZ[5]AB[ba][ab][cb][bc]AW[ca][db][cc];W[bb];B[cb])';
    expect(() => positionAfter(ko)).toThrow(/move 2.*ko/);
  });
});
