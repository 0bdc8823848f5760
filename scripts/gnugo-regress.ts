/**
 * Runs GNU Go's regression suites (regression/*.tst) against `moyo gtp` and GNU Go 3.8 side by side
 * and prints, per suite, the tests, each engine's passes, Moyo's passes among the tests GNU Go passes
 * and each engine's time. Tests are judged as GNU Go's regress.pl judges them (scripts/gnugo-regress/tst.ts).
 *
 * Run: `npm run regress -- [SUITE...] [--engine moyo|gnugo|both] [--jobs 2] [--json OUT] [--verbose]
 *   [--cache FILE | --no-cache] [--refresh] [--min-pass ld_owl=80%] [--tests 1-70,101-414] [--gnugo-passes] [--second-opinion]`
 * (`--help` lists every option).
 * GNU Go's answers come from regression/gnugo-3.8-answers.json where the suite file is unchanged,
 * so a Moyo run takes only Moyo's time; `--refresh` measures GNU Go again.
 * Exit codes: 0 done, 1 a `--min-pass` floor not reached, 2 bad arguments or a malformed suite.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  cachedSuite,
  readCache,
  suiteHash,
  writeCache,
  type AnswerCache,
  type CachedSuite,
} from './gnugo-regress/cache';
import {
  GNUGO_ARGS,
  GNUGO_PATH,
  ROOT,
  gnugoCommand,
  gnugoInstalled,
  moyoLaunch,
} from './gnugo-regress/engines';
import { checkMinPass, inRanges, parseOptions, suiteName, UsageError, USAGE } from './gnugo-regress/options';
import {
  formatFailures,
  formatSetupErrors,
  formatTable,
  jsonReport,
  suiteStats,
  verdictOf,
  type EngineRun,
  type SuiteRun,
} from './gnugo-regress/report';
import { processStarter, runPool, runSlice, sliceSuite, type StartEngine } from './gnugo-regress/run-suite';
import {
  askSecondOpinion,
  formatSecondOpinions,
  otherMoves,
  type SecondOpinion,
} from './gnugo-regress/second-opinion';
import { parseTst, selectTests, TstError, type TstSuite } from './gnugo-regress/tst';

const REGRESSION_DIR = join(ROOT, 'regression');

function fail(message: string): never {
  process.stderr.write(`gnugo-regress: ${message}\n`);
  process.exit(2);
}

/** `GNU Go 3.8` from `gnugo --version`, or null when it does not run. */
function gnugoVersion(): string | null {
  if (!gnugoInstalled()) return null;
  try {
    return execFileSync(GNUGO_PATH, ['--version'], { encoding: 'utf8' }).split('\n')[0].trim();
  } catch {
    return null;
  }
}

/**
 * GNU Go's cached answers to a suite as an engine run; with `suite` (a subset of the tests), its
 * time is the sum of those tests' recorded times.
 */
function cachedRun(hit: CachedSuite, suite?: TstSuite): EngineRun {
  const answers = new Map(Object.entries(hit.answers).map(([id, a]) => [Number(id), a]));
  const seconds = suite
    ? suite.tests.reduce((sum, t) => sum + (answers.get(t.id)?.seconds ?? 0), 0)
    : hit.seconds;
  return { answers, seconds, source: 'cache', setupErrors: [] };
}

interface LoadedSuite {
  suite: TstSuite;
  dir: string;
  sha256: string;
}

/** A slice to run, with its expected cost (for longest-first scheduling). */
interface Task {
  run: () => Promise<void>;
  estimate: number;
}

/**
 * One task per slice of `suites` on one engine; `done` is called per suite when all its slices are
 * in. A slice's estimate is the sum of GNU Go's recorded seconds for its tests (1 s when unknown).
 */
function engineTasks(
  suites: LoadedSuite[],
  start: StartEngine,
  options: { chunk: number; timeoutMs: number; label: string; known: AnswerCache | null },
  done: (suite: LoadedSuite, run: EngineRun) => void,
): Task[] {
  const tasks: Task[] = [];
  for (const s of suites) {
    const slices = sliceSuite(s.suite, s.dir, options.chunk);
    const run: EngineRun = { answers: new Map(), seconds: 0, source: 'live', setupErrors: [] };
    const setupErrors = new Map<number, string>();
    const recorded = options.known?.suites[s.suite.name]?.answers ?? {};
    let left = slices.length;
    for (const slice of slices) {
      const tests = s.suite.tests.slice(slice.from, slice.to);
      const estimate = tests.reduce((sum, t) => sum + (recorded[String(t.id)]?.seconds ?? 1), 0);
      tasks.push({
        estimate,
        run: async () => {
          const r = await runSlice(slice, start, options.timeoutMs);
          for (const [id, a] of r.answers) run.answers.set(id, a);
          for (const [line, e] of r.setupErrors) setupErrors.set(line, e);
          run.seconds += r.seconds;
          const range = `tests ${slice.from + 1}-${slice.to}`;
          process.stderr.write(`  ${options.label} ${s.suite.name} ${range} in ${r.seconds.toFixed(1)} s\n`);
          if (--left === 0) {
            run.setupErrors = [...setupErrors.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
            done(s, run);
          }
        },
      });
    }
    if (slices.length === 0) done(s, run);
  }
  return tasks;
}

async function main(): Promise<void> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2), REGRESSION_DIR);
  } catch (e) {
    if (e instanceof UsageError) {
      if (e.message === USAGE) {
        process.stdout.write(`${USAGE}\n`);
        process.exit(0);
      }
      fail(e.message);
    }
    throw e;
  }
  const suites: LoadedSuite[] = options.suites.map((path) => {
    const text = readFileSync(path, 'utf8');
    try {
      return { suite: parseTst(text, suiteName(path)), dir: dirname(path), sha256: suiteHash(text) };
    } catch (e) {
      if (e instanceof TstError) fail(e.message);
      throw e;
    }
  });

  const version = gnugoVersion();
  const gnugoLine = `${GNUGO_PATH} ${GNUGO_ARGS.join(' ')}`;
  let cache: AnswerCache | null = null;
  if (options.cache) {
    try {
      cache = readCache(options.cache, version ?? 'GNU Go 3.8', gnugoLine);
    } catch (e) {
      fail((e as Error).message);
    }
    if (version && cache.engine !== version) {
      process.stderr.write(
        `gnugo-regress: ${options.cache} holds ${cache.engine}'s answers, not ${version}'s: not used\n`,
      );
      cache = { engine: version, command: gnugoLine, suites: {} };
    }
  }

  // --tests / --gnugo-passes: each suite keeps only the selected tests (its setup commands all stay).
  const subset = options.tests !== null || options.gnugoPasses;
  if (subset) {
    for (const s of suites) {
      const hit = cache ? cachedSuite(cache, s.suite.name, s.sha256) : null;
      if (options.gnugoPasses && !hit)
        fail(`--gnugo-passes: no cached GNU Go answers for ${s.suite.name} as it is`);
      const gnugo = hit ? cachedRun(hit) : null;
      s.suite = selectTests(
        s.suite,
        (t) =>
          (options.tests === null || inRanges(options.tests, t.id)) &&
          (!options.gnugoPasses || (gnugo !== null && verdictOf(t, gnugo) === 'pass')),
      );
    }
  }

  const runs = new Map<string, SuiteRun>(
    suites.map((s) => [s.suite.name, { suite: s.suite, gnugo: null, moyo: null }]),
  );
  const gnugoLive: LoadedSuite[] = [];
  for (const s of suites) {
    const hit = cache && !options.refresh ? cachedSuite(cache, s.suite.name, s.sha256) : null;
    if (hit) {
      runs.get(s.suite.name)!.gnugo = cachedRun(hit, subset ? s.suite : undefined);
    } else if (options.engines.gnugo) {
      gnugoLive.push(s);
    }
  }
  if (options.secondOpinion && !version) {
    fail(`--second-opinion: GNU Go is not installed at ${GNUGO_PATH} (apt-get install gnugo)`);
  }
  if (gnugoLive.length && !version) {
    fail(
      `GNU Go is not installed at ${GNUGO_PATH} (apt-get install gnugo) and has no cached answers for ${gnugoLive.map((s) => s.suite.name).join(', ')}; try --engine moyo`,
    );
  }

  const timeoutMs = options.timeoutSeconds * 1000;
  const tasks: Task[] = [];
  tasks.push(
    ...engineTasks(
      gnugoLive,
      processStarter(gnugoCommand),
      { chunk: options.chunk.gnugo, timeoutMs, label: 'GNU Go', known: cache },
      (s, run) => {
        runs.get(s.suite.name)!.gnugo = run;
        // A subset's answers are not stored under the whole file's hash.
        if (cache && options.cache && !subset) {
          const answers = Object.fromEntries([...run.answers].map(([id, a]) => [String(id), a]));
          cache.suites[s.suite.name] = { sha256: s.sha256, seconds: run.seconds, answers };
          writeCache(options.cache, cache);
        }
      },
    ),
  );
  const moyo = options.engines.moyo ? moyoLaunch(options.moyoFrom) : null;
  if (moyo) {
    const start = processStarter((cwd) => moyo.command(cwd));
    tasks.push(
      ...engineTasks(
        suites,
        start,
        { chunk: options.chunk.moyo, timeoutMs, label: 'Moyo', known: cache },
        (s, run) => {
          runs.get(s.suite.name)!.moyo = run;
        },
      ),
    );
  }

  process.stderr.write(
    `GNU Go: ${version ?? 'not installed'} (${gnugoLine}); ` +
      `${gnugoLive.length} suite(s) live, ${suites.length - gnugoLive.length} from ${options.cache ?? 'nowhere'}\n` +
      `Moyo: ${moyo ? moyo.description : 'not run'}\n` +
      `${tasks.length} engine processes (up to ${options.chunk.gnugo} tests each for GNU Go, ${options.chunk.moyo} for Moyo), ${options.jobs} at a time\n`,
  );
  const started = performance.now();
  // Longest first, so the last slices to finish are short ones.
  tasks.sort((a, b) => b.estimate - a.estimate);
  await runPool(
    tasks.map((t) => t.run),
    options.jobs,
  );
  const wallSeconds = (performance.now() - started) / 1000;

  const ordered = suites.map((s) => runs.get(s.suite.name)!);
  const stats = ordered.map(suiteStats);
  if (options.verbose) {
    for (const run of ordered) {
      const lines = formatFailures(run);
      if (lines.length) process.stdout.write(`${run.suite.name}\n${lines.join('\n')}\n`);
    }
  }
  process.stdout.write(`${formatTable(stats)}\n`);
  const opinions: SecondOpinion[] = [];
  if (options.secondOpinion) {
    const start = processStarter(gnugoCommand);
    const asks = suites.flatMap((s) =>
      otherMoves(runs.get(s.suite.name)!).map((other) => async () => {
        opinions.push(await askSecondOpinion(s.suite, other, start, s.dir, timeoutMs));
      }),
    );
    await runPool(asks, options.jobs);
    opinions.sort((a, b) => a.suite.localeCompare(b.suite) || a.id - b.id);
    const lines = formatSecondOpinions(opinions);
    if (lines.length) process.stdout.write(`${lines.join('\n')}\n`);
  }
  const setupLines = ordered.flatMap(formatSetupErrors);
  if (setupLines.length) process.stdout.write(`${setupLines.join('\n')}\n`);
  const gnugoTimes = gnugoLive.length ? 'GNU Go measured in this run' : 'GNU Go as recorded in the cache';
  process.stdout.write(
    `"Moyo of GNU Go": Moyo's passes among the tests GNU Go passes; "Moyo ?": Moyo's error replies; ` +
      `times are engine seconds summed over processes (${gnugoTimes}).\n` +
      `wall time ${wallSeconds.toFixed(1)} s with --jobs ${options.jobs}\n`,
  );
  if (options.json) {
    const report = jsonReport(ordered, {
      gnugo: { version, command: gnugoLine, cache: options.cache },
      moyo: moyo?.description ?? null,
      jobs: options.jobs,
      chunk: options.chunk,
      wallSeconds,
      ...(options.secondOpinion ? { secondOpinion: opinions } : {}),
    });
    writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
  }
  const problems = checkMinPass(options.minPass, stats);
  for (const p of problems) process.stderr.write(`gnugo-regress: --min-pass: ${p}\n`);
  if (problems.length) process.exit(1);
}

main().catch((e: unknown) => {
  process.stderr.write(`gnugo-regress: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
