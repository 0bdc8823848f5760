import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { GtpEngine } from '../../src/gtp/engine';

/** A numbered test of a suite: its number and its GTP command. */
export interface SuiteTest {
  readonly id: number;
  readonly command: string;
}

/**
 * Runs a GNU Go regression suite (regression/<suite>) in-process and counts the tests whose answer
 * matches, as GNU Go's regress.pl judges them; `pick` limits the run and the count to the numbered
 * tests it selects (the setup commands all run).
 */
export function suitePasses(suite: string, pick: (test: SuiteTest) => boolean = () => true): number {
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
      const test = /^(\d+)\s+(\S+)/.exec(line);
      if (test && !pick({ id: Number(test[1]), command: test[2] })) continue;
      const answer = engine.handleLine(line) ?? '';
      last = test ? answer.replace(/^=\d*\s?/, '').trim() : null;
    }
  }
  return n;
}
