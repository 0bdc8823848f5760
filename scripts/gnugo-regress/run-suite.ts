import { EngineGone, GtpProcess, type EngineCommand } from './gtp-process';
import { answerOf, parseReply, type TstSuite } from './tst';

/** One test's answer from one engine. */
export interface Answer {
  /** `=` reply (false for `?` errors, timeouts and crashes). */
  ok: boolean;
  /** The judged text (`critical A1 B2`), the error text, or why there is no answer. */
  answer: string;
  /** Time of the test's command alone. */
  seconds: number;
}

/** Tests `from` (inclusive) to `to` (exclusive) of a suite, run by one engine process. */
export interface Slice {
  suite: TstSuite;
  /** Working directory of the engine (the suite's folder, where `loadsgf` paths start). */
  dir: string;
  from: number;
  to: number;
}

/** What running a slice produced. */
export interface SliceRun {
  answers: Map<number, Answer>;
  /** Setup commands (`loadsgf`, `play` ...) answered with an error, by line: `owl.tst:12: loadsgf x -> ? cannot open`. */
  setupErrors: Map<number, string>;
  /** Wall time of the slice's processes: start, setup replay and tests. */
  seconds: number;
}

/** Splits a suite's tests into slices of at most `size` tests, in file order. */
export function sliceSuite(suite: TstSuite, dir: string, size: number): Slice[] {
  const slices: Slice[] = [];
  for (let from = 0; from < suite.tests.length; from += size) {
    slices.push({ suite, dir, from, to: Math.min(from + size, suite.tests.length) });
  }
  return slices;
}

/** A GTP engine as the runner uses it (a `GtpProcess`, or a fake in tests). */
export interface Engine {
  send(line: string, timeoutMs: number): Promise<string>;
  close(): Promise<void>;
  kill(): void;
}

export type StartEngine = (cwd: string) => Engine;

/** Starts real processes from a command. */
export function processStarter(command: (cwd: string) => EngineCommand): StartEngine {
  return (cwd) => new GtpProcess(command(cwd));
}

/**
 * Runs a slice in a fresh engine: first every setup command (unnumbered) that comes before the
 * slice's first test in the file, so the board and settings are as in a run of the whole file,
 * then every command from that test to the slice's last test. When the engine ends or times out,
 * the test in flight (or the next test, during setup) gets that as its failing answer and a new
 * process takes over from the test after it.
 */
export async function runSlice(slice: Slice, start: StartEngine, timeoutMs: number): Promise<SliceRun> {
  const { suite } = slice;
  const answers = new Map<number, Answer>();
  const setupErrors = new Map<number, string>();
  const testAt = new Map<number, number>();
  suite.tests.forEach((t, i) => testAt.set(t.commandIndex, i));
  const started = performance.now();
  let next = slice.from;
  while (next < slice.to) {
    const engine = start(slice.dir);
    const first = suite.tests[next].commandIndex;
    const last = suite.tests[slice.to - 1].commandIndex;
    let inFlight = next;
    try {
      for (let i = 0; i <= last; i++) {
        const command = suite.commands[i];
        const test = testAt.get(i);
        if (i < first && command.id !== null) continue;
        inFlight = test !== undefined && i >= first ? test : next;
        const t0 = performance.now();
        const reply = parseReply(await engine.send(command.text, timeoutMs));
        const seconds = (performance.now() - t0) / 1000;
        if (test !== undefined && i >= first) {
          answers.set(suite.tests[test].id, {
            ok: reply.ok,
            answer: reply.ok ? answerOf(reply) : reply.text,
            seconds,
          });
          next = test + 1;
        } else if (!reply.ok) {
          setupErrors.set(command.line, `${suite.name}:${command.line}: ${command.text} -> ? ${reply.text}`);
        }
      }
      await engine.close();
    } catch (e) {
      engine.kill();
      const reason = e instanceof EngineGone ? e.message : `bad reply: ${(e as Error).message}`;
      answers.set(suite.tests[inFlight].id, { ok: false, answer: `(${reason})`, seconds: 0 });
      next = inFlight + 1;
    }
  }
  return { answers, setupErrors, seconds: (performance.now() - started) / 1000 };
}

/** Runs `tasks` with at most `jobs` at a time; resolves when all are done (rejects on the first error). */
export async function runPool(tasks: (() => Promise<void>)[], jobs: number): Promise<void> {
  let index = 0;
  const worker = async (): Promise<void> => {
    while (index < tasks.length) {
      const task = tasks[index++];
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, worker));
}
