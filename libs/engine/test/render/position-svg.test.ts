import { describe, expect, it } from 'vitest';
import { ANALYSES, positionFromGame } from '../../src/analysis';
import { Game } from '../../src/board/history';
import { positionOverlay, RenderInputError, renderPositionSvg } from '../../src/render';
import { byClass, parseSvg } from './svg-dom';

function game(): Game {
  const g = new Game(9);
  for (const v of ['C3', 'G7', 'C7', 'G3', 'E5', 'pass', 'C5']) {
    if (v === 'pass') g.pass();
    else g.playVertex(v);
  }
  return g;
}

describe('renderPositionSvg', () => {
  it('draws the game position with the last move ringed', () => {
    const doc = parseSvg(renderPositionSvg(positionFromGame(game())));
    expect(byClass(doc, 'stone')).toHaveLength(6);
    expect(byClass(doc, 'stone', 'white')).toHaveLength(2);
    expect(byClass(doc, 'last')[0].getAttribute('data-vertex')).toBe('C5');
  });

  it('draws registry overlays (Bouzy maps, Freihofner numbers) the way moyo analyze reports them', () => {
    const position = positionFromGame(game());
    const doc = parseSvg(renderPositionSvg(position, ['moyo', 'freihofner']));
    expect(byClass(doc, 'terr-b', 'moyo').length).toBeGreaterThan(0);
    expect(byClass(doc, 'terr-w', 'moyo').length).toBeGreaterThan(0);
    expect(byClass(doc, 'num').length).toBeGreaterThan(0);
    expect(positionOverlay(position, 'territory')).toMatchObject({ kind: 'owners', map: 'territory' });
  });

  it('names the overlay when it is unknown or has no provider', () => {
    const position = positionFromGame(game());
    expect(() => renderPositionSvg(position, ['heat'])).toThrow(/^overlay: unknown overlay 'heat'/);
    if (!ANALYSES.has('territory') && !ANALYSES.has('ownership') && !ANALYSES.has('score')) {
      expect(() => positionOverlay(position, 'ownership')).toThrow(RenderInputError);
    } else {
      expect(positionOverlay(position, 'ownership')).toMatchObject({ kind: 'ownership' });
    }
  });
});
