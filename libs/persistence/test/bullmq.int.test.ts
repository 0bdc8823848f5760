import { Queue, Worker } from 'bullmq';
import { describe, expect, it } from 'vitest';
import {
  hasRedisServer,
  startRedisServer,
  type RedisServerProcess,
} from '../../../test/support/private-redis';
import { bullConnectionOptions, closeBull } from '../src';

/**
 * A worker and a queue on a private Redis, one job run through them; then `cut(redis)` takes Redis
 * away and both must close, with no unhandled rejection left behind.
 */
async function closeAfter(cut: (redis: RedisServerProcess) => Promise<void> | void): Promise<void> {
  const redis = await startRedisServer();
  const connection = bullConnectionOptions(`redis://127.0.0.1:${redis.port}`);
  const unhandled: unknown[] = [];
  const onUnhandled = (err: unknown) => unhandled.push(err);
  process.on('unhandledRejection', onUnhandled);
  try {
    const queue = new Queue('guarded', { connection, prefix: 'guard' });
    const worker = new Worker('guarded', async (job) => job.data.n * 2, { connection, prefix: 'guard' });
    queue.on('error', () => undefined);
    worker.on('error', () => undefined);
    await worker.waitUntilReady();
    const completed = new Promise<void>((resolve) => worker.once('completed', () => resolve()));
    const job = await queue.add('double', { n: 21 });
    await completed;
    expect((await queue.getJob(job.id!))?.returnvalue).toBe(42);

    await cut(redis);
    // A plain close() never settles here: ioredis queues QUIT while it reconnects.
    await Promise.all([closeBull(worker), closeBull(queue)]);
    // Give late connection events a chance to surface.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await redis.kill();
  }
}

// This suite hung in 2 of 2 full parallel CI runs and was run on demand only. Cause, reproduced
// beside five other Redis suites (2 of 12 runs): right after the kill the worker's main client
// still said 'ready', so closeBull took the unbounded path, and Worker.close() then waited for an
// 'end' that its already reconnecting blocking client never emits. closeBull now asks Redis
// (INFO within 1 s) instead of trusting the status; the frozen-Redis case below hangs the old way
// every time. Each case: under 1 s, or about 13 s when close() needs its bound.
describe.runIf(hasRedisServer)('closeBull', () => {
  it('lets a worker and a queue close while their Redis is gone, with no error left behind', async () => {
    await closeAfter((redis) => redis.kill());
  }, 90_000);

  it('lets them close while their Redis is frozen (SIGSTOP: connections open, no answers)', async () => {
    await closeAfter((redis) => {
      redis.child.kill('SIGSTOP');
    });
  }, 90_000);
});
