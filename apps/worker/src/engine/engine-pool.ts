import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { Piscina } from 'piscina';
import {
  outcomeOf,
  type EngineOutcome,
  type EyegraphTask,
  type PositionTask,
  type PreparedPosition,
} from './engine-tasks';
import type { AnalysisReport, EyeGraphAnalysis } from '@moyo/engine';

/** A task's engine error: `invalidInput` says retrying cannot help. */
export class EngineTaskError extends Error {
  constructor(
    message: string,
    readonly invalidInput: boolean,
    readonly engineErrorName: string,
  ) {
    super(message);
    this.name = 'EngineTaskError';
  }
}

function unwrap<T>(outcome: EngineOutcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw new EngineTaskError(outcome.message, outcome.invalidInput, outcome.name);
}

/**
 * Runs a cheap engine step (a replay, a cache key) in the calling thread, where a pool task's
 * messaging would cost more than the step; errors as from a pool task (EngineTaskError).
 */
export function runHere<T>(fn: () => T): T {
  return unwrap(outcomeOf(fn));
}

/**
 * The thread entry file. Built code runs `engine.thread.js` directly. Run from TypeScript source
 * (tests, tsx), a thread needs tsx's require hook, and Piscina loads its file through `import()`,
 * which that hook does not serve: so a one-line CommonJS file in a temp directory requires the
 * .ts entry under `--require tsx/cjs`.
 */
function threadEntry(): { filename: string; execArgv?: string[]; tempDir?: string } {
  const ext = extname(__filename);
  const entry = join(__dirname, `engine.thread${ext}`);
  if (ext !== '.ts') return { filename: entry };
  const dir = mkdtempSync(join(tmpdir(), 'moyo-engine-thread-'));
  const shim = join(dir, 'engine-thread.cjs');
  writeFileSync(shim, `module.exports = require(${JSON.stringify(entry)});\n`);
  return { filename: shim, execArgv: ['--require', require.resolve('tsx/cjs')], tempDir: dir };
}

/**
 * A pool of engine threads (Piscina): the engine's CPU work runs there, so the process's event
 * loop keeps serving queues, database and webhooks while a long eye graph is read out.
 */
export class EnginePool {
  private readonly pool: Piscina;
  private readonly tempDir: string | undefined;

  constructor(
    readonly name: string,
    threads: number,
  ) {
    const { filename, execArgv, tempDir } = threadEntry();
    this.tempDir = tempDir;
    this.pool = new Piscina({
      filename,
      execArgv,
      minThreads: threads,
      maxThreads: threads,
      // Tasks wait in the pool's queue (unbounded) while every thread is busy: the BullMQ
      // concurrency bounds how many there are, and may well exceed the thread count.
      idleTimeout: 60_000,
    });
  }

  /** Replays a position and returns its cache key. Rejects with EngineTaskError. */
  prepare(task: PositionTask): Promise<PreparedPosition> {
    return this.run<PreparedPosition>('prepare', task);
  }

  /** The analysis report of a position job. Rejects with EngineTaskError. */
  position(task: PositionTask): Promise<AnalysisReport> {
    return this.run<AnalysisReport>('position', task);
  }

  /** The eye value and vital points of a graph. Rejects with EngineTaskError. */
  eyegraph(task: EyegraphTask): Promise<EyeGraphAnalysis> {
    return this.run<EyeGraphAnalysis>('eyegraph', task);
  }

  /** Threads currently running a task, and tasks waiting for one. */
  get load(): { threads: number; queued: number } {
    return { threads: this.pool.threads.length, queued: this.pool.queueSize };
  }

  private async run<T>(name: string, task: unknown): Promise<T> {
    return unwrap((await this.pool.run(task, { name })) as EngineOutcome<T>);
  }

  /** Waits for running tasks, then stops the threads. */
  async close(): Promise<void> {
    await this.pool.close();
    if (this.tempDir) rmSync(this.tempDir, { recursive: true, force: true });
  }
}
