import { describe, expect, it } from 'vitest';
import { BLACK, WHITE } from '../../src/board/color';
import { computeInfluenceField } from '../../src/influence/field';
import { analyzeTerritory, moveValues, twoLayers } from '../../src/territory';
import { position, rowsOf } from './support/rows';

const OWNER_MARK = (o: number) => (o > 0 ? 'b' : o < 0 ? 'w' : '.');

describe('two-layer territory (seed 004)', () => {
  it('layer 1: closed areas and points surrounded by one side s influence', () => {
    const pos = position(['..X.O..', '..X.O..', 'XXX.OOO', '.......', 'OOO.XXX', '..O.X..', '..O.X..']);
    const a = analyzeTerritory(pos);
    expect(
      rowsOf(pos.geo, (p) =>
        pos.colors[p] ? (pos.colors[p] === BLACK ? 'X' : 'O') : OWNER_MARK(a.owner[p]),
      ),
    ).toEqual(['bbX.Oww', 'bbX.Oww', 'XXX.OOO', '.......', 'OOO.XXX', 'wwO.Xbb', 'wwO.Xbb']);
    expect(a.score.lead).toBeCloseTo(0, 5);
  });

  it('layer 2: dead stones and their neighbours go to the opponent; overlapping dead zones to nobody', () => {
    const pos = position(['.....', '.X.O.', '.....', '.....', '.....']);
    const safety = new Float32Array(pos.geo.arraySize);
    // Both stones dead: their zones overlap at C4 (between them).
    const field = computeInfluenceField(pos, { safety });
    const layers = twoLayers(pos, safety, field);
    expect(layers.deadStones).toHaveLength(2);
    expect(rowsOf(pos.geo, (p) => OWNER_MARK(layers.owner[p]))).toEqual([
      '.w.b.',
      'ww.bb',
      '.w.b.',
      '.....',
      '.....',
    ]);
    expect(layers.ownership[pos.geo.pt(1, 1)]).toBe(-1);
  });

  it('counts dead stones twice under territory rules, once under area rules, with komi and captures', () => {
    const rows = [
      '.........',
      '.XXXXXXX.',
      '.X.....X.',
      '.X..O..X.',
      '.X.....X.',
      '.XXXXXXX.',
      '.........',
      '.........',
      '.........',
    ];
    const pos = position(rows);
    const t = analyzeTerritory(pos, { komi: 6.5, captures: { black: 2, white: 1 } });
    expect(t.deadStones).toEqual([pos.geo.pt(4, 3)]);
    const bTotal = t.score.black.territory + t.score.black.prisoners + t.score.black.deadCaptured;
    expect(t.score.black.deadCaptured).toBe(1);
    expect(t.score.black.prisoners).toBe(2);
    expect(t.score.settledLead).toBe(bTotal - (t.score.white.territory + 1) - 6.5);
    expect(t.score.black.territory).toBe(81 - 20);
    const area = analyzeTerritory(pos, { rules: 'area', komi: 7.5, handicap: 2 });
    expect(area.score.settledLead).toBe(81 - 7.5 - 2);
    expect(t.score.lower).toBeLessThanOrEqual(t.score.lead);
    expect(t.score.upper).toBeGreaterThanOrEqual(t.score.lead);
  });

  it('ownership lies in [-1, 1] with live stones for their colour and dead stones against', () => {
    const pos = position([
      '.........',
      '.XXXXXXX.',
      '.X.....X.',
      '.X..O..X.',
      '.X.....X.',
      '.XXXXXXX.',
      '.........',
      '.........',
      '.........',
    ]);
    const t = analyzeTerritory(pos);
    for (const p of pos.geo.points) expect(Math.abs(t.ownership[p])).toBeLessThanOrEqual(1);
    expect(t.ownership[pos.geo.pt(4, 3)]).toBe(1);
    expect(t.ownership[pos.geo.pt(1, 1)]).toBeGreaterThan(0.9);
  });

  it('rejects bad options naming the field, and survives garbage boards', () => {
    const pos = position(['...', '...', '...']);
    expect(() => analyzeTerritory(pos, { rules: 'stones' as never })).toThrow(/rules/);
    expect(() => analyzeTerritory(pos, { komi: Number.NaN })).toThrow(/komi/);
    expect(() => analyzeTerritory(pos, { handicap: -1 })).toThrow(/handicap/);
    expect(() => analyzeTerritory(pos, { captures: { black: 1.5, white: 0 } })).toThrow(/captures.black/);
    const full = analyzeTerritory(position(['XXX', 'XXX', 'XXX']), { rules: 'area' });
    expect(full.score.settledLead).toBe(9);
    const one = analyzeTerritory(position(['.']));
    expect(one.score.lead).toBe(0);
  });
});

describe('territorial move values (seed 001)', () => {
  it("seed 001's first example: O's move at * is worth 1 with a followup of 3", () => {
    // The seed's diagram (X = Black, O = White, O to play at *) with the two walls closed off:
    //   OXXX.
    //   OX.XX
    //   O*a.X
    //   OX.XX
    //   OXXX.
    const pos = position([
      '.O.OXXX..',
      'OO.OX.XX.',
      '...O...X.',
      'OO.OX.XX.',
      '.O.OXXX..',
      'OOOOX....',
      '....X....',
      '....X....',
      '....X....',
    ]);
    const a = analyzeTerritory(pos, { toMove: WHITE });
    const mv = moveValues(pos, a, WHITE, { top: 5, maxCandidates: 100 });
    const star = mv.find((m) => m.point === pos.geo.pt(4, 2));
    // X moving first blocks at * before the move (4 points) and at a after it (3 points): 1 point;
    // O's next move at a would take the other 3: the followup.
    expect(star).toMatchObject({ value: 1, followup: 3 });
    expect(mv[0].point).toBe(star!.point);
    // a itself: a lone O stone there dies (X answers first), so it is no good move.
    expect(mv.some((m) => m.point === pos.geo.pt(5, 2))).toBe(false);
  });

  it('values the boundary move between two frameworks and ranks by total', () => {
    const pos = position([
      '.........',
      '.........',
      '..OOOXX..',
      '..O.OX...',
      '..OOOX...',
      '..OXX....',
      '..OX.....',
      '..OX.....',
      '..OX.....',
    ]);
    const a = analyzeTerritory(pos, { toMove: WHITE });
    const mv = moveValues(pos, a, WHITE, { top: 5 });
    expect(mv.length).toBe(5);
    for (let i = 1; i < mv.length; i++) expect(mv[i - 1].total).toBeGreaterThanOrEqual(mv[i].total);
    // The best moves are on the open top side between the two walls, each worth several points.
    expect(mv[0].value).toBeGreaterThan(3);
    expect(pos.geo.y(mv[0].point)).toBeLessThanOrEqual(2);
    expect(() => moveValues(pos, a, WHITE, { top: 0 })).toThrow(/top/);
  });

  it('counts prisoners: capturing a stone in atari is worth at least the stone', () => {
    const pos = position(['.....', '.XO..', 'XO.O.', '.XO..', '.....']);
    const a = analyzeTerritory(pos, { toMove: WHITE });
    const mv = moveValues(pos, a, WHITE, { top: 25, maxCandidates: 25 });
    const capture = mv.find((m) => m.point === pos.geo.pt(0, 1) || m.point === pos.geo.pt(1, 0));
    expect(mv.length).toBeGreaterThan(0);
    expect(capture === undefined || capture.value >= 1).toBe(true);
  });
});
