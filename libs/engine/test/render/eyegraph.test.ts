import { describe, expect, it } from 'vitest';
import { analyzeEyeGraph } from '../../src/eyes';
import { eyeGraphPictureFromResult, renderEyeGraphSvg, RenderInputError } from '../../src/render';
import { byClass, parseSvg, texts } from './svg-dom';

describe('eye-graph pictures from the eye analysis', () => {
  it.each(['OO!%O.X%!...', '...', '.!.%X..'])('marks every vital point of %s', (graph) => {
    const analysis = analyzeEyeGraph(graph);
    const doc = parseSvg(renderEyeGraphSvg(eyeGraphPictureFromResult(analysis)));
    const vital = (kind: string) =>
      byClass(doc, 'vital', kind).map(
        (el) => `${el.getAttribute('data-row')},${el.getAttribute('data-col')}`,
      );
    const key = (c: { row: number; col: number }) => `${c.row},${c.col}`;
    const both = analysis.attack.filter((a) => analysis.defense.some((d) => key(d) === key(a))).map(key);
    expect(vital('both').sort()).toEqual(both.sort());
    expect(vital('attack').sort()).toEqual(
      analysis.attack
        .map(key)
        .filter((k) => !both.includes(k))
        .sort(),
    );
    expect(vital('defense').sort()).toEqual(
      analysis.defense
        .map(key)
        .filter((k) => !both.includes(k))
        .sort(),
    );
    expect(texts(doc, 'value')).toEqual([analysis.value]);
  });

  it('refuses a result without a diagram', () => {
    expect(() => eyeGraphPictureFromResult({ value: '0011' })).toThrow(RenderInputError);
  });
});
