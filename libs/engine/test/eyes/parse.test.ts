import { describe, expect, it } from 'vitest';
import { EyeGraphError, parseEyeGraph } from '../../src/eyes';

function errorOf(text: string): EyeGraphError {
  try {
    parseEyeGraph(text);
  } catch (e) {
    if (e instanceof EyeGraphError) return e;
    throw e;
  }
  throw new Error(`no error for ${JSON.stringify(text)}`);
}

describe('parseEyeGraph', () => {
  it('reads the one-line encoding: % between rows, O for a blank', () => {
    const g = parseEyeGraph('OO!%O.X%!...');
    expect(g.rows).toEqual(['  !', ' .X', '!...']);
    expect(g.width).toBe(4);
    expect(g.points.map((p) => p.kind).join('')).toBe('!.X!...');
    expect(g.points[0]).toEqual({ row: 0, col: 2, kind: '!' });
    expect(g.encoded).toBe('OO!%O.X%!...');
    expect(g.horizontalEdge).toBe(-1);
    expect(g.verticalEdge).toBe(-1);
  });

  it('accepts multi-line text with spaces as blanks, and CRLF', () => {
    expect(parseEyeGraph('  !\n .X\n!...\n').encoded).toBe('OO!%O.X%!...');
    expect(parseEyeGraph('  !\r\n .X\r\n!...').encoded).toBe('OO!%O.X%!...');
  });

  it('accepts the vital marks and reads them as the plain points', () => {
    const g = parseEyeGraph('OO@%O.X%!.*.%<>()');
    expect(g.rows).toEqual(['  !', ' .X', '!...', '..!!']);
  });

  it('reads $ as a marginal attacker stone', () => {
    expect(parseEyeGraph('.$.').points.map((p) => p.kind)).toEqual(['.', '$', '.']);
  });

  it('locates edges: top row, bottom row, left and right columns, corners', () => {
    expect(parseEyeGraph('---%...').horizontalEdge).toBe(0);
    expect(parseEyeGraph('...%---').horizontalEdge).toBe(1);
    expect(parseEyeGraph('|..%|.').verticalEdge).toBe(0);
    expect(parseEyeGraph('..|%.O|').verticalEdge).toBe(2);
    const corner = parseEyeGraph('+---%|..%|.');
    expect([corner.horizontalEdge, corner.verticalEdge]).toEqual([0, 0]);
    const other = parseEyeGraph('..|%..|%--+');
    expect([other.horizontalEdge, other.verticalEdge]).toEqual([2, 2]);
  });

  it('names the unknown character and its position', () => {
    const e = errorOf('..%.a.');
    expect(e.code).toBe('unknown-character');
    expect([e.index, e.row, e.col]).toEqual([4, 1, 1]);
    expect(e.message).toContain("'a'");
    expect(e.message).toContain('row 2, column 2');
    expect(errorOf('.\t.').message).toContain('U+0009');
  });

  it('rejects empty graphs and graphs of blanks or edges only', () => {
    expect(errorOf('').code).toBe('empty');
    expect(errorOf('OOO%O').code).toBe('empty');
    expect(errorOf('+--%|').code).toBe('empty');
  });

  it('rejects more than 17 points and more than 19 rows or columns', () => {
    expect(parseEyeGraph('.'.repeat(17)).points).toHaveLength(17);
    const many = errorOf('.'.repeat(18));
    expect(many.code).toBe('too-many-points');
    expect(many.message).toContain('18 points');
    expect(errorOf('O'.repeat(19) + '.').code).toBe('too-large');
    expect(errorOf(Array(20).fill('.').join('%')).code).toBe('too-large');
  });

  it('rejects disconnected graphs, naming a stray point', () => {
    const e = errorOf('.O.');
    expect(e.code).toBe('disconnected');
    expect([e.row, e.col]).toEqual([0, 2]);
    expect(errorOf('..%OO%..').code).toBe('disconnected');
    expect(errorOf('.%O.').code).toBe('disconnected'); // diagonal contact does not connect
  });

  it('rejects misplaced edge characters', () => {
    expect(errorOf('.-.').code).toBe('bad-edge');
    expect(errorOf('..%---%..').code).toBe('bad-edge');
    expect(errorOf('.|.').code).toBe('bad-edge');
    expect(errorOf('+..').code).toBe('bad-edge');
    expect(errorOf('-.-%..').code).toBe('bad-edge');
    expect(errorOf('-O-%..').code).toBe('bad-edge');
  });
});
