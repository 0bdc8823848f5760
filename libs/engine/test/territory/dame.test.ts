import { describe, expect, it } from 'vitest';
import { computeInfluenceField } from '../../src/influence/field';
import { twoLayers } from '../../src/territory';
import { position } from './support/rows';

describe('dame', () => {
  // D6 touches Black's C6 and White's D7, E6, D5: territory of neither while both sides live, though
  // the field leans to White there (the end of a game counted under Japanese rules leaves such points
  // empty: pro19-handicap-018 and pro19-jp-030 of bench/data/real-games counted them for White).
  const pos = position(['..XO...', '..X.O..', '..XO...', '..XO...', '..XO...', '..XO...', '..XO...']);
  const safety = new Float32Array(pos.geo.arraySize);
  for (const p of pos.geo.points) if (pos.colors[p] !== 0) safety[p] = 1;
  const field = computeInfluenceField(pos, { safety });
  const layers = twoLayers(pos, safety, field);

  it('an empty point between settled stones of both colours belongs to nobody', () => {
    const dame = pos.geo.pt(3, 1);
    expect(Math.abs(field.territory[dame])).toBeGreaterThan(0.1);
    expect(layers.owner[dame]).toBe(0);
    expect(layers.ownership[dame]).toBe(0);
  });

  it('territory behind the walls stays its owner s', () => {
    expect(layers.ownership[pos.geo.pt(0, 3)]).toBe(1);
    expect(layers.ownership[pos.geo.pt(6, 3)]).toBe(-1);
  });
});
