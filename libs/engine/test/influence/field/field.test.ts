import { describe, expect, it } from 'vitest';
import { BLACK, WHITE } from '../../../src/board/color';
import { Geometry } from '../../../src/board/geometry';
import { computeInfluenceField, DEFAULT_FIELD_PARAMS, fieldParams } from '../../../src/influence/field';
import { position, rowsOf } from '../../territory/support/rows';

describe('influence field (GNU Go model)', () => {
  it('reproduces the documented field of a single source of strength 100 with attenuation 3', () => {
    const geo = Geometry.of(11);
    const colors = geo.emptyColors.slice();
    colors[geo.pt(5, 5)] = BLACK;
    const f = computeInfluenceField({ geo, colors });
    // GNU Go docs, "The Core of the Influence Function" (values rounded down).
    expect(rowsOf(geo, (p) => String(Math.floor(f.black[p])).padStart(3)).slice(1, 10)).toEqual([
      '  0  0  0  0  1  1  1  0  0  0  0',
      '  0  0  0  1  2  3  2  1  0  0  0',
      '  0  0  1  3  5 11  5  3  1  0  0',
      '  0  1  2  5 16 33 16  5  2  1  0',
      '  0  1  3 11 33  0 33 11  3  1  0',
      '  0  1  2  5 16 33 16  5  2  1  0',
      '  0  0  1  3  5 11  5  3  1  0  0',
      '  0  0  0  1  2  3  2  1  0  0  0',
      '  0  0  0  0  1  1  1  0  0  0  0',
    ]);
    expect(f.white.every((v) => v === 0)).toBe(true);
  });

  it('stones block influence and a one-point jump is a barrier for the other colour', () => {
    const pos = position(['.......', '.......', '.......', 'X.X...O', '.......', '.......', '.......']);
    const f = computeInfluenceField(pos);
    const jump = pos.geo.pt(1, 3);
    expect(f.white[jump]).toBe(0);
    expect(f.black[jump]).toBeGreaterThan(30);
    // Behind the stone at C4, as seen from O at G4, white influence is weaker than in front of it.
    expect(f.white[pos.geo.pt(3, 3)]).toBeGreaterThan(f.white[pos.geo.pt(1, 2)]);
  });

  it('gives territory values in [-1, 1], +1 inside a closed black area, and region codes', () => {
    const pos = position(['..X.O..', '..X.O..', 'XXX.OOO', '.......', 'OOO.XXX', '..O.X..', '..O.X..']);
    const f = computeInfluenceField(pos);
    for (const p of pos.geo.points) expect(Math.abs(f.territory[p])).toBeLessThanOrEqual(1);
    expect(f.territory[pos.geo.pt(0, 0)]).toBe(1);
    expect(f.territory[pos.geo.pt(6, 0)]).toBe(-1);
    expect(f.regions[pos.geo.pt(0, 0)]).toBe(3);
    expect(f.regions[pos.geo.pt(6, 6)]).toBe(3);
    expect(f.regions[pos.geo.pt(0, 6)]).toBe(-3);
    expect(f.regions[pos.geo.pt(2, 0)]).toBe(4);
    expect(f.regions[pos.geo.pt(4, 0)]).toBe(-4);
    // Mirror symmetry of the position gives an antisymmetric map.
    expect(f.territory[pos.geo.pt(3, 3)]).toBeCloseTo(0, 5);
  });

  it('dead stones are neither sources nor barriers, and intrusions favour the side to move', () => {
    const pos = position([
      '.........',
      '.XXXXXXX.',
      '.X.....X.',
      '.X..O..X.',
      '.X.....X.',
      '.X.....X.',
      '.XXXXXXX.',
      '.........',
      '.........',
    ]);
    const safety = new Float32Array(pos.geo.arraySize);
    for (const p of pos.geo.points) if (pos.colors[p] !== 0) safety[p] = pos.colors[p] === WHITE ? 0 : 1;
    const f = computeInfluenceField(pos, { safety });
    expect(f.white.every((v) => v === 0)).toBe(true);
    expect(f.territory[pos.geo.pt(4, 3)]).toBe(1);
    const plain = computeInfluenceField(pos);
    const blackFirst = computeInfluenceField(pos, { toMove: BLACK });
    expect(blackFirst.black[pos.geo.pt(4, 2)]).toBeGreaterThanOrEqual(plain.black[pos.geo.pt(4, 2)]);
  });

  it('the side that answers first blocks at contact points: the other colour stops there', () => {
    const pos = position(['.....', '.....', '.X.O.', '.....', '.....']);
    const c3 = pos.geo.pt(2, 2);
    const open = computeInfluenceField(pos);
    expect(open.blocked).toBeNull();
    expect(open.white[c3]).toBeGreaterThan(0);
    const f = computeInfluenceField(pos, { blocker: BLACK });
    expect(f.blocker).toBe(BLACK);
    expect(f.blocked![c3]).toBe(1);
    // White's influence does not enter the blocking point; it counts as nobody's territory.
    expect(f.white[c3]).toBe(0);
    expect(f.black[c3]).toBeGreaterThan(0);
    expect(f.territory[c3]).toBe(0);
    // Points touching only one colour are not blocking points.
    expect(f.blocked![pos.geo.pt(0, 2)]).toBe(0);
    expect(() => computeInfluenceField(pos, { blocker: 0 as never })).toThrow(/blocker/);
  });

  it('rejects bad parameters and inputs with a message naming the field', () => {
    expect(() => fieldParams({ attenuation: 1 })).toThrow(/attenuations/);
    expect(() => fieldParams({ cutoff: -1 })).toThrow(/cutoff/);
    expect(() => fieldParams({ maxRadius: 0 })).toThrow(/maxRadius/);
    const pos = position(['...', '...', '...']);
    expect(() => computeInfluenceField(pos, { safety: new Float32Array(2) })).toThrow(/safety/);
    expect(() => computeInfluenceField(pos, { toMove: 3 as never })).toThrow(/toMove/);
    expect(DEFAULT_FIELD_PARAMS.diagonalAttenuation).toBe(2 * DEFAULT_FIELD_PARAMS.attenuation);
  });

  it('handles a 1x1 board and a full board without crashing', () => {
    const one = Geometry.of(1);
    expect(computeInfluenceField({ geo: one, colors: one.emptyColors.slice() }).territory[one.pt(0, 0)]).toBe(
      0,
    );
    const full = position(['XXX', 'XXX', 'XXX']);
    const f = computeInfluenceField(full);
    expect(f.regions[full.geo.pt(1, 1)]).toBe(4);
  });
});
