import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { positionQueueNames, positionQueueOf } from '@moyo/contracts';
import { ApiKeyRepository, PositionQueueSet, TenantRepository } from '@moyo/persistence';
import type { Queue } from 'bullmq';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyAdmin } from '../../apps/api/src/admin/key-admin';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { ApiConfig } from '../../apps/api/src/config/api-config';
import { createWorkerApp } from '../../apps/worker/src/bootstrap';
import { WorkerConfig } from '../../apps/worker/src/config/worker-config';
import { useIsolatedServices } from '../support/services';
import { listenOnLoopback } from '../support/listen';

const SHARDS = 3;

/**
 * QUEUE_SHARDS=3 on one Redis (no cluster): the api routes each tenant's jobs to its shard
 * (`positions-0..2`, all under REDIS_PREFIX), one worker consumes every shard and all complete.
 */
describe('positions queue in 3 shards on one Redis', () => {
  const services = useIsolatedServices();
  let api: INestApplication;
  let worker: INestApplicationContext;
  let db: Client;
  let baseUrl = '';

  beforeAll(async () => {
    const env = { ...services().env, QUEUE_SHARDS: String(SHARDS) };
    api = await createApiApp(ApiConfig.fromEnv(env));
    baseUrl = await listenOnLoopback(api);
    worker = await createWorkerApp(WorkerConfig.fromEnv({ ...env, WORKER_CONCURRENCY: '2' }));
    db = new Client({ connectionString: services().databaseUrl });
    await db.connect();
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await db?.end();
  }, 60_000);

  it('spreads tenants over the shards; every job completes in its own shard', async () => {
    const admin = new KeyAdmin(api.get(TenantRepository), api.get(ApiKeyRepository));
    const byShard = new Map<string, { key: string; tenantId: string }>();
    for (let i = 0; i < 40 && byShard.size < SHARDS; i++) {
      const t = await admin.create(`shards-single-${i}`);
      byShard.set(positionQueueOf('position-x', t.tenantId, SHARDS), { key: t.key, tenantId: t.tenantId });
    }
    expect([...byShard.keys()].sort()).toEqual(positionQueueNames(SHARDS));
    const jobs: { id: string; tenantId: string }[] = [];
    let k = 0;
    for (const t of byShard.values()) {
      for (let j = 0; j < 3; j++) {
        const point = k++;
        const res = await fetch(`${baseUrl}/v1/positions`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${t.key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            boardXSize: 9,
            boardYSize: 9,
            komi: 0.5,
            moves: [['B', `${'ABCDEFGHJ'[point % 9]}${1 + Math.floor(point / 9)}`]],
            analyses: ['territory'],
          }),
        });
        expect(res.status).toBe(202);
        jobs.push({ id: ((await res.json()) as { jobId: string }).jobId, tenantId: t.tenantId });
      }
    }
    const ids = jobs.map((j) => j.id);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const rows = await db.query<{ status: string }>('select status from jobs where id = any($1)', [ids]);
      if (rows.rows.length === ids.length && rows.rows.every((r) => r.status === 'completed')) break;
      if (Date.now() > deadline) throw new Error(`jobs not completed: ${JSON.stringify(rows.rows)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const queues = api.get(PositionQueueSet) as PositionQueueSet<Queue>;
    expect(queues.all().map((q) => q.name)).toEqual(positionQueueNames(SHARDS));
    expect(
      (await Promise.all(queues.all().map((q) => q.getJobCounts('completed')))).map((c) => c.completed),
    ).toEqual([3, 3, 3]);
    for (const j of jobs) expect(await queues.of(j.id, j.tenantId).getJobState(j.id)).toBe('completed');
  });
});
