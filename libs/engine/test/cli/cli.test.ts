import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import type { CliIo } from '../../src/cli/types';
import { CHILD_TEST_TIMEOUT, ROOT, runMoyo, runProcess } from './run';

const SGF = '(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[cc];B[cd];W[dc])';
const dir = mkdtempSync(join(tmpdir(), 'moyo-cli-'));
const file = join(dir, 'g.sgf');
writeFileSync(file, SGF);

/** Runs main in-process with captured output and `stdin` text. */
async function moyo(args: string[], stdin = '') {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    readFile: (p) => {
      if (p !== file) throw new Error(`ENOENT: no such file or directory, open '${p}'`);
      return SGF;
    },
    readStdin: async () => stdin,
    stdin: process.stdin,
    stdoutStream: process.stdout,
  };
  const code = await main(args, io);
  return { code, out, err };
}

describe('moyo CLI', () => {
  it('analyze --json prints the report for the requested move', async () => {
    const r = await moyo(['analyze', file, '--move', '2', '--analyses', 'board', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.board).toMatchObject({ size: 9, moveNumber: 2, toPlay: 'B', komi: 6.5 });
    expect(Object.keys(report.analyses)).toEqual(['board']);
    expect(report.analyses.board.chains).toHaveLength(2);
  });

  it('reads - from stdin and prints text', async () => {
    const r = await moyo(['analyze', '-', '--analyses', 'board'], SGF);
    expect(r.code).toBe(0);
    expect(r.out).toContain('9x9, move 4, B to play, komi 6.5');
    expect(r.out).toContain(' 7 . . O O . . . . . 7');
  });

  it('show draws the board and a map', async () => {
    const r = await moyo(['show', file, '--move', '1', '--map', 'board']);
    expect(r.code).toBe(0);
    expect(r.out).toContain(' 5 . . . . X . . . . 5');
    expect(r.out).toContain(' 5 . . . . 4 . . . . 5');
  });

  it('eyegraph is a moyo subcommand (options, negative numbers and --help reach it)', async () => {
    const text = await moyo(['eyegraph', 'OO!%O.X%!...']);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^0112\n/);
    const json = await moyo(['eyegraph', '--ko-threats', '-2', 'OO!%O.X%!...', '--json']);
    expect(json.code, json.err).toBe(0);
    expect(JSON.parse(json.out)).toMatchObject({ value: expect.stringMatching(/^[012]{4}$/) });
    expect((await moyo(['eyegraph', '--help'])).out).toMatch(/^usage: moyo eyegraph GRAPH/);
    const bad = await moyo(['eyegraph']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^moyo eyegraph: GRAPH is missing/);
  });

  it('exits 2 naming the problem on bad arguments or input', async () => {
    const cases: [string[], RegExp][] = [
      [['analyze', file, '--move', 'x'], /--move must be a whole number/],
      [['analyze', file, '--move', '9'], /move 9 is past the end of the game \(4 moves\)/],
      [['analyze', file, '--analyses', 'zzz'], /unknown analysis 'zzz'/],
      [['analyze', join(dir, 'none.sgf')], /cannot read .*none\.sgf/],
      [['analyze', file, '--set', 'oops'], /--set wants ANALYSIS.OPTION=VALUE/],
      [['analyze'], /missing required argument 'file'/],
      [['show', file, '--map', 'nope'], /--map: 'nope' is not a map/],
      [['show', file, '--bogus'], /unknown option '--bogus'/],
      [['gtp', 'extra'], /unexpected argument 'extra'/],
      [['frob'], /unknown command 'frob'/],
      [[], /Usage: moyo/],
    ];
    for (const [args, re] of cases) {
      const r = await moyo(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err, args.join(' ')).toMatch(re);
    }
    const bad = await moyo(['analyze', '-'], '(;SZ[9];B[ee];W[ee])');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/stdin: SGF node 2, move 2, property W: illegal move/);
  });

  it(
    'runs as a process with the exit code',
    async () => {
      const [r, bad] = await Promise.all([
        runMoyo(['analyze', file, '--analyses', 'board', '--json']),
        runMoyo(['show', file, '--move', '-3']),
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).board.size).toBe(9);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/^moyo show: --move must be a whole number/);
    },
    CHILD_TEST_TIMEOUT,
  );

  // `npx moyo` runs node_modules/.bin/moyo -> libs/engine/bin/moyo.js -> dist (built by `npm run
  // build`, as CI does before testing); skipped where the engine has not been built.
  const bin = join(ROOT, 'node_modules/.bin/moyo');
  const built = existsSync(join(ROOT, 'libs/engine/dist/cli/main.js'));
  it.skipIf(!built)(
    'runs as the installed bin (npx moyo) from the repository root',
    async () => {
      const [version, gtp, bad] = await Promise.all([
        runProcess(bin, ['--version']),
        runProcess(bin, ['gtp'], `loadsgf ${file}\nmoyo_freihofner\n`),
        runProcess(bin, ['analyze', join(dir, 'none.sgf')]),
      ]);
      expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
      expect(gtp.code, gtp.stderr).toBe(0);
      const [loaded, map] = gtp.stdout.split('\n\n');
      expect(loaded).toBe('= black');
      expect(map.slice(2).split('\n')).toHaveLength(9);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/^moyo analyze: cannot read .*none\.sgf/);
    },
    CHILD_TEST_TIMEOUT,
  );
});
