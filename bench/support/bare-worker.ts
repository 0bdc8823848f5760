/**
 * The peer of bench:pipeline: a bare BullMQ worker process, no Nest, no engine. Each job either
 * does nothing (`BARE_MODE=noop`) or runs one PostgreSQL INSERT of a small JSON row
 * (`BARE_MODE=insert`), the least a job system that keeps results must do. Started by
 * bench/support/pipeline-peer.ts with REDIS_URL, BARE_PREFIX, BARE_QUEUE, BARE_CONCURRENCY and
 * (insert) DATABASE_URL; prints `ready` once it consumes, stops on SIGTERM.
 */
import { Worker } from 'bullmq';
import { Pool } from 'pg';
import { bullConnectionOptions } from '@moyo/persistence';

function env(name: string): string {
  const v = process.env[name];
  if (v === undefined || v === '') throw new Error(`bare-worker: ${name} must be set`);
  return v;
}

async function main(): Promise<void> {
  const mode = env('BARE_MODE');
  if (mode !== 'noop' && mode !== 'insert') throw new Error(`bare-worker: BARE_MODE must be noop or insert`);
  const concurrency = Number(env('BARE_CONCURRENCY'));
  const pool = mode === 'insert' ? new Pool({ connectionString: env('DATABASE_URL'), max: 8 }) : null;
  if (pool) {
    await pool.query(
      'CREATE TABLE IF NOT EXISTS bench_peer_results (id text PRIMARY KEY, result jsonb NOT NULL)',
    );
  }
  const worker = new Worker(
    env('BARE_QUEUE'),
    async (job) => {
      if (pool) {
        await pool.query('INSERT INTO bench_peer_results (id, result) VALUES ($1, $2)', [
          job.id,
          JSON.stringify({ done: true, input: job.data }),
        ]);
      }
      return { ok: true };
    },
    { connection: bullConnectionOptions(env('REDIS_URL')), prefix: env('BARE_PREFIX'), concurrency },
  );
  await worker.waitUntilReady();
  process.stdout.write('ready\n');
  process.once('SIGTERM', () => {
    void worker
      .close()
      .then(() => pool?.end())
      .then(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
