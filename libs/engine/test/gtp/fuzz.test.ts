import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseGtpLine } from '../../src/gtp/protocol';
import { serveGtp } from '../../src/gtp/serve';
import { GtpEngine } from '../../src/gtp/engine';
import type { GtpHandler } from '../../src/gtp/handler';
import { GTP_COMMANDS } from '../../src/gtp/registry';
import { SgfError, positionAfter, readSgf } from '../../src/sgf';
import { seededRandom as rng } from '../../src/board/random';

const SEEDS = [
  '(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[cc];B[cd];W[dc];B[];W[ed](;B[dd])(;B[aa]))',
  '(;SZ[19]HA[2]AB[dp][pd]PL[W];W[qp];B[dc];W[];B[tt];W[pq]C[a comment \\] with escapes])',
  '(;SZ[5]AB[aa:bb]AW[ee]AE[aa];B[cc];W[cb];B[bc];W[dc];B[db])',
  '(;GM[1]SZ[13]KM[0]RU[Chinese];B[gg];W[gf];B[ff];W[fg];B[eg])',
];
const ALPHABET = '();[]\\:ABWKMSZHAPLEabcdefghijklmnopqrstuvwxyz0123456789 \n\t.-+';

function randomText(r: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += ALPHABET[Math.floor(r() * ALPHABET.length)];
  return s;
}

function mutate(r: () => number, text: string): string {
  let s = text;
  const edits = 1 + Math.floor(r() * 4);
  for (let e = 0; e < edits; e++) {
    const i = Math.floor(r() * (s.length + 1));
    const kind = r();
    if (kind < 0.3) s = s.slice(0, i) + s.slice(i + 1 + Math.floor(r() * 5));
    else if (kind < 0.6) s = s.slice(0, i) + randomText(r, 1 + Math.floor(r() * 4)) + s.slice(i);
    else if (kind < 0.8) s = s.slice(0, i) + ALPHABET[Math.floor(r() * ALPHABET.length)] + s.slice(i + 1);
    else {
      const j = Math.floor(r() * s.length);
      s = s.slice(0, i) + s.slice(Math.min(i, j), Math.max(i, j)) + s.slice(i);
    }
  }
  return s;
}

/** Parses and replays; only SgfError may come out. */
function tryParse(text: string, r: () => number): 'ok' | 'error' {
  try {
    const rec = readSgf(text);
    positionAfter(text, Math.floor(r() * (rec.moveCount + 2)));
    return 'ok';
  } catch (e) {
    if (e instanceof SgfError) return 'error';
    throw new Error(
      `non-SgfError ${(e as Error)?.name}: ${(e as Error)?.message} for ${JSON.stringify(text)}`,
      { cause: e },
    );
  }
}

describe('fuzz: SGF parser and replay', () => {
  it('10,000 random and mutated SGF strings give only SgfError', () => {
    const r = rng(42);
    let ok = 0;
    let errors = 0;
    for (let i = 0; i < 10_000; i++) {
      const text =
        i % 3 === 0 ? randomText(r, Math.floor(r() * 80)) : mutate(r, SEEDS[Math.floor(r() * SEEDS.length)]);
      if (tryParse(text, r) === 'ok') ok++;
      else errors++;
    }
    // Both outcomes must occur, or the generator is not exercising the parser.
    expect(ok).toBeGreaterThan(500);
    expect(errors).toBeGreaterThan(500);
    // Pathological nesting and sizes.
    expect(tryParse('('.repeat(100_000), r)).toBe('error');
    expect(tryParse('(;' + 'B[aa]'.repeat(20_000) + ')', r)).toBe('ok');
    expect(tryParse('(;SZ[9]' + ';B[aa];W[bb]'.repeat(5000) + ')', r)).toBe('error');
  });
});

describe('fuzz: GTP loop', () => {
  it('10,000 random and mangled command lines get = or ? answers, never an exception', () => {
    const r = rng(7);
    const names = [...GTP_COMMANDS.keys()].filter((n) => n !== 'quit');
    // The slow whole-board commands are fuzzed, but sparingly.
    const slow = new Set([
      'moyo_junctions',
      'final_score',
      'estimate_score',
      'final_status_list',
      'dragon_status',
      'kata-analyze',
      'lz-analyze',
      'kata-genmove_analyze',
      'lz-genmove_analyze',
      'genmove',
      'moyo-ownership',
      'moyo-territory',
      'moyo-move_values',
    ]);
    const words = [
      'black',
      'white',
      'b',
      'w',
      'B',
      'pass',
      'D4',
      'E5',
      'A1',
      'T19',
      'Z0',
      'I5',
      '9',
      '5',
      '25',
      '0',
    ];
    const files: Record<string, string> = {};
    // The engine turns every throw into `? message`; a built-in error class (TypeError, plain
    // Error, RangeError from a blown stack...) behind such an answer is a crash in disguise.
    const crashes: string[] = [];
    const BUILT_IN = [Error, TypeError, RangeError, ReferenceError, SyntaxError, EvalError, URIError];
    const watched = new Map<string, GtpHandler>();
    for (const [name, handler] of GTP_COMMANDS) {
      watched.set(name, (args, session, registry) => {
        try {
          return handler(args, session, registry);
        } catch (err) {
          const ctor = (err as Error)?.constructor;
          if (BUILT_IN.some((c) => c === ctor)) {
            crashes.push(`${name} ${args.join(' ')}: ${(err as Error).name}: ${(err as Error).message}`);
          }
          throw err;
        }
      });
    }
    const e = new GtpEngine((path) => {
      // What fs.readFileSync throws for a missing file: a typed error, not a crash.
      if (!(path in files))
        throw Object.assign(new Error(`ENOENT: no such file ${path}`), { code: 'ENOENT' });
      return files[path];
    }, watched);
    let answered = 0;
    for (let i = 0; i < 10_000; i++) {
      if (i % 500 === 0) e.handleLine(`boardsize ${[5, 7, 9][Math.floor(r() * 3)]}`);
      let name = names[Math.floor(r() * names.length)];
      if (slow.has(name) && r() < 0.9) name = 'play';
      const args: string[] = [];
      const nargs = Math.floor(r() * 4);
      for (let a = 0; a < nargs; a++) {
        args.push(r() < 0.8 ? words[Math.floor(r() * words.length)] : randomText(r, 1 + Math.floor(r() * 6)));
      }
      if (name === 'loadsgf') {
        const f = `f${i}.sgf`;
        files[f] = mutate(r, SEEDS[Math.floor(r() * SEEDS.length)]);
        args.unshift(f);
      }
      let line = `${r() < 0.3 ? Math.floor(r() * 100) + ' ' : ''}${name} ${args.join(' ')}`;
      if (r() < 0.2) line = mutate(r, line);
      let answer: string | null;
      try {
        answer = e.handleLine(line);
      } catch (err) {
        throw new Error(`GTP threw on ${JSON.stringify(line)}: ${(err as Error).message}`, { cause: err });
      }
      if (answer === null) continue;
      // An open analyze answer (`=id`, one line) is closed by the blank line that leads the next.
      const body = answer.startsWith('\n') ? answer.slice(1) : answer;
      if (body === '') continue;
      if (/^=\d*\n/.test(body)) expect(body, line).toMatch(/^=\d*\n[^\n]+\n(play \S+\n\n)?$/);
      else {
        expect(body, line).toMatch(/^[=?]\d* [\s\S]*\n\n$/);
        expect(body.slice(0, -2), line).not.toContain('\n\n');
      }
      answered++;
      if (e.done) throw new Error('quit was not sent');
    }
    expect(answered).toBeGreaterThan(9000);
    expect(crashes).toEqual([]);
    e.finish();
    expect(e.handleLine('protocol_version')).toBe('= 2\n\n');
  });
});

describe('fuzz: the GTP stream loop (serveGtp)', () => {
  it('10,000 lines of random bytes in random chunks: answers only, to the end of input', async () => {
    const r = rng(11);
    const lines: Buffer[] = [];
    // Whole-board analyses (seconds on 19x19) are fuzzed in the loop test above, on small boards.
    const slow = ['quit', 'moyo_junctions', 'genmove'];
    const names = [...GTP_COMMANDS.keys()].filter(
      (n) => !slow.includes(n) && !n.startsWith('moyo-') && !/-(genmove_)?analyze$/.test(n),
    );
    for (let i = 0; i < 10_000; i++) {
      const kind = r();
      let line: Buffer;
      if (kind < 0.4) {
        // Raw bytes: control characters, CR, NUL, invalid UTF-8, '#'.
        line = Buffer.from(Array.from({ length: Math.floor(r() * 40) }, () => Math.floor(r() * 256)));
      } else {
        const name = names[Math.floor(r() * names.length)];
        line = Buffer.from(`${r() < 0.3 ? i + ' ' : ''}${name} ${randomText(r, Math.floor(r() * 12))}`);
      }
      // A line that reads as `quit` would end the session early; keep those out.
      const text = line.toString('utf8');
      if (text.split(/\r|\n/).some((part) => parseGtpLine(part)?.name === 'quit')) continue;
      lines.push(line, Buffer.from(r() < 0.1 ? '\r\n' : '\n'));
    }
    lines.push(Buffer.from('12345 protocol_version\n'));
    const all = Buffer.concat(lines);
    const input = new PassThrough();
    const output = new PassThrough();
    let out = '';
    output.setEncoding('utf8').on('data', (c: string) => (out += c));
    const served = serveGtp(input, output);
    for (let at = 0; at < all.length;) {
      const n = 1 + Math.floor(r() * 4096);
      input.write(all.subarray(at, at + n));
      at += n;
      if (r() < 0.05) await new Promise((resolve) => setImmediate(resolve));
    }
    input.end();
    expect(await served).toBe('end-of-input');
    const answers = out.split('\n\n');
    expect(answers.pop()).toBe('');
    expect(answers.length).toBeGreaterThan(5_000);
    for (const a of answers) expect(a).toMatch(/^[=?]\d* /);
    expect(answers[answers.length - 1]).toBe('=12345 2');
  });
});
