/**
 * Two `npm run regress -- --json OUT` reports side by side: per suite, Moyo's passes and engine time
 * in each, and every test whose verdict changed (gained or lost) with both answers. For judging an
 * engine change test by test, not only by its totals.
 */

/** The part of a `--json` report this reads (see report.ts jsonReport). */
export interface RegressReport {
  suites: {
    name: string;
    results: {
      id: number;
      command: string;
      expected: string;
      moyo: { answer: string; seconds: number | null; verdict: string } | null;
    }[];
  }[];
}

type SuiteResults = RegressReport['suites'][number];
type TestResult = SuiteResults['results'][number];

/** Whether Moyo passed the test. */
function passed(r: TestResult): boolean {
  return r.moyo?.verdict === 'pass';
}

/** One test whose verdict differs between the reports. */
export interface VerdictChange {
  id: number;
  /** The test's line as the suite has it, its number first. */
  command: string;
  expected: string;
  before: string;
  after: string;
  gained: boolean;
}

/** One suite in both reports (tests Moyo answered in both). */
export interface SuiteComparison {
  name: string;
  passesBefore: number;
  passesAfter: number;
  secondsBefore: number;
  secondsAfter: number;
  changes: VerdictChange[];
}

/** Throws a message naming what is missing when `value` is not a `--json` report. */
export function asReport(value: unknown, name: string): RegressReport {
  const suites = (value as { suites?: unknown } | null)?.suites;
  if (!Array.isArray(suites) || suites.some((s) => !Array.isArray((s as { results?: unknown }).results)))
    throw new Error(`${name}: not a regress --json report (needs "suites" with "results")`);
  return value as RegressReport;
}

/** Compares the suites present in both reports, in the order of `before`. */
export function compareReports(before: RegressReport, after: RegressReport): SuiteComparison[] {
  const out: SuiteComparison[] = [];
  for (const sb of before.suites) {
    const sa = after.suites.find((s) => s.name === sb.name);
    if (!sa) continue;
    const answered = (s: SuiteResults) =>
      new Map(s.results.filter((r) => r.moyo !== null).map((r) => [r.id, r]));
    const b = answered(sb);
    const a = answered(sa);
    const both = [...b.keys()].filter((id) => a.has(id)).sort((x, y) => x - y);
    const pass = (m: Map<number, TestResult>) => both.filter((id) => passed(m.get(id)!)).length;
    const seconds = (m: Map<number, TestResult>) =>
      both.reduce((t, id) => t + (m.get(id)!.moyo!.seconds ?? 0), 0);
    const changes: VerdictChange[] = [];
    for (const id of both) {
      const rb = b.get(id)!;
      const ra = a.get(id)!;
      if (passed(rb) === passed(ra)) continue;
      changes.push({
        id,
        command: rb.command,
        expected: rb.expected,
        before: rb.moyo!.answer,
        after: ra.moyo!.answer,
        gained: passed(ra),
      });
    }
    out.push({
      name: sb.name,
      passesBefore: pass(b),
      passesAfter: pass(a),
      secondsBefore: seconds(b),
      secondsAfter: seconds(a),
      changes,
    });
  }
  return out;
}

/** The comparison as text, a line per suite and one per changed test. */
export function formatComparison(all: SuiteComparison[]): string {
  const lines: string[] = [];
  for (const s of all) {
    const gained = s.changes.filter((c) => c.gained).length;
    lines.push(
      `${s.name}: ${s.passesBefore} -> ${s.passesAfter} (${gained} gained, ${s.changes.length - gained} lost); ` +
        `engine time ${s.secondsBefore.toFixed(0)} -> ${s.secondsAfter.toFixed(0)} s`,
    );
    for (const c of s.changes)
      lines.push(
        `  ${c.gained ? 'gained' : 'lost  '} ${c.command} [${c.expected}]: ${c.before} -> ${c.after}`,
      );
  }
  return lines.join('\n');
}
