import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { GtpEngine } from '../../src/gtp/engine';

/**
 * Runs a GNU Go regression suite (regression/<suite>) in-process and counts the tests whose answer
 * matches, as GNU Go's regress.pl judges them; `commands` limits the count to tests of those GTP
 * commands (the setup commands all run).
 */
export function suitePasses(suite: string, commands?: readonly string[]): number {
  const file = resolve(__dirname, '../../../../regression', suite);
  const engine = new GtpEngine((p) => readFileSync(join(dirname(file), p), 'utf8'));
  let last: string | null = null;
  let n = 0;
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    const expected = /^#\?\s*\[(!?)(.*)\]/.exec(line);
    if (expected && last !== null) {
      const re = new RegExp(`^(${expected[2]})$`);
      const ok = re.test(last);
      if (expected[1] ? !ok : ok) n++;
      last = null;
    } else if (line !== '' && !line.startsWith('#')) {
      const test = /^\d+\s+(\S+)/.exec(line);
      if (test && commands && !commands.includes(test[1])) continue;
      const answer = engine.handleLine(line) ?? '';
      last = test ? answer.replace(/^=\d*\s?/, '').trim() : null;
    }
  }
  return n;
}
