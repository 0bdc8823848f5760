import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Answer } from './run-suite';

/** One suite's recorded answers, valid while the suite file hashes to `sha256`. */
export interface CachedSuite {
  sha256: string;
  /** Engine time the recorded run took (sum over its processes). */
  seconds: number;
  /** By test number. */
  answers: Record<string, Answer>;
}

/** A reference engine's answers (GNU Go 3.8's), keyed by suite file name, file hash and test number. */
export interface AnswerCache {
  /** `name version` as the engine answered them, e.g. `GNU Go 3.8`. */
  engine: string;
  /** How it was run. */
  command: string;
  suites: Record<string, CachedSuite>;
}

/** SHA-256 of a suite file's text, hex. */
export function suiteHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Reads a cache file; a missing file is an empty cache. Throws naming the file when it is not one. */
export function readCache(path: string, engine: string, command: string): AnswerCache {
  if (!existsSync(path)) return { engine, command, suites: {} };
  let data: AnswerCache;
  try {
    data = JSON.parse(readFileSync(path, 'utf8')) as AnswerCache;
  } catch (e) {
    throw new Error(`--cache ${path}: not JSON: ${(e as Error).message}`, { cause: e });
  }
  if (typeof data?.engine !== 'string' || typeof data.suites !== 'object' || data.suites === null) {
    throw new Error(`--cache ${path}: not an answer cache (needs "engine" and "suites")`);
  }
  return data;
}

/** The cached answers for a suite when its file hash matches, else null. */
export function cachedSuite(cache: AnswerCache, name: string, sha256: string): CachedSuite | null {
  const entry = cache.suites[name];
  return entry && entry.sha256 === sha256 ? entry : null;
}

/** JSON with one line per answer (short enough to read and diff; Prettier leaves it as is). */
export function formatCache(cache: AnswerCache): string {
  const names = Object.keys(cache.suites).sort();
  const suites = names.map((name) => {
    const s = cache.suites[name];
    const ids = Object.keys(s.answers).sort((a, b) => Number(a) - Number(b));
    const answers = ids.map((id) => {
      const a = s.answers[id];
      const seconds = Math.round(a.seconds * 1000) / 1000;
      const one = `{ "ok": ${a.ok}, "answer": ${JSON.stringify(a.answer)}, "seconds": ${seconds} }`;
      return `        ${JSON.stringify(id)}: ${one}`;
    });
    return [
      `    ${JSON.stringify(name)}: {`,
      `      "sha256": ${JSON.stringify(s.sha256)},`,
      `      "seconds": ${Math.round(s.seconds * 10) / 10},`,
      ...(answers.length ? [`      "answers": {`, answers.join(',\n'), `      }`] : [`      "answers": {}`]),
      `    }`,
    ].join('\n');
  });
  return [
    '{',
    `  "engine": ${JSON.stringify(cache.engine)},`,
    `  "command": ${JSON.stringify(cache.command)},`,
    `  "suites": {`,
    suites.join(',\n'),
    '  }',
    '}',
    '',
  ].join('\n');
}

/** Writes the cache atomically (a temporary file, then a rename). */
export function writeCache(path: string, cache: AnswerCache): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, formatCache(cache));
  renameSync(tmp, path);
}
