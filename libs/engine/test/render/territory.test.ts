import { describe, expect, it } from 'vitest';
import { BLACK } from '../../src/board/color';
import { analyzeTerritory, moveValues } from '../../src/territory';
import { moveValuesOverlay, renderBoardSvg, territoryOverlays } from '../../src/render';
import { positionFromRows } from '../influence/rows';
import { byClass, parseSvg } from './svg-dom';

// Black lives on the left, White on the right; the lone white stone at C5 is inside Black's area.
const ROWS = [
  '..X...O..',
  '..X...O..',
  '..X...O..',
  '..X..O...',
  '.OX..O...',
  '..X..O...',
  '..X...O..',
  '..X...O..',
  '..X...O..',
];

describe('pictures of a territory analysis', () => {
  const pos = positionFromRows(ROWS);
  const analysis = analyzeTerritory(pos, { komi: 0 });

  it('draws ownership, territory and dead stones exactly as the analysis says', () => {
    const o = territoryOverlays(analysis);
    const doc = parseSvg(renderBoardSvg({ size: 9, stones: ROWS, overlays: [o.territory, o.dead] }));
    const dead = byClass(doc, 'dead').map((el) => el.getAttribute('data-vertex'));
    expect(dead.sort()).toEqual(
      analysis.deadStones.map((p) => `${'ABCDEFGHJ'[pos.geo.x(p)]}${9 - pos.geo.y(p)}`).sort(),
    );
    let wantB = 0;
    let wantW = 0;
    pos.geo.points.forEach((p) => {
      const own = analysis.owner[p];
      if (own > 0 && pos.colors[p] !== 1) wantB++;
      if (own < 0 && pos.colors[p] !== 2) wantW++;
    });
    expect(wantB + wantW).toBeGreaterThan(0);
    expect(byClass(doc, 'terr-b')).toHaveLength(wantB);
    expect(byClass(doc, 'terr-w')).toHaveLength(wantW);
    const heat = parseSvg(renderBoardSvg({ size: 9, stones: ROWS, overlays: [o.ownership] }));
    const strong = Array.from(pos.geo.points).filter((p) => Math.abs(analysis.ownership[p]) >= 0.05).length;
    expect(byClass(heat, 'own-b').length + byClass(heat, 'own-w').length).toBe(strong);
  });

  it('labels the engine move values, best first', () => {
    const moves = moveValues(pos, analysis, BLACK, { top: 5 });
    expect(moves.length).toBeGreaterThan(0);
    const doc = parseSvg(
      renderBoardSvg({ size: 9, stones: ROWS, overlays: [moveValuesOverlay(pos.geo, moves, 3)] }),
    );
    const marks = byClass(doc, 'mv');
    expect(marks).toHaveLength(Math.min(3, moves.length));
    const top = Math.max(...moves.map((m) => m.value));
    const bestVertices = moves
      .filter((m) => m.value === top)
      .map((m) => `${'ABCDEFGHJ'[pos.geo.x(m.point)]}${9 - pos.geo.y(m.point)}`);
    expect(bestVertices).toContain(byClass(doc, 'mv', 'best')[0].getAttribute('data-vertex'));
  });
});
