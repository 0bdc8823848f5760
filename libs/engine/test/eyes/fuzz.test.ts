import { afterAll, describe, expect, it } from 'vitest';
import { runEyegraphCommand } from '../../src/cli/commands/eyegraph';
import {
  analyzeEyeGraph,
  EyeGraphBudgetError,
  EyeGraphError,
  EyeGraphUnrealizableError,
  type EyeGraphOptions,
} from '../../src/eyes';
import { seededRandom } from './support/random-graphs';

const EYE_VALUES = new Set(
  '0000 0001 0002 0011 0012 0022 0111 0112 0122 0222 1111 1112 1122 1222 2222'.split(' '),
);
const GRAPH_CHARS = '..........!!!XX$O%%*<>@()|-+ \n';
const STRINGS = 10_000;
const CHUNKS = 4;

/** The fuzz inputs: mostly graph characters, some ASCII and other code points; a fifth with options. */
function fuzzInputs(): { text: string; options: EyeGraphOptions }[] {
  const random = seededRandom(2026);
  const inputs: { text: string; options: EyeGraphOptions }[] = [];
  for (let k = 0; k < STRINGS; k++) {
    const length = Math.floor(random() * 14);
    let text = '';
    for (let i = 0; i < length; i++) {
      const x = random();
      text +=
        x < 0.9
          ? GRAPH_CHARS[Math.floor(random() * GRAPH_CHARS.length)]
          : String.fromCodePoint(Math.floor(random() * (x < 0.97 ? 0x80 : 0x2000)));
    }
    const options: EyeGraphOptions =
      k % 5 === 4
        ? { outerLiberties: Math.floor(random() * 6), koThreats: Math.floor(random() * 9) - 4 }
        : {};
    inputs.push({ text, options });
  }
  return inputs;
}

describe('eye graph fuzz', () => {
  const inputs = fuzzInputs();
  const outcomes = { answered: 0, badGraph: 0, unrealizable: 0, budget: 0 };
  afterAll(() => console.log('eye graph fuzz outcomes:', outcomes));

  // Four tests of 2,500 strings each keep every test short on a loaded CI machine.
  it.each(Array.from({ length: CHUNKS }, (_, i) => i + 1))(
    'answers or rejects with a typed error, never crashing or hanging (strings, part %i of 4)',
    { timeout: 120_000 },
    (chunk) => {
      const per = STRINGS / CHUNKS;
      for (let k = (chunk - 1) * per; k < chunk * per; k++) {
        const { text, options } = inputs[k];
        try {
          // A small budget keeps the run short; over it the reader must stop with its own error.
          const a = analyzeEyeGraph(text, { ...options, budget: 5_000 });
          expect(EYE_VALUES.has(a.value), `${JSON.stringify(text)} -> ${a.value}`).toBe(true);
          expect(a.eyes.min).toBeLessThanOrEqual(a.eyes.max);
          outcomes.answered++;
        } catch (e) {
          if (e instanceof EyeGraphError) outcomes.badGraph++;
          else if (e instanceof EyeGraphUnrealizableError) outcomes.unrealizable++;
          else if (e instanceof EyeGraphBudgetError) outcomes.budget++;
          else throw new Error(`untyped failure on ${JSON.stringify(text)}: ${String(e)}`, { cause: e });
        }
      }
    },
  );

  it('saw every outcome: answers, bad graphs, unrealisable graphs, exhausted budgets', () => {
    expect(outcomes.answered + outcomes.badGraph + outcomes.unrealizable + outcomes.budget).toBe(STRINGS);
    expect(outcomes.answered).toBeGreaterThan(1000);
    expect(outcomes.badGraph).toBeGreaterThan(1000);
    expect(outcomes.unrealizable).toBeGreaterThan(0);
    expect(outcomes.budget).toBeGreaterThan(0);
  });

  it('never lets the CLI throw: exit 0, 1 or 2 with the message on stderr', () => {
    // Bad graphs only (quick): the CLI must turn each into exit 2 and a message naming GRAPH.
    let checked = 0;
    for (const { text } of inputs) {
      if (checked >= 500 || text.startsWith('-')) continue;
      let bad = false;
      try {
        analyzeEyeGraph(text, { budget: 1 });
      } catch (e) {
        bad = e instanceof EyeGraphError;
      }
      if (!bad) continue;
      checked++;
      let err = '';
      const code = runEyegraphCommand([text], { stdout: () => {}, stderr: (t) => (err += t) });
      expect(code, JSON.stringify(text)).toBe(2);
      expect(err).toMatch(/^moyo eyegraph: GRAPH: eye graph: /);
    }
    expect(checked).toBe(500);
  });

  it('stops an over-large problem with EyeGraphBudgetError', () => {
    expect(() => analyzeEyeGraph('.......%.......', { budget: 1000 })).toThrow(EyeGraphBudgetError);
  });
});
