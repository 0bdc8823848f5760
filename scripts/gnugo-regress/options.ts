import { existsSync } from 'node:fs';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { MoyoFrom } from './engines';
import { shareOfGnugo, type SuiteStats } from './report';

/** The suites a run takes when none are named (the ones copied into regression/). */
export const DEFAULT_SUITES = [
  'reading',
  'owl',
  'owl1',
  'ld_owl',
  'semeai',
  'seki',
  'connection',
  'score',
  'score2',
];

/** A floor for `--min-pass`: Moyo's passes, or Moyo's share of GNU Go's passes in percent. */
export interface MinPass {
  suite: string;
  value: number;
  percent: boolean;
}

export interface RegressOptions {
  /** Suite file paths. */
  suites: string[];
  engines: { moyo: boolean; gnugo: boolean };
  jobs: number;
  /** Tests per engine process: `--chunk`, else 10 for GNU Go (cheap to start) and 40 for Moyo. */
  chunk: { gnugo: number; moyo: number };
  timeoutSeconds: number;
  json: string | null;
  verbose: boolean;
  /** Answer cache path, or null for `--no-cache`. */
  cache: string | null;
  refresh: boolean;
  moyoFrom: MoyoFrom;
  minPass: MinPass[];
  /** `--tests`: the test numbers to run (inclusive ranges), or null for all. */
  tests: TestRange[] | null;
  /** `--gnugo-passes`: only the tests GNU Go passes by its cached answers. */
  gnugoPasses: boolean;
  /** `--second-opinion`: ask GNU Go about Moyo's other moves (see second-opinion.ts). */
  secondOpinion: boolean;
}

/** An inclusive range of test numbers (`12` is 12-12). */
export interface TestRange {
  from: number;
  to: number;
}

/** Bad arguments; the message names the option. */
export class UsageError extends Error {}

export const USAGE = `usage: npx tsx scripts/gnugo-regress.ts [SUITE...] [options]
  SUITE               a suite name in regression/ (ld_owl, ld_owl.tst) or a .tst path; default: all copied suites
  --engine E          moyo, gnugo or both (default both)
  --jobs N            engine processes at a time (default 2)
  --chunk N           tests per engine process (default 10 for GNU Go, 40 for Moyo; each process
                      replays the setup commands before its first test)
  --timeout S         seconds a command may take before the engine is stopped and the test fails (default 300)
  --cache FILE        GNU Go answers: read where the suite file is unchanged, store new ones
                      (default regression/gnugo-3.8-answers.json)
  --no-cache          run GNU Go live and store nothing
  --refresh           run GNU Go live and rewrite its entries in the cache
  --moyo-from M       auto, dist or src: how to start moyo gtp (default auto: the build unless older than src)
  --json OUT          write every test's answers and verdicts to OUT
  --min-pass S=N      exit 1 unless Moyo passes at least N tests of suite S (N%: N percent of GNU Go's passes); repeatable
  --tests RANGES      run only these test numbers of each suite, e.g. 1-70,101-414,502 (setup commands all run)
  --gnugo-passes      run only the tests GNU Go passes by its cached answers (the tests the targets count)
                      (with either, live GNU Go answers are not stored in the cache)
  --second-opinion    for reading tests Moyo fails with the expected code but another move, ask GNU Go
                      whether the other side still answers after Moyo's move (the verdicts stay)
  --verbose           list every failing test`;

function integer(name: string, text: string, min: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`${name}: must be an integer >= ${min}, got "${text}"`);
  return n;
}

/** `ld_owl` -> `ld_owl.tst`: the name a suite is reported and cached under. */
export function suiteName(arg: string): string {
  const base = basename(arg);
  return base.endsWith('.tst') ? base : `${base}.tst`;
}

/** Parses `--min-pass` values (`ld_owl=150`, `semeai.tst=80%`). */
export function parseMinPass(values: string[]): MinPass[] {
  return values.map((v) => {
    const m = /^([^=]+)=(\d+(?:\.\d+)?)(%?)$/.exec(v);
    if (!m) throw new UsageError(`--min-pass: expected SUITE=N or SUITE=N%, got "${v}"`);
    const value = Number(m[2]);
    if (m[3] === '' && !Number.isInteger(value))
      throw new UsageError(`--min-pass: ${v}: a count must be an integer`);
    if (m[3] === '%' && value > 100)
      throw new UsageError(`--min-pass: ${v}: a percentage must be at most 100`);
    return { suite: suiteName(m[1]), value, percent: m[3] === '%' };
  });
}

/**
 * The floors `stats` do not reach, as messages (empty: all reached). A floor on a suite that was
 * not run, or a percentage without GNU Go's answers, is a failure too.
 */
export function checkMinPass(floors: MinPass[], stats: SuiteStats[]): string[] {
  const problems: string[] = [];
  for (const f of floors) {
    const s = stats.find((x) => x.name === f.suite);
    if (!s || s.moyo === null) {
      problems.push(`${f.suite}: no Moyo result (the suite or Moyo was not run)`);
    } else if (f.percent) {
      const share = shareOfGnugo(s);
      if (share === null) problems.push(`${f.suite}: no GNU Go passes to compare with`);
      else if (share < f.value) {
        problems.push(
          `${f.suite}: Moyo passes ${s.moyoAmongGnugo} of GNU Go's ${s.gnugo} (${share.toFixed(1)} %) < ${f.value} %`,
        );
      }
    } else if (s.moyo < f.value) {
      problems.push(`${f.suite}: Moyo passes ${s.moyo} of ${s.tests} < ${f.value}`);
    }
  }
  return problems;
}

/** Parses `--tests 1-70,101-414,502`. */
export function parseTestRanges(text: string): TestRange[] {
  return text.split(',').map((part) => {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!m) throw new UsageError(`--tests: expected ranges like 1-70,101-414,502, got "${text}"`);
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from) throw new UsageError(`--tests: range ${part.trim()} ends before it starts`);
    return { from, to };
  });
}

/** Whether test number `id` is in one of `ranges`. */
export function inRanges(ranges: readonly TestRange[], id: number): boolean {
  return ranges.some((r) => id >= r.from && id <= r.to);
}

/** Parses the command line; `regressionDir` is where suite names are looked up. */
export function parseOptions(argv: string[], regressionDir: string): RegressOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        engine: { type: 'string', default: 'both' },
        jobs: { type: 'string', default: '2' },
        chunk: { type: 'string' },
        timeout: { type: 'string', default: '300' },
        cache: { type: 'string' },
        'no-cache': { type: 'boolean', default: false },
        refresh: { type: 'boolean', default: false },
        'moyo-from': { type: 'string', default: 'auto' },
        json: { type: 'string' },
        'min-pass': { type: 'string', multiple: true, default: [] },
        tests: { type: 'string' },
        'gnugo-passes': { type: 'boolean', default: false },
        'second-opinion': { type: 'boolean', default: false },
        verbose: { type: 'boolean', short: 'v', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const v = parsed.values;
  if (v.help) throw new UsageError(USAGE);
  if (!['moyo', 'gnugo', 'both'].includes(v.engine)) {
    throw new UsageError(`--engine: must be moyo, gnugo or both, got "${v.engine}"`);
  }
  if (!['auto', 'dist', 'src'].includes(v['moyo-from'])) {
    throw new UsageError(`--moyo-from: must be auto, dist or src, got "${v['moyo-from']}"`);
  }
  if (v['no-cache'] && (v.cache !== undefined || v.refresh)) {
    throw new UsageError('--no-cache: cannot be combined with --cache or --refresh');
  }
  if (v['gnugo-passes'] && v['no-cache']) {
    throw new UsageError("--gnugo-passes: needs GNU Go's cached answers, not --no-cache");
  }
  if (v['second-opinion'] && v.engine !== 'both') {
    throw new UsageError("--second-opinion: needs Moyo's answers and GNU Go, not --engine " + v.engine);
  }
  const names = parsed.positionals.length ? parsed.positionals : DEFAULT_SUITES;
  const suites = names.map((arg) => {
    const path = arg.includes('/') || isAbsolute(arg) ? resolve(arg) : join(regressionDir, suiteName(arg));
    if (!existsSync(path)) throw new UsageError(`suite ${arg}: ${path} does not exist`);
    return path;
  });
  const seen = new Set<string>();
  for (const s of suites) {
    if (seen.has(suiteName(s))) throw new UsageError(`suite ${suiteName(s)}: named twice`);
    seen.add(suiteName(s));
  }
  return {
    suites,
    engines: { moyo: v.engine !== 'gnugo', gnugo: v.engine !== 'moyo' },
    jobs: integer('--jobs', v.jobs, 1),
    chunk:
      v.chunk === undefined
        ? { gnugo: 10, moyo: 40 }
        : { gnugo: integer('--chunk', v.chunk, 1), moyo: integer('--chunk', v.chunk, 1) },
    timeoutSeconds: integer('--timeout', v.timeout, 1),
    json: v.json ?? null,
    verbose: v.verbose,
    cache: v['no-cache'] ? null : resolve(v.cache ?? join(regressionDir, 'gnugo-3.8-answers.json')),
    refresh: v.refresh,
    moyoFrom: v['moyo-from'] as MoyoFrom,
    minPass: parseMinPass(v['min-pass']),
    tests: v.tests === undefined ? null : parseTestRanges(v.tests),
    gnugoPasses: v['gnugo-passes'],
    secondOpinion: v['second-opinion'],
  };
}
