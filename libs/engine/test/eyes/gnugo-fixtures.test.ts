import { describe, expect, it } from 'vitest';
import { analyzeEyeGraph } from '../../src/eyes';
import { answerLikeGnuGo } from './support/answer';
import fixture from './fixtures/gnugo-eyegraphs.json';

describe('analyze_eyegraph against GNU Go 3.8 (fixture)', () => {
  it('holds at least 250 distinct shapes of 1 to 10 points, with every kind of point and edge', () => {
    const graphs = fixture.shapes.map((s) => s.graph);
    expect(new Set(graphs).size).toBe(graphs.length);
    expect(graphs.length).toBeGreaterThanOrEqual(250);
    for (const ch of ['!', 'X', '$', '|', '-', '+']) expect(graphs.some((g) => g.includes(ch))).toBe(true);
    const values = new Set(fixture.shapes.map((s) => s.answer.split('\n')[0]));
    for (const v of ['= 0112', '= 1122', '= 0022', '= 0011', '= 2222', '? failed to analyze']) {
      expect(values.has(v)).toBe(true);
    }
  });

  it('gives exactly GNU Go answer (value and marked diagram) for every shape', () => {
    const mismatches: { graph: string; gnugo: string; ours: string }[] = [];
    for (const { graph, answer } of fixture.shapes) {
      const ours = answerLikeGnuGo(graph);
      if (ours !== answer) mismatches.push({ graph, gnugo: answer, ours });
    }
    console.log(
      `eye graphs: ${fixture.shapes.length - mismatches.length}/${fixture.shapes.length} agree with GNU Go`,
    );
    expect(mismatches).toEqual([]);
  });

  it('meets all 15 eye values, and only those, as GNU Go does', () => {
    const EYE_VALUES = '0000 0001 0002 0011 0012 0022 0111 0112 0122 0222 1111 1112 1122 1222 2222'.split(
      ' ',
    );
    const ours = new Set<string>();
    for (const { graph, answer } of fixture.shapes) {
      if (answer.startsWith('?')) continue;
      ours.add(analyzeEyeGraph(graph).value);
    }
    expect([...ours].sort()).toEqual(EYE_VALUES);
  });

  it('marks vital points where the JSON lists them: < ( attack, > ) defence, * @ both', () => {
    const marks: Record<string, [boolean, boolean]> = {
      '<': [true, false],
      '(': [true, false],
      '>': [false, true],
      ')': [false, true],
      '*': [true, true],
      '@': [true, true],
    };
    const seen = new Set<string>();
    for (const { graph, answer } of fixture.shapes) {
      if (answer.startsWith('?')) continue;
      const a = analyzeEyeGraph(graph);
      const has = (list: { row: number; col: number }[], row: number, col: number) =>
        list.some((c) => c.row === row && c.col === col);
      let marked = 0;
      a.diagram.forEach((line, row) => {
        [...line].forEach((ch, col) => {
          const expected = marks[ch] ?? [false, false];
          if (ch in marks) {
            seen.add(ch);
            marked++;
          }
          expect([has(a.attack, row, col), has(a.defense, row, col)], `${graph} ${row},${col}`).toEqual(
            expected,
          );
        });
      });
      expect(
        a.attack.length + a.defense.length - a.attack.filter((c) => has(a.defense, c.row, c.col)).length,
      ).toBe(marked);
    }
    expect([...seen].sort()).toEqual(Object.keys(marks).sort());
  });

  it("reads GNU Go's marked diagrams back as multi-line input: the marks are ignored", () => {
    const plain = (row: string) => row.replace(/[*<>]/g, '.').replace(/[@()]/g, '!');
    let checked = 0;
    for (const { graph, answer } of fixture.shapes) {
      if (answer.startsWith('?')) continue;
      const [value, ...diagram] = answer.slice(2).split('\n');
      // Only diagrams that draw the graph as given: in some corners GNU Go 3.8's own stones land
      // inside the drawn area and show up as points.
      const rows = graph.split('%').map((r) => r.replace(/O/g, ' '));
      const width = Math.max(...rows.map((r) => r.length));
      if (diagram.map(plain).join('\n') !== rows.map((r) => r.padEnd(width)).join('\n')) continue;
      checked++;
      const again = analyzeEyeGraph(diagram.join('\n'));
      expect(again.value, graph).toBe(value);
      expect(again.diagram, graph).toEqual(diagram);
    }
    expect(checked).toBeGreaterThan(350);
  });

  it("answers the seed's example OO!%O.X%!... with 0112 and its diagram", () => {
    const a = analyzeEyeGraph('OO!%O.X%!...');
    expect(a.value).toBe('0112');
    expect(a.diagram).toEqual(['  @ ', ' .X ', '!.*.']);
    expect(a.eyes).toEqual({ min: 1, max: 1 });
    expect(a.attack).toEqual(
      expect.arrayContaining([
        { row: 0, col: 2 },
        { row: 2, col: 2 },
      ]),
    );
    expect(a.defense).toEqual(
      expect.arrayContaining([
        { row: 0, col: 2 },
        { row: 2, col: 2 },
      ]),
    );
  });
});
