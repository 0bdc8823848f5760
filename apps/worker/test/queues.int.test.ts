import { QueueName } from '@moyo/contracts';
import type { INestApplicationContext } from '@nestjs/common';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useIsolatedServices } from '../../../test/support/services';
import { createWorkerApp } from '../src/bootstrap';
import { WorkerConfig } from '../src/config/worker-config';
import { QueueConnectionsService } from '../src/queues/queue-connections.service';

describe('worker queues against real Redis', () => {
  const services = useIsolatedServices();
  let worker: INestApplicationContext;

  beforeAll(async () => {
    worker = await createWorkerApp(WorkerConfig.fromEnv({ ...services().env, WORKER_CONCURRENCY: '1' }));
  });
  afterAll(async () => {
    await worker?.close();
  });

  it('connects to every queue under the configured key prefix', async () => {
    const connections = worker.get(QueueConnectionsService);
    const queue = connections.queue(QueueName.Eyegraphs);
    // Delayed, so the eyegraphs processor leaves it alone while the counts are read.
    await queue.add('probe', { n: 1 }, { jobId: 'probe-1', delay: 3_600_000 });

    const counts = await connections.report();
    expect(Object.keys(counts).sort()).toEqual(['eyegraphs', 'positions', 'webhooks']);
    expect(counts.eyegraphs.delayed).toBe(1);
    expect(counts.positions.waiting).toBe(0);

    const redis = new Redis(services().redisUrl);
    try {
      const keys = await redis.keys(`${services().redisPrefix}:eyegraphs:*`);
      expect(keys).toContain(`${services().redisPrefix}:eyegraphs:probe-1`);
    } finally {
      redis.disconnect();
    }
  });
});
