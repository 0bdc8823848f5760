import { describe, expect, it } from 'vitest';
import { parseOptions } from '../../scripts/gnugo-regress/options';
import type { SuiteRun } from '../../scripts/gnugo-regress/report';
import type { Engine } from '../../scripts/gnugo-regress/run-suite';
import {
  askSecondOpinion,
  formatSecondOpinions,
  otherMoves,
} from '../../scripts/gnugo-regress/second-opinion';
import { parseTst, setupBefore } from '../../scripts/gnugo-regress/tst';
import { resolve } from 'node:path';

const SUITE = `loadsgf a.sgf
1 owl_attack C3
#? [1 (B1|A2)]
play black D4
2 owl_defend C3
#? [1 B1]
3 owl_attack C3
#? [1 B1]
4 dragon_status C3
#? [critical B1 B1]
5 owl_attack C3
#? [!1 B1]
6 owl_attack C3
#? [(1|2) B1]
7 owl_defend C3
#? [1 B1]
8 attack C3
#? [1 B1]
`;

const suite = parseTst(SUITE, 'mini.tst');

/** Moyo's answers: 1 and 2 have the expected code and another move; 8 passes; the rest do not qualify. */
const MOYO: Record<number, string> = {
  1: '1 D1',
  2: '1 E5',
  3: '0',
  4: 'critical D1 D1',
  5: '1 D1',
  6: '1 D1',
  7: '1 PASS',
  8: '1 B1',
};

function run(): SuiteRun {
  const answers = new Map(
    Object.entries(MOYO).map(([id, a]) => [Number(id), { ok: true, answer: a, seconds: 0 }]),
  );
  return { suite, gnugo: null, moyo: { answers, seconds: 0, source: 'live', setupErrors: [] } };
}

/** A GNU Go stand-in answering from a table of lines; anything else is `? unknown`. */
function fakeGnugo(replies: Record<string, string>) {
  const sent: string[] = [];
  const start = (): Engine => ({
    send: async (line) => {
      sent.push(line);
      return line in replies ? `= ${replies[line]}` : '? unknown';
    },
    close: async () => {},
    kill: () => {},
  });
  return { sent, start };
}

describe("GNU Go's second opinion on Moyo's other moves", () => {
  it('takes the failed reading tests with the expected code and a move on the board', () => {
    const others = otherMoves(run());
    expect(others.map((o) => [o.test.id, o.command, o.vertex, o.move])).toEqual([
      [1, 'owl_attack', 'C3', 'D1'],
      [2, 'owl_defend', 'C3', 'E5'],
    ]);
  });

  it('replays the setup before the test only', () => {
    expect(setupBefore(suite, suite.tests[0])).toEqual(['loadsgf a.sgf']);
    expect(setupBefore(suite, suite.tests[1])).toEqual(['loadsgf a.sgf', 'play black D4']);
  });

  it("plays an attack as the stone's opponent and asks whether the owner still lives", async () => {
    const { sent, start } = fakeGnugo({ 'color C3': 'white', 'play black D1': '', 'owl_defend C3': '0' });
    const [attack] = otherMoves(run());
    const o = await askSecondOpinion(suite, attack, start, '/tmp', 1000);
    expect(sent).toEqual(['loadsgf a.sgf', 'color C3', 'play black D1', 'owl_defend C3']);
    expect(o).toEqual({ suite: 'mini.tst', id: 1, move: 'D1', verdict: 'works', answer: '0' });
  });

  it("plays a defence as the owner and names GNU Go's refutation", async () => {
    const { sent, start } = fakeGnugo({ 'color C3': 'white', 'play white E5': '', 'owl_attack C3': '1 F6' });
    const defence = otherMoves(run())[1];
    const o = await askSecondOpinion(suite, defence, start, '/tmp', 1000);
    expect(sent.slice(-2)).toEqual(['play white E5', 'owl_attack C3']);
    expect(o).toMatchObject({ id: 2, verdict: 'refuted', answer: '1 F6' });
  });

  it('leaves a move GNU Go will not play unanswered, with the reason', async () => {
    const { start } = fakeGnugo({ 'color C3': 'white' });
    const o = await askSecondOpinion(suite, otherMoves(run())[0], start, '/tmp', 1000);
    expect(o).toMatchObject({ verdict: 'unanswered', answer: 'play black D1: unknown' });
    const lines = formatSecondOpinions([
      o,
      { suite: 'mini.tst', id: 2, move: 'E5', verdict: 'works', answer: '0' },
    ]);
    expect(lines[0]).toMatch(/1 of 2 accepted/);
    expect(lines[1]).toBe('  mini.tst 1: D1 unanswered (GNU Go: play black D1: unknown)');
  });

  it('needs both engines', () => {
    const dir = resolve(__dirname, '../../regression');
    expect(parseOptions(['ld_owl', '--second-opinion'], dir).secondOpinion).toBe(true);
    expect(() => parseOptions(['ld_owl', '--second-opinion', '--engine', 'moyo'], dir)).toThrow(
      /--second-opinion: needs Moyo's answers and GNU Go/,
    );
  });
});
