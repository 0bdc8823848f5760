import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { GtpEngine } from '../../src/gtp/engine';

/**
 * Runs regression/<suite> in-process (all setup commands) and counts the passes among the numbered
 * tests that `pick` selects, as GNU Go's regress.pl judges them.
 */
export function suitePassesOf(suite: string, pick: (id: number) => boolean): number {
  const file = resolve(__dirname, '../../../../regression', suite);
  const engine = new GtpEngine((p) => readFileSync(join(dirname(file), p), 'utf8'));
  let last: string | null = null;
  let n = 0;
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    const expected = /^#\?\s*\[(!?)(.*)\]/.exec(line);
    if (expected && last !== null) {
      const ok = new RegExp(`^(${expected[2]})$`).test(last);
      if (expected[1] ? !ok : ok) n++;
      last = null;
    } else if (line !== '' && !line.startsWith('#')) {
      const test = /^(\d+)\s+/.exec(line);
      if (test && !pick(Number(test[1]))) continue;
      const answer = engine.handleLine(line) ?? '';
      last = test ? answer.replace(/^=\d*\s?/, '').trim() : null;
    }
  }
  return n;
}
