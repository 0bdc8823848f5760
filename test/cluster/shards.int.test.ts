import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { gameRoutingKey, positionQueueOf, positionQueueNames, type PositionInput } from '@moyo/contracts';
import {
  ApiKeyRepository,
  GameStreamRepository,
  JobRepository,
  keySlot,
  PositionQueueSet,
  positionShards,
  TenantRepository,
} from '@moyo/persistence';
import type { Queue } from 'bullmq';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyAdmin } from '../../apps/api/src/admin/key-admin';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { ApiConfig } from '../../apps/api/src/config/api-config';
import { QueueSink } from '../../apps/ingest/src/follow/queue-sink';
import { createWorkerApp } from '../../apps/worker/src/bootstrap';
import { WorkerConfig } from '../../apps/worker/src/config/worker-config';
import { ReconcilerService } from '../../apps/worker/src/reconcile/reconciler.service';
import { hasRedisCli, hasRedisServer } from '../support/private-redis';
import { useIsolatedServices } from '../support/services';
import { startPrivateRedisCluster, type PrivateRedisCluster } from './support/redis-cluster';
import { listenOnLoopback } from '../support/listen';

const SHARDS = 3;
/** This suite's ports: nodes 27110-27112, their cluster buses 27160-27162. */
const BASE_PORT = 27_110;
const COLUMNS = 'ABCDEFGHJ';

/** A 9x9 position input with these moves (what the ingest and the reconciler hand to the queue). */
const input9 = (moves: [string, string][]) =>
  ({
    boardXSize: 9,
    boardYSize: 9,
    komi: 0.5,
    rules: 'japanese',
    initialStones: [],
    moves,
  }) as unknown as PositionInput;

/** The k-th distinct 9x9 position (one stone; komi tells rounds apart): a cheap territory job. */
function position(k: number) {
  const point = k % 81;
  return {
    boardXSize: 9,
    boardYSize: 9,
    komi: 0.5 + Math.floor(k / 81),
    moves: [['B', `${COLUMNS[point % 9]}${1 + Math.floor(point / 9)}`]],
    analyses: ['territory'],
  };
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const canRun = hasRedisServer && hasRedisCli;

/**
 * QUEUE_SHARDS=3 on a Redis Cluster of 3 masters (no replicas; ports of this suite's own): the
 * positions shards' hash tags are on three different masters, jobs of several tenants spread over
 * the shards and all complete, a followed game's jobs all go to one shard, and the reconciler
 * queues a lost job again into its own shard.
 */
describe.runIf(canRun)('Redis Cluster: the positions queue in 3 shards on 3 masters', () => {
  const services = useIsolatedServices();
  let cluster: PrivateRedisCluster;
  let api: INestApplication;
  let worker: INestApplicationContext;
  let db: Client;
  let baseUrl = '';
  let prefix = '';
  let target: { redisUrl: string; redisClusterNodes: string[] };

  beforeAll(async () => {
    cluster = await startPrivateRedisCluster(3, 0, BASE_PORT);
    prefix = services().redisPrefix;
    target = { redisUrl: `redis://${cluster.nodes[0]}`, redisClusterNodes: cluster.nodes };
    const env = {
      ...services().env,
      REDIS_URL: target.redisUrl,
      REDIS_CLUSTER_NODES: cluster.nodes.join(','),
      QUEUE_SHARDS: String(SHARDS),
    };
    api = await createApiApp(ApiConfig.fromEnv(env));
    baseUrl = await listenOnLoopback(api);
    worker = await createWorkerApp(
      WorkerConfig.fromEnv({
        ...env,
        WORKER_CONCURRENCY: '2',
        RECONCILE_INTERVAL_MS: '600000',
        RECONCILE_GRACE_MS: '1000',
      }),
    );
    db = new Client({ connectionString: services().databaseUrl });
    await db.connect();
  }, 120_000);
  afterAll(async () => {
    try {
      await worker?.close();
      await api?.close();
    } finally {
      await db?.end();
      await cluster?.destroy();
    }
  }, 90_000);

  const statuses = async (ids: string[]) =>
    (await db.query<{ status: string }>('select status from jobs where id = any($1)', [ids])).rows.map(
      (r) => r.status,
    );

  it('puts the shards on three masters (slots as CLUSTER KEYSLOT says)', async () => {
    const shards = positionShards(target, prefix, SHARDS);
    expect(shards.map((s) => s.name)).toEqual(positionQueueNames(SHARDS));
    const masters = new Set<number>();
    for (const s of shards) {
      const master = await cluster.masterOf(`${s.prefix}:${s.name}:wait`);
      masters.add(master.port);
    }
    expect(masters.size).toBe(3);
    // Our CRC16 agrees with the cluster's on tagged and untagged keys.
    const { Cluster } = await import('ioredis');
    const probe = new Cluster(
      cluster.nodes.map((n) => ({ host: '127.0.0.1', port: Number(n.split(':')[1]) })),
    );
    try {
      for (const key of [...shards.map((s) => `${s.prefix}:x`), 'foo', 'moyo:positions', '{}x', 'a{b}c']) {
        expect(keySlot(key)).toBe(Number(await probe.cluster('KEYSLOT', key)));
      }
    } finally {
      probe.disconnect();
    }
  });

  it('spreads jobs of several tenants over every shard; all complete, each in its own shard', async () => {
    const admin = new KeyAdmin(api.get(TenantRepository), api.get(ApiKeyRepository));
    // Two tenants per shard (tenants are routed by id: make some until each shard has two).
    const perShard = new Map<string, { key: string; tenantId: string }[]>();
    for (let i = 0; i < 60 && [...perShard.values()].filter((l) => l.length >= 2).length < SHARDS; i++) {
      const created = await admin.create(`shards-${i}`);
      const shard = positionQueueOf('position-x', created.tenantId, SHARDS);
      const list = perShard.get(shard) ?? [];
      if (list.length < 2) perShard.set(shard, [...list, { key: created.key, tenantId: created.tenantId }]);
    }
    expect([...perShard.keys()].sort()).toEqual(positionQueueNames(SHARDS));
    const jobs: { id: string; tenantId: string }[] = [];
    let k = 0;
    for (const tenants of perShard.values()) {
      for (const t of tenants) {
        for (let j = 0; j < 4; j++) {
          const res = await fetch(`${baseUrl}/v1/positions`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${t.key}`, 'Content-Type': 'application/json' },
            body: JSON.stringify(position(k++)),
          });
          expect(res.status).toBe(202);
          jobs.push({ id: ((await res.json()) as { jobId: string }).jobId, tenantId: t.tenantId });
        }
      }
    }
    const ids = jobs.map((j) => j.id);
    await waitFor('every job to complete', async () => (await statuses(ids)).every((s) => s === 'completed'));
    const queues = api.get(PositionQueueSet) as PositionQueueSet<Queue>;
    const completed = await Promise.all(queues.all().map((q) => q.getJobCounts('completed')));
    // 2 tenants x 4 jobs in each shard, and each job in the shard of its tenant.
    expect(completed.map((c) => c.completed)).toEqual([8, 8, 8]);
    for (const j of jobs) expect(await queues.of(j.id, j.tenantId).getJobState(j.id)).toBe('completed');
  });

  it("sends a followed game's moves to one shard; the reconciler requeues a lost job into its shard", async () => {
    const tenantId = (await api.get(TenantRepository).create('shards-game')).id;
    const streams = api.get(GameStreamRepository);
    const followed = await streams.follow({ ogsGameId: 90_210, tenantId, analyses: ['territory'] });
    const stream = followed!.stream;
    const queues = api.get(PositionQueueSet) as PositionQueueSet<Queue>;
    const gameQueue = queues.ofRoutingKey(gameRoutingKey(90_210));
    const sink = new QueueSink(stream, api.get(JobRepository), streams, gameQueue);
    const moves: [string, string][] = [];
    for (let n = 1; n <= 6; n++) {
      moves.push([n % 2 ? 'B' : 'W', `${COLUMNS[n]}${n}`]);
      await sink.deliverMove({
        ogsGameId: 90_210,
        moveNumber: n,
        move: moves[n - 1] as ['B', string],
        input: input9([...moves]),
        receivedAt: Date.now(),
      });
    }
    const ids = (await streams.moveJobIds(stream.id, 0, 6)).map((m) => m.jobId as string);
    expect(ids).toHaveLength(6);
    // Routing by the job id alone (what the reconciler and the api do) finds the game's shard.
    for (const id of ids) expect(queues.of(id, tenantId)).toBe(gameQueue);
    await waitFor('the game jobs', async () => (await statuses(ids)).every((s) => s === 'completed'));

    // A lost job: its row is queued but no shard holds it. The reconciler adds it to its shard.
    const lost = `position-lost-${Date.now()}`;
    await api.get(JobRepository).createIfAbsent({
      id: lost,
      tenantId,
      kind: 'position',
      input: input9([['B', 'E5']]) as never,
      options: { analyses: ['territory'] },
      inputHash: lost,
    });
    await db.query(`UPDATE jobs SET created_at = now() - interval '10 seconds' WHERE id = $1`, [lost]);
    const counts = await worker.get(ReconcilerService).sweepIfLeader();
    expect(counts).toMatchObject({ requeuedJobs: 1 });
    await waitFor('the lost job', async () => (await statuses([lost]))[0] === 'completed');
    expect(await queues.of(lost, tenantId).getJobState(lost)).toBe('completed');
  });
});
