import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CHILD_TEST_TIMEOUT, ROOT, moyoCommand, runMoyo } from './run';

// KataGo's documented example query (docs/Analysis_Engine.md), unchanged.
const EXAMPLE =
  '{"id":"foo","initialStones":[["B","Q4"],["B","C4"]],"moves":[["W","P5"],["B","P6"]],"rules":"tromp-taylor","komi":7.5,"boardXSize":19,"boardYSize":19,"analyzeTurns":[0,1,2]}';
// What KaTrain sends (engine.py): ids QUERY:n, BLACK perspective, ownership, priority.
const KATRAIN = JSON.stringify({
  id: 'QUERY:1',
  rules: 'japanese',
  priority: 0,
  analyzeTurns: [2],
  maxVisits: 100,
  komi: 6.5,
  boardXSize: 9,
  boardYSize: 9,
  includeOwnership: true,
  includeMovesOwnership: false,
  includePolicy: false,
  initialStones: [],
  initialPlayer: 'B',
  moves: [
    ['B', 'E5'],
    ['W', 'C3'],
  ],
  overrideSettings: { reportAnalysisWinratesAs: 'BLACK', wideRootNoise: 0.0, maxTime: 8.0 },
});

function lines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('moyo analysis as a child process', () => {
  it(
    "answers KataGo's example, a KaTrain query and Ogatak's start-up probes, one JSON line each",
    async () => {
      const input = [
        '{"id":"query_version","action":"query_version"}',
        '{"id":"bigboard","moves":[],"rules":"chinese","boardXSize":29,"boardYSize":29}',
        EXAMPLE,
        '',
        KATRAIN,
        'not json',
      ].join('\n');
      const r = await runMoyo(['analysis', '-config', 'analysis.cfg', '-model', 'm.bin.gz'], input);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('ready to begin handling requests');
      const out = lines(r.stdout);
      expect(out[0]).toEqual({
        id: 'query_version',
        action: 'query_version',
        version: '1.16.0',
        git_hash: 'moyo-0.1.0',
      });
      expect(out[1]).toEqual({
        id: 'bigboard',
        field: 'boardXSize',
        error: 'Must provide an integer from 2 to 25',
      });
      expect(out[2]).toMatchObject({ id: 'QUERY:1', field: 'overrideSettings' }); // warning: ignored keys
      expect(out[3].error).toMatch(/^Could not parse json/);
      const results = out.slice(4);
      expect(results.map((l) => [l.id, l.turnNumber])).toEqual([
        ['foo', 0],
        ['foo', 1],
        ['foo', 2],
        ['QUERY:1', 2],
      ]);
      for (const res of results) {
        const root = res.rootInfo as Record<string, number>;
        const infos = res.moveInfos as Record<string, unknown>[];
        expect(res.isDuringSearch).toBe(false);
        for (const k of ['visits', 'scoreLead', 'winrate', 'scoreStdev'])
          expect(typeof root[k]).toBe('number');
        expect(infos.length).toBeGreaterThan(0);
        for (const m of infos) {
          for (const k of ['move', 'visits', 'scoreLead', 'winrate', 'pv', 'order', 'prior'])
            expect(m).toHaveProperty(k);
        }
      }
      const katrain = results[3];
      expect(katrain.ownership).toHaveLength(81);
      expect((katrain.rootInfo as Record<string, unknown>).currentPlayer).toBe('B');
    },
    CHILD_TEST_TIMEOUT,
  );

  it(
    'answers a rectangular 7x9 query: ownership is 9 rows of 7, top row first, the transpose of the 9x7 answer',
    async () => {
      // Black walls off the left, White the right; (x,y) = column from the left, row from the top.
      const moves: [string, string][] = [];
      for (let y = 0; y < 9; y++) moves.push(['B', `(2,${y})`], ['W', `(4,${y})`]);
      const query = (id: string, w: number, h: number, flip: boolean) =>
        JSON.stringify({
          id,
          rules: 'tromp-taylor',
          komi: 0.5,
          boardXSize: w,
          boardYSize: h,
          includeOwnership: true,
          overrideSettings: { reportAnalysisWinratesAs: 'BLACK' },
          moves: moves.map(([c, v]) => [c, flip ? v.replace(/\((\d+),(\d+)\)/, '($2,$1)') : v]),
        });
      const r = await runMoyo(['analysis'], `${query('tall', 7, 9, false)}\n${query('wide', 9, 7, true)}`);
      expect(r.code).toBe(0);
      const out = lines(r.stdout);
      const tall = out.find((l) => l.id === 'tall' && l.rootInfo) as {
        ownership: number[];
        moveInfos: unknown[];
      };
      const wide = out.find((l) => l.id === 'wide' && l.rootInfo) as { ownership: number[] };
      expect(out.filter((l) => 'error' in l)).toEqual([]);
      expect(tall.ownership).toHaveLength(63);
      expect(tall.moveInfos.length).toBeGreaterThan(0);
      // Row-major from the top-left: slot y*7+x. Columns A-B are Black's, F-G White's.
      for (let y = 0; y < 9; y++) {
        expect(tall.ownership[y * 7]).toBeGreaterThan(0.5);
        expect(tall.ownership[y * 7 + 6]).toBeLessThan(-0.5);
        for (let x = 0; x < 7; x++)
          expect(tall.ownership[y * 7 + x]).toBeCloseTo(wide.ownership[x * 9 + y], 6);
      }
    },
    CHILD_TEST_TIMEOUT,
  );

  it(
    'stops waiting turns on terminate (the echo comes first) and refuses unknown arguments',
    async () => {
      const [cmd, args] = moyoCommand(['analysis']);
      const child = spawn(cmd, args, { cwd: ROOT, stdio: 'pipe' });
      let stdout = '';
      const seen = new Promise<void>((resolve) => {
        child.stdout.setEncoding('utf8').on('data', (c: string) => {
          stdout += c;
          if (stdout.includes('"stop!long"')) resolve();
        });
      });
      const turns = Array.from({ length: 40 }, (_, i) => i % 3);
      const long = {
        id: 'long',
        moves: [
          ['B', 'E5'],
          ['W', 'C3'],
        ],
        rules: 'chinese',
        boardXSize: 9,
        boardYSize: 9,
      };
      // One write: both lines reach the engine before it can finish 40 turns.
      const stop = '{"id":"stop!long","action":"terminate","terminateId":"long"}';
      child.stdin.write(`${JSON.stringify({ ...long, analyzeTurns: turns })}\n${stop}\n`);
      await seen;
      child.stdin.end();
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(0);
      const out = lines(stdout);
      const echo = out.findIndex((l) => l.id === 'stop!long');
      const stopped = out.filter((l) => l.noResults === true);
      const answered = out.filter((l) => l.id === 'long' && l.rootInfo);
      expect(stopped.length + answered.length).toBe(40);
      expect(stopped.length).toBeGreaterThan(0);
      expect(out.slice(echo + 1).every((l) => l.noResults === true)).toBe(true);
      const bad = await runMoyo(['analysis', '-bogus']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/^moyo analysis: unexpected argument '-bogus'/);
    },
    CHILD_TEST_TIMEOUT,
  );

  it(
    'sends an interim answer (isDuringSearch true) before the final one when KaTrain ponders',
    async () => {
      const ponder = JSON.parse(KATRAIN) as Record<string, unknown>;
      const input = JSON.stringify({ ...ponder, maxVisits: 1000, reportDuringSearchEvery: 0.25 });
      const r = await runMoyo(['analysis'], input);
      expect(r.code).toBe(0);
      const out = lines(r.stdout).filter((l) => l.rootInfo);
      expect(out.map((l) => [l.id, l.isDuringSearch, (l.rootInfo as { visits: number }).visits])).toEqual([
        ['QUERY:1', true, 100],
        ['QUERY:1', false, 1000],
      ]);
    },
    CHILD_TEST_TIMEOUT,
  );
});
