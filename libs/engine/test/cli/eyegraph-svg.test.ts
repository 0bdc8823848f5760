import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import type { CliIo } from '../../src/cli/types';
import { byClass, parseSvg, texts } from '../render/svg-dom';
import { CHILD_TEST_TIMEOUT, runMoyo } from './run';

const GRAPH = 'OO!%O.X%!...';

/** Runs `moyo` in process; files the command writes are kept in `written` (none when `canWrite` is false). */
async function moyo(args: string[], canWrite = true) {
  let out = '';
  let err = '';
  const written = new Map<string, string>();
  const io: CliIo = {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    readFile: () => {
      throw new Error('no files here');
    },
    ...(canWrite ? { writeFile: (p: string, text: string) => void written.set(p, text) } : {}),
    readStdin: async () => '',
    stdin: process.stdin,
    stdoutStream: process.stdout,
  };
  const code = await main(args, io);
  return { code, out, err, written };
}

/** The vital marks of an eye-graph SVG as `row,col kind`, and its value text. */
function marks(svg: string): { vital: string[]; value: string[] } {
  const doc = parseSvg(svg);
  return {
    vital: byClass(doc, 'vital').map(
      (e) => `${e.getAttribute('data-row')},${e.getAttribute('data-col')} ${e.getAttribute('class')}`,
    ),
    value: texts(doc, 'value'),
  };
}

describe('moyo eyegraph --svg', () => {
  it('writes the marked diagram with its vital points to a file, and still prints the answer', async () => {
    const r = await moyo(['eyegraph', GRAPH, '--svg', 'eye.svg']);
    expect(r.code, r.err).toBe(0);
    // The text answer: the value, then GNU Go's marked graph (`@` and `*` are the vital points).
    expect(r.out).toBe('0112\n  @ \n .X \n!.*.\n');
    const svg = r.written.get('eye.svg')!;
    expect(svg).toMatch(/^<svg [^>]*class="moyo-eyegraph"/);
    expect(marks(svg)).toEqual({ vital: ['0,2 vital both', '2,2 vital both'], value: ['0112'] });
    expect(byClass(parseSvg(svg), 'stone')).toHaveLength(1);
  });

  it('writes the SVG alone to stdout for -, with the options applied', async () => {
    const r = await moyo(['eyegraph', '--svg=-', '--outer-libs', '0', GRAPH]);
    expect(r.code, r.err).toBe(0);
    expect(r.written.size).toBe(0);
    expect(r.out).toMatch(/^<svg [^>]*>[\s\S]*<\/svg>\n$/);
    const json = JSON.parse((await moyo(['eyegraph', '--outer-libs', '0', GRAPH, '--json'])).out);
    expect(marks(r.out).value).toEqual([json.value]);
    // `-` needs no file access.
    expect((await moyo(['eyegraph', GRAPH, '--svg', '-'], false)).code).toBe(0);
  });

  it('exits 2 naming the problem on bad --svg use', async () => {
    const cases: [string[], RegExp][] = [
      [['eyegraph', GRAPH, '--svg'], /--svg needs a file name or - \(stdout\), got nothing/],
      [['eyegraph', GRAPH, '--svg='], /--svg needs a file name or - \(stdout\), got nothing/],
      [['eyegraph', GRAPH, '--svg', '--json'], /--svg needs a file name or - \(stdout\), got --json/],
      [['eyegraph', GRAPH, '--svg', 'a.svg', '--svg', 'b.svg'], /--svg is given twice/],
      [['eyegraph', GRAPH, '--svg', '-', '--json'], /--svg - and --json both write to stdout/],
      [['eyegraph', '--svg', 'a.svg'], /GRAPH is missing/],
    ];
    for (const [args, re] of cases) {
      const r = await moyo(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err, args.join(' ')).toMatch(new RegExp(`^moyo eyegraph: ${re.source}`));
      expect(r.written.size).toBe(0);
    }
    const noFiles = await moyo(['eyegraph', GRAPH, '--svg', 'a.svg'], false);
    expect(noFiles.code).toBe(2);
    expect(noFiles.err).toMatch(/^moyo eyegraph: --svg: this front cannot write files/);
    // A bad graph is still the graph's fault, not the picture's.
    const badGraph = await moyo(['eyegraph', 'OOZ', '--svg', 'a.svg']);
    expect(badGraph.code).toBe(2);
    expect(badGraph.err).toMatch(/^moyo eyegraph: GRAPH: /);
    expect(badGraph.written.size).toBe(0);
  });

  it(
    'as a process: writes a real file, and exits 2 when the path cannot be written',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'moyo-eyegraph-svg-'));
      const file = join(dir, 'eye.svg');
      const missing = join(dir, 'no-such-dir', 'eye.svg');
      const [ok, bad, stdout] = await Promise.all([
        runMoyo(['eyegraph', GRAPH, '--svg', file]),
        runMoyo(['eyegraph', GRAPH, '--svg', missing]),
        runMoyo(['eyegraph', GRAPH, '--svg', '-']),
      ]);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toMatch(/^0112\n/);
      expect(readFileSync(file, 'utf8')).toBe(stdout.stdout);
      expect(marks(stdout.stdout).vital).toEqual(['0,2 vital both', '2,2 vital both']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(`moyo eyegraph: --svg: cannot write ${missing}: ENOENT`);
    },
    CHILD_TEST_TIMEOUT,
  );
});
