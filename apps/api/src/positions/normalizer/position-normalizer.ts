import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { HttpException, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import { errorBody } from '../../errors/api-errors';
import {
  normalizePositionRequest,
  type NormalizedPositionRequest,
  type PositionRequestLimits,
} from '../dto/position-request';
import type { NormalizeOutcome, NormalizeTask } from './normalize.thread';
import { portableAllowlist } from './portable-allowlist';

/**
 * Bodies at least this large are normalised on the request thread: a 2000-move game held the
 * event loop 30-90 ms there (SGF parse, replay, zod); a game of 300 moves costs ~2 ms, less than
 * a thread's messaging saves.
 */
export const THREAD_MIN_MOVES = 300;
/** An `sgf` of this many characters is about 300 moves. */
export const THREAD_MIN_SGF_CHARS = 2000;
/** Requests waiting for the thread at most; more answer 503 (the queue holds their bodies). */
export const MAX_QUEUED = 64;

/** True when a body is large enough to be normalised off the event loop. Pure. */
export function worthAThread(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  if (count(b.moves) + count(b.initialStones) >= THREAD_MIN_MOVES) return true;
  return typeof b.sgf === 'string' && b.sgf.length >= THREAD_MIN_SGF_CHARS;
}

/**
 * The thread entry file. Built code runs `normalize.thread.js` directly; from TypeScript source
 * (tests) a one-line CommonJS file in a temp directory requires the .ts entry under tsx's require
 * hook (Piscina loads its file through `import()`, which that hook does not serve).
 */
function threadEntry(): { filename: string; execArgv?: string[]; tempDir?: string } {
  const ext = extname(__filename);
  const entry = join(__dirname, `normalize.thread${ext}`);
  if (ext !== '.ts') return { filename: entry };
  const dir = mkdtempSync(join(tmpdir(), 'moyo-normalize-thread-'));
  const shim = join(dir, 'normalize-thread.cjs');
  writeFileSync(shim, `module.exports = require(${JSON.stringify(entry)});\n`);
  return { filename: shim, execArgv: ['--require', require.resolve('tsx/cjs')], tempDir: dir };
}

/**
 * Validates and normalises POST /v1/positions bodies (`normalizePositionRequest`): small ones in
 * place, large ones (a long game, an SGF) on one thread, started at the first large body and
 * stopped after a minute without one, so the event loop keeps answering other requests (and
 * /healthz) while a 2000-move game is replayed.
 */
@Injectable()
export class PositionNormalizer implements OnModuleDestroy {
  private pool: Piscina | undefined;
  private tempDir: string | undefined;

  async normalize(body: unknown, limits: PositionRequestLimits): Promise<NormalizedPositionRequest> {
    if (!worthAThread(body)) return normalizePositionRequest(body, limits);
    const pool = this.threads();
    if (pool.queueSize >= MAX_QUEUED) {
      throw new HttpException(errorBody(503, 'too many large requests are being read; retry later'), 503);
    }
    const task: NormalizeTask = {
      body,
      maxSgfBytes: limits.maxSgfBytes,
      allowlist: portableAllowlist(limits.webhookAllowlist),
    };
    const outcome = (await pool.run(task, { name: 'normalize' })) as NormalizeOutcome;
    if (!outcome.ok) throw new HttpException(outcome.response, outcome.status);
    return outcome.request;
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
