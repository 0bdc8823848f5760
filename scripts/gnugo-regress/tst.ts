/**
 * GNU Go's regression test files (`.tst`) and the pass/fail judgement of its `regress.pl`:
 * - every non-blank line not starting with `#` is a GTP command; a command that starts with a
 *   number (`12 dragon_status B2`) is a test when an expectation line follows it;
 * - `#? [PATTERN]` is that expectation: the answer passes when `^PATTERN$` matches it as a regular
 *   expression; `[!PATTERN]` negates; a trailing `*` marks a known failure, a trailing `&` a test
 *   whose answer is not judged;
 * - the answer is the first line of the reply without its first word (`=12`), blanks around it
 *   removed.
 * One deliberate difference: an error reply (`? unknown command`) always fails, negated or not.
 * Pure functions: no I/O.
 */

/** One GTP command line of a suite. */
export interface TstCommand {
  /** 1-based line number in the file. */
  line: number;
  /** The line as written (without line end). */
  text: string;
  /** The test number the line starts with, or null for a setup command (`loadsgf`, `play` ...). */
  id: number | null;
}

/** What a test's `#?` line expects. */
export interface Expectation {
  /** The regular expression between the brackets, without `!`. */
  pattern: string;
  /** `[!...]`: the answer must not match. */
  negate: boolean;
  /** Trailing `*`: GNU Go's authors marked the test as a known failure. */
  knownFailure: boolean;
  /** Trailing `&`: the answer is shown, not judged. */
  ignored: boolean;
  /** The bracketed text as written, e.g. `!critical A1 B2`. */
  text: string;
}

/** A numbered command with its expectation. */
export interface TstTest {
  id: number;
  /** Index of the command in `TstSuite.commands`. */
  commandIndex: number;
  command: string;
  expectation: Expectation;
  /** Compiled `^PATTERN$`. */
  regex: RegExp;
}

export interface TstSuite {
  /** File name, e.g. `ld_owl.tst`. */
  name: string;
  commands: TstCommand[];
  /** Tests in file order (ignored `&` tests included; `judge` skips them). */
  tests: TstTest[];
}

/** A malformed suite; the message names the file and the line. */
export class TstError extends Error {}

// regress.pl: /^\s*#\?\s+\[(\!*)(.*)\]\s*(\*)*(\&)*\s*$/
const EXPECTATION = /^\s*#\?\s+\[(!*)(.*)\]\s*(\*)*(&)*\s*$/;
const TEST_NUMBER = /^(\d+)(?:\s|$)/;

/** Parses a `.tst` file. Throws `TstError` on an unreadable `#?` line or pattern, or a repeated test number. */
export function parseTst(text: string, name: string): TstSuite {
  const commands: TstCommand[] = [];
  const tests: TstTest[] = [];
  const seen = new Set<number>();
  const ids = new Set<number>();
  let last: TstCommand | null = null;
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    const content = raw.replace(/\r$/, '');
    if (/^\s*#\?/.test(content)) {
      const m = EXPECTATION.exec(content);
      if (!m) throw new TstError(`${name}:${line}: expected "#? [PATTERN]", got "${content}"`);
      if (!last || last.id === null)
        throw new TstError(`${name}:${line}: "#?" without a numbered command before it`);
      if (seen.has(last.id)) throw new TstError(`${name}:${line}: test ${last.id} has a second "#?" line`);
      seen.add(last.id);
      const expectation: Expectation = {
        pattern: m[2],
        negate: m[1].length > 0,
        knownFailure: m[3] !== undefined,
        ignored: m[4] !== undefined,
        text: m[1] + m[2],
      };
      let regex: RegExp;
      try {
        // Exactly what regress.pl builds: /^$correct_re$/ (an unparenthesised `|` splits the anchors).
        regex = new RegExp(`^${expectation.pattern}$`);
      } catch (e) {
        throw new TstError(`${name}:${line}: bad pattern [${expectation.text}]: ${(e as Error).message}`);
      }
      tests.push({ id: last.id, commandIndex: commands.length - 1, command: last.text, expectation, regex });
      return;
    }
    if (/^\s*$/.test(content) || /^\s*#/.test(content)) return;
    const n = TEST_NUMBER.exec(content);
    last = { line, text: content, id: n ? Number(n[1]) : null };
    if (last.id !== null && ids.has(last.id))
      throw new TstError(`${name}:${line}: test number ${last.id} is used twice`);
    if (last.id !== null) ids.add(last.id);
    commands.push(last);
  });
  return { name, commands, tests };
}

/** An engine's reply to one command: `=` (ok) or `?` (error), and its text after the id. */
export interface GtpReply {
  ok: boolean;
  /** All lines after `=ID `/`?ID `, e.g. `critical A1 B2`, `unknown command`. */
  text: string;
}

/**
 * Reads a raw GTP reply (`=12 critical A1 B2`, `? unknown command`, possibly several lines, without
 * the closing blank line). Throws when it does not start with `=` or `?`.
 */
export function parseReply(raw: string): GtpReply {
  const body = raw.replace(/\r/g, '').replace(/^\n+/, '');
  const m = /^([=?])(\d*)[ \t]?/.exec(body);
  if (!m) throw new Error(`not a GTP reply: ${JSON.stringify(raw.slice(0, 80))}`);
  return { ok: m[1] === '=', text: body.slice(m[0].length).replace(/\s+$/, '') };
}

/**
 * The answer GNU Go's regress scripts compare: the rest of the reply's first line, blanks around it
 * removed (for `=12 critical A1 B2`: `critical A1 B2`; for `=12` alone, even with more lines after
 * it: the empty string).
 */
export function answerOf(reply: GtpReply): string {
  return reply.text.split('\n')[0].trim();
}

export type Verdict = 'pass' | 'fail' | 'ignored';

/** Judges one reply against a test's expectation, as regress.pl does (error replies always fail). */
export function judge(test: TstTest, reply: GtpReply): Verdict {
  if (test.expectation.ignored) return 'ignored';
  if (!reply.ok) return 'fail';
  const matches = test.regex.test(answerOf(reply));
  return matches !== test.expectation.negate ? 'pass' : 'fail';
}

/**
 * The suite with only the tests `keep` selects: the commands of the other tests are left out (so no
 * engine runs them), every setup command stays, so each selected test sees the position it sees in
 * a run of the whole file. Pure.
 */
export function selectTests(suite: TstSuite, keep: (test: TstTest) => boolean): TstSuite {
  const dropped = new Set(suite.tests.filter((t) => !keep(t)).map((t) => t.commandIndex));
  if (dropped.size === 0) return suite;
  const newIndex = new Map<number, number>();
  const commands: TstCommand[] = [];
  suite.commands.forEach((c, i) => {
    if (dropped.has(i)) return;
    newIndex.set(i, commands.length);
    commands.push(c);
  });
  const tests = suite.tests
    .filter((t) => !dropped.has(t.commandIndex))
    .map((t) => ({ ...t, commandIndex: newIndex.get(t.commandIndex)! }));
  return { name: suite.name, commands, tests };
}

/** The setup commands a test's position rests on (every unnumbered command before it, in order). Pure. */
export function setupBefore(suite: TstSuite, test: TstTest): string[] {
  return suite.commands
    .slice(0, test.commandIndex)
    .filter((c) => c.id === null)
    .map((c) => c.text);
}
