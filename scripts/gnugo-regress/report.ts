import type { Answer } from './run-suite';
import { judge, type TstSuite, type TstTest, type Verdict } from './tst';

/** One engine's answers to one suite. */
export interface EngineRun {
  answers: Map<number, Answer>;
  /** Engine time (sum over its processes; for cached answers, the recorded run's). */
  seconds: number;
  /** `live`, or `cache` when read from the answer cache. */
  source: 'live' | 'cache';
  setupErrors: string[];
}

/** A suite with what each engine answered (null: that engine was not run). */
export interface SuiteRun {
  suite: TstSuite;
  gnugo: EngineRun | null;
  moyo: EngineRun | null;
}

/** Pass counts of a suite. Counts are over judged tests (`&` tests are left out, as GNU Go does). */
export interface SuiteStats {
  name: string;
  tests: number;
  gnugo: number | null;
  moyo: number | null;
  /** Moyo passes among the tests GNU Go passes. */
  moyoAmongGnugo: number | null;
  /** Moyo's error replies (`?`, timeouts, crashes). */
  moyoErrors: number | null;
  gnugoSeconds: number | null;
  moyoSeconds: number | null;
}

/** The verdict of one engine on one test (a missing answer fails). */
export function verdictOf(test: TstTest, run: EngineRun): Verdict {
  const a = run.answers.get(test.id);
  if (!a) return test.expectation.ignored ? 'ignored' : 'fail';
  return judge(test, { ok: a.ok, text: a.answer });
}

/** Counts passes per engine and Moyo's passes among GNU Go's. */
export function suiteStats(run: SuiteRun): SuiteStats {
  const judged = run.suite.tests.filter((t) => !t.expectation.ignored);
  const passes = (r: EngineRun | null) => (r ? judged.filter((t) => verdictOf(t, r) === 'pass') : null);
  const g = passes(run.gnugo);
  const m = passes(run.moyo);
  const gIds = new Set(g?.map((t) => t.id));
  return {
    name: run.suite.name,
    tests: judged.length,
    gnugo: g?.length ?? null,
    moyo: m?.length ?? null,
    moyoAmongGnugo: g && m ? m.filter((t) => gIds.has(t.id)).length : null,
    moyoErrors: run.moyo ? judged.filter((t) => !(run.moyo?.answers.get(t.id)?.ok ?? false)).length : null,
    gnugoSeconds: run.gnugo?.seconds ?? null,
    moyoSeconds: run.moyo?.seconds ?? null,
  };
}

/** Sums the suites' stats (a column is null when any suite lacks it). */
export function totalStats(all: SuiteStats[]): SuiteStats {
  const sum = (pick: (s: SuiteStats) => number | null): number | null =>
    all.reduce<number | null>(
      (acc, s) => (acc === null || pick(s) === null ? null : acc + (pick(s) as number)),
      0,
    );
  return {
    name: 'total',
    tests: all.reduce((a, s) => a + s.tests, 0),
    gnugo: sum((s) => s.gnugo),
    moyo: sum((s) => s.moyo),
    moyoAmongGnugo: sum((s) => s.moyoAmongGnugo),
    moyoErrors: sum((s) => s.moyoErrors),
    gnugoSeconds: sum((s) => s.gnugoSeconds),
    moyoSeconds: sum((s) => s.moyoSeconds),
  };
}

/** Moyo's passes among GNU Go's as a percentage of GNU Go's passes (null when unknown or none). */
export function shareOfGnugo(s: SuiteStats): number | null {
  if (s.moyoAmongGnugo === null || !s.gnugo) return null;
  return (100 * s.moyoAmongGnugo) / s.gnugo;
}

const HEAD = ['suite', 'tests', 'GNU Go', 'Moyo', 'Moyo of GNU Go', 'Moyo ?', 'GNU Go s', 'Moyo s'];

/** The pass-count table, one row per suite and a total. */
export function formatTable(rows: SuiteStats[]): string {
  const cell = (v: number | null, digits = 0) => (v === null ? '-' : v.toFixed(digits));
  const line = (s: SuiteStats) => {
    const share = shareOfGnugo(s);
    const among =
      s.moyoAmongGnugo === null ? '-' : `${s.moyoAmongGnugo} (${share === null ? '-' : share.toFixed(1)} %)`;
    return [
      s.name,
      String(s.tests),
      cell(s.gnugo),
      cell(s.moyo),
      among,
      cell(s.moyoErrors),
      cell(s.gnugoSeconds, 1),
      cell(s.moyoSeconds, 1),
    ];
  };
  const table = [HEAD, ...rows.map(line), line(totalStats(rows))];
  const widths = HEAD.map((_, c) => Math.max(...table.map((r) => r[c].length)));
  return table
    .map((r) => r.map((v, c) => (c === 0 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join('  '))
    .join('\n');
}

/**
 * One line per engine and suite whose setup commands (`trymove`, `loadsgf` ...) got error replies:
 * the tests after them saw another position than GNU Go's authors meant.
 */
export function formatSetupErrors(run: SuiteRun): string[] {
  const lines: string[] = [];
  for (const [engine, r] of [
    ['GNU Go', run.gnugo],
    ['Moyo', run.moyo],
  ] as const) {
    if (!r?.setupErrors.length) continue;
    const commands = [...new Set(r.setupErrors.map((e) => /: (?:\d+ )?(\S+)[^:]* -> /.exec(e)?.[1] ?? '?'))];
    lines.push(
      `${engine}: ${r.setupErrors.length} setup command(s) of ${run.suite.name} failed (${commands.join(', ')})`,
    );
  }
  return lines;
}

/** `--verbose`: every failing test of each engine, with the expectation and both answers. */
export function formatFailures(run: SuiteRun): string[] {
  const lines: string[] = [];
  const show = (a: Answer | undefined) => (a ? `${a.ok ? '' : '? '}${a.answer}` : '(no answer)');
  for (const [engine, r] of [
    ['GNU Go', run.gnugo],
    ['Moyo', run.moyo],
  ] as const) {
    if (!r) continue;
    for (const t of run.suite.tests) {
      if (verdictOf(t, r) !== 'fail') continue;
      const known = t.expectation.knownFailure ? ' (marked *)' : '';
      const other = r === run.moyo && run.gnugo ? `  GNU Go: '${show(run.gnugo.answers.get(t.id))}'` : '';
      lines.push(
        `  ${engine} fails ${run.suite.name}:${t.id}${known}: ${t.command}  expected [${t.expectation.text}]` +
          `  got '${show(r.answers.get(t.id))}'${other}`,
      );
    }
    for (const e of r.setupErrors) lines.push(`  ${engine} setup error: ${e}`);
  }
  return lines;
}

/** `--json`: every test with both answers and verdicts, and the stats. */
export function jsonReport(runs: SuiteRun[], extra: Record<string, unknown>): unknown {
  const side = (t: TstTest, r: EngineRun | null) => {
    const a = r?.answers.get(t.id);
    return r && a ? { ok: a.ok, answer: a.answer, seconds: a.seconds, verdict: verdictOf(t, r) } : null;
  };
  const stats = runs.map(suiteStats);
  return {
    ...extra,
    total: totalStats(stats),
    suites: runs.map((run, i) => ({
      ...stats[i],
      gnugoSource: run.gnugo?.source ?? null,
      setupErrors: { gnugo: run.gnugo?.setupErrors ?? [], moyo: run.moyo?.setupErrors ?? [] },
      results: run.suite.tests.map((t) => ({
        id: t.id,
        command: t.command,
        expected: t.expectation.text,
        knownFailure: t.expectation.knownFailure,
        gnugo: side(t, run.gnugo),
        moyo: side(t, run.moyo),
      })),
    })),
  };
}
