import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { suiteName } from './options';
import { parseTst, type TstSuite, type TstTest } from './tst';

/** The suites kept in the repository (regression/), where `loadsgf` paths are read from too. */
export const REGRESSION = resolve(__dirname, '../../regression');

/**
 * One test of a suite in regression/, for the scripts that look into a single test (owl-view,
 * owl-diff): `suiteArg` a suite name (`ld_owl`, `owl.tst`), `idArg` the test's number. Bad
 * arguments go to `fail` with the argument named.
 */
export function findTest(
  suiteArg: string,
  idArg: string,
  fail: (message: string) => never,
): { name: string; suite: TstSuite; test: TstTest } {
  const name = suiteName(suiteArg);
  let text: string;
  try {
    text = readFileSync(join(REGRESSION, name), 'utf8');
  } catch {
    fail(`SUITE: no ${name} in ${REGRESSION}`);
  }
  const suite = parseTst(text, name);
  const test = suite.tests.find((t) => t.id === Number(idArg));
  if (!test) fail(`ID: ${name} has no test ${idArg}`);
  return { name, suite, test };
}

/** A `COLOR:VERTEX` move argument (`B:B18`) as GTP's `play` arguments; bad ones go to `fail`. */
export function moveArg(move: string, fail: (message: string) => never): { color: string; vertex: string } {
  const [color, vertex] = move.split(':');
  if (!/^[bw]/i.test(color ?? '') || !vertex) fail(`MOVE ${move}: must be COLOR:VERTEX, e.g. B:B18`);
  return { color, vertex };
}
