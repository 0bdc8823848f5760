import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/board/random';
import { KataGoAnalysisEngine } from '../../src/katago';

const VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, 7, 19, 2 ** 60, 'B', 'w', 'white', 'pass', 'Q16', 'A1', '(0,0)', '(9,9)',
  '', 'japanese', 'ing', 'koPOSITIONALscoreAREAtaxNONEsui1', [], {}, ['B', 'E5'], [['B', 'E5']],
  { ko: 'SIMPLE' }, { reportAnalysisWinratesAs: 'WHITE' }, [{ player: 'B', moves: ['E5'], untilDepth: 1 }],
]; // prettier-ignore
const FIELDS = [
  'id', 'moves', 'initialStones', 'initialPlayer', 'rules', 'komi', 'boardXSize', 'boardYSize', 'analyzeTurns',
  'maxVisits', 'includeOwnership', 'includeMovesOwnership', 'avoidMoves', 'allowMoves', 'overrideSettings',
  'priority', 'priorities', 'action', 'terminateId', 'turnNumbers', 'whiteHandicapBonus', 'x',
]; // prettier-ignore
const COLUMNS = 'ABCDEFGHJ';

describe('fuzz: KataGo queries', () => {
  it('1,000 random queries on small boards get results, errors or warnings, never an exception', () => {
    const r = seededRandom(18);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
    const engine = new KataGoAnalysisEngine();
    const kinds = { results: 0, errors: 0 };
    for (let i = 0; i < 1000; i++) {
      const size = pick([5, 7, 9]);
      const vertex = () =>
        r() < 0.05 ? 'pass' : `${COLUMNS[Math.floor(r() * size)]}${1 + Math.floor(r() * size)}`;
      const moves = Array.from({ length: Math.floor(r() * 30) }, (_, k) => [k % 2 ? 'W' : 'B', vertex()]);
      const q: Record<string, unknown> = {
        id: `q${i}`,
        moves,
        initialStones: Array.from({ length: Math.floor(r() * 6) }, () => [
          pick(['B', 'W']),
          vertex().replace('pass', 'A1'),
        ]),
        rules: pick(['japanese', 'chinese', 'tromp-taylor', 'new zealand']),
        boardXSize: size,
        boardYSize: size,
        maxVisits: 1 + Math.floor(r() * 60),
        analyzeTurns: [Math.floor(r() * (moves.length + 1))],
        includeOwnership: r() < 0.5,
        includeMovesOwnership: r() < 0.1,
      };
      for (let k = Math.floor(r() * 3); k > 0; k--) q[pick(FIELDS)] = pick(VALUES);
      let out;
      try {
        out =
          r() < 0.1 ? engine.submitLine(JSON.stringify(q).slice(0, Math.floor(r() * 80))) : engine.submit(q);
        for (let res = engine.next(); res; res = engine.next()) out.push(res);
      } catch (e) {
        throw new Error(`threw on ${JSON.stringify(q)}: ${(e as Error).stack}`, { cause: e });
      }
      for (const line of out) {
        if ('rootInfo' in line) kinds.results++;
        if ('error' in line) kinds.errors++;
      }
    }
    // Both outcomes occur, or the generator is not exercising the parser and the answers.
    expect(kinds.results).toBeGreaterThan(50);
    expect(kinds.errors).toBeGreaterThan(150);
  });
});
