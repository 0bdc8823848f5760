import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import type { CliIo } from '../../src/cli/types';
import { byClass, parseSvg } from './svg-dom';

// Black's E5 and D6 against White's C7 and D7: a few stones, territory on both sides.
const SGF = '(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[cc];B[dd];W[dc])';

/** Runs `moyo` in process; files written by the command are kept in `written`. */
async function moyo(args: string[]) {
  let out = '';
  let err = '';
  const written = new Map<string, string>();
  const io: CliIo = {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    readFile: (p) => {
      if (p !== 'g.sgf') throw new Error(`ENOENT: no such file or directory, open '${p}'`);
      return SGF;
    },
    writeFile: (p, text) => void written.set(p, text),
    readStdin: async () => SGF,
    stdin: process.stdin,
    stdoutStream: process.stdout,
  };
  const code = await main(args, io);
  return { code, out, err, written };
}

describe('moyo show --svg --overlay', () => {
  it('writes the board with the asked overlays as one SVG document', async () => {
    const r = await moyo(['show', 'g.sgf', '--svg', 'out.svg', '--overlay', 'territory,dead']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const doc = parseSvg(r.written.get('out.svg')!);
    expect(byClass(doc, 'stone')).toHaveLength(4);
    expect(byClass(doc, 'last')[0].getAttribute('data-vertex')).toBe('D7');
    expect(byClass(doc, 'terr-b').length + byClass(doc, 'terr-w').length).toBeGreaterThan(0);
    // The ASCII board still goes to stdout.
    expect(r.out).toContain('A B C D E F G H J');
  });

  it('draws the position after --move N, from standard input too', async () => {
    const r = await moyo(['show', '-', '--move', '1', '--svg', 'one.svg']);
    expect(r.code).toBe(0);
    const doc = parseSvg(r.written.get('one.svg')!);
    expect(byClass(doc, 'stone')).toHaveLength(1);
    expect(byClass(doc, 'terr-b')).toHaveLength(0);
  });

  it('exits 2 naming the option for an unknown overlay or --overlay without --svg', async () => {
    const unknown = await moyo(['show', 'g.sgf', '--svg', 'x.svg', '--overlay', 'heat']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^moyo show: --overlay: unknown overlay 'heat'/);
    expect(unknown.written.size).toBe(0);
    const alone = await moyo(['show', 'g.sgf', '--overlay', 'territory']);
    expect(alone.code).toBe(2);
    expect(alone.err).toBe('moyo show: --overlay: needs --svg FILE\n');
  });
});
