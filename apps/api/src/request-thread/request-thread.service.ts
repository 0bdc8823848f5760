import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { HttpException, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import { errorBody } from '../errors/api-errors';

/** Requests waiting for the thread at most; more answer 503 (the queue holds their bodies). */
export const MAX_QUEUED = 64;

/** The thread's tasks, by their export name in `request.thread.ts`. */
export type RequestTaskName = 'normalize' | 'readKataGo';

/**
 * The thread entry file. Built code runs `request.thread.js` directly; from TypeScript source
 * (tests) a one-line CommonJS file in a temp directory requires the .ts entry under tsx's require
 * hook (Piscina loads its file through `import()`, which that hook does not serve).
 */
function threadEntry(): { filename: string; execArgv?: string[]; tempDir?: string } {
  const ext = extname(__filename);
  const entry = join(__dirname, `request.thread${ext}`);
  if (ext !== '.ts') return { filename: entry };
  const dir = mkdtempSync(join(tmpdir(), 'moyo-request-thread-'));
  const shim = join(dir, 'request-thread.cjs');
  writeFileSync(shim, `module.exports = require(${JSON.stringify(entry)});\n`);
  return { filename: shim, execArgv: ['--require', require.resolve('tsx/cjs')], tempDir: dir };
}

/**
 * The api's request thread (one Piscina thread, started at the first task and stopped after a
 * minute without one): the CPU-heavy reading of large requests runs there, so the event loop keeps
 * answering other requests (and /healthz) meanwhile. POST /v1/positions bodies (`normalize`) and
 * KataGo queries from POST /v1/katago/analysis and the /v1/katago/ws socket (`readKataGo`) share
 * it, so one thread's worth of CPU at most goes to reading.
 */
@Injectable()
export class RequestThread implements OnModuleDestroy {
  private pool: Piscina | undefined;
  private tempDir: string | undefined;

  /** Tasks run so far, by name (for the tests: proof a request was read off the loop). */
  readonly runs: Record<RequestTaskName, number> = { normalize: 0, readKataGo: 0 };

  /**
   * Runs the task `name` on the thread. Throws 503 (HttpException) at once when MAX_QUEUED tasks
   * are waiting already.
   */
  async run<T>(name: RequestTaskName, task: unknown): Promise<T> {
    const pool = this.threads();
    if (pool.queueSize >= MAX_QUEUED) {
      throw new HttpException(errorBody(503, 'too many large requests are being read; retry later'), 503);
    }
    this.runs[name]++;
    return (await pool.run(task, { name })) as T;
  }

  private threads(): Piscina {
    if (!this.pool) {
      const { filename, execArgv, tempDir } = threadEntry();
      this.tempDir = tempDir;
      this.pool = new Piscina({ filename, execArgv, minThreads: 0, maxThreads: 1, idleTimeout: 60_000 });
    }
    return this.pool;
  }

  async onModuleDestroy(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close(); // running tasks finish: their requests are still being answered
    if (this.tempDir) rmSync(this.tempDir, { recursive: true, force: true });
  }
}
