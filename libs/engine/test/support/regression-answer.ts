import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { GtpEngine } from '../../src/gtp/engine';

/**
 * Moyo's answer to test `id` of a GNU Go regression suite (regression/<suite>, e.g. `owl.tst`): the
 * setup commands before it are replayed in a fresh engine, then the test's command is asked.
 */
export function regressionAnswer(suite: string, id: number): string {
  const file = resolve(__dirname, '../../../../regression', suite);
  const engine = new GtpEngine((p) => readFileSync(join(dirname(file), p), 'utf8'));
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const test = /^(\d+)\s+/.exec(line);
    if (!test) engine.handleLine(line);
    else if (Number(test[1]) === id) return (engine.handleLine(line) ?? '').replace(/^=\d*\s?/, '').trim();
  }
  throw new Error(`${suite}: no test ${id}`);
}

/**
 * A fresh engine with the regression SGF `sgf` (a path under regression/, e.g.
 * `games/scoring/score47.sgf`) loaded by `loadsgf`; throws if the engine refuses it.
 */
export function regressionGame(sgf: string): GtpEngine {
  const dir = resolve(__dirname, '../../../../regression');
  const engine = new GtpEngine((p) => readFileSync(join(dir, p), 'utf8'));
  const answer = engine.handleLine(`loadsgf ${sgf}`) ?? '';
  if (!answer.startsWith('= ')) throw new Error(`loadsgf ${sgf}: ${answer.trim()}`);
  return engine;
}
