/**
 * The KEDA triggers count what BullMQ really writes: jobs the api enqueues (with the deployment's
 * REDIS_PREFIX) land in exactly the Redis LISTs the rendered ScaledObject watches, and the api's
 * /metrics reports the same depth. Real Redis, the real api module, the queue names of
 * @moyo/contracts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_QUEUES, JobName, QueueOfJob, type QueueName } from '@moyo/contracts';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { ApiConfig } from '../../apps/api/src/config/api-config';
import { K8sObject, renderKustomize, ROOT } from '../../scripts/infra-manifests';
import { useIsolatedServices } from '../support/services';

describe('KEDA redis triggers against BullMQ', () => {
  const services = useIsolatedServices();
  let app: INestApplication;
  let redis: Redis;
  let objects: K8sObject[];

  beforeAll(async () => {
    objects = renderKustomize(join(ROOT, 'infra/k8s/overlays/prod'));
    app = await createApiApp(ApiConfig.fromEnv(services().env));
    await app.init();
    redis = new Redis(services().redisUrl);
  });
  afterAll(async () => {
    await app?.close();
    redis?.disconnect();
  });

  const jobNameOf = (queue: QueueName) =>
    (Object.keys(QueueOfJob) as JobName[]).find((j) => QueueOfJob[j] === queue)!;

  it('each trigger’s list holds the jobs waiting in its queue, for every queue of the code', async () => {
    const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('moyo-config'))!;
    const deployedPrefix = config.data.REDIS_PREFIX as string;
    const so = objects.find((o) => o.kind === 'ScaledObject' && o.metadata.name === 'worker')!;
    const lists = new Map<string, string>();
    for (const t of so.spec.triggers as { metadata: { listName: string } }[]) {
      const [prefix, queue, ...rest] = t.metadata.listName.split(':');
      expect(prefix, t.metadata.listName).toBe(deployedPrefix);
      lists.set(queue, `${services().redisPrefix}:${[queue, ...rest].join(':')}`);
    }
    expect([...lists.keys()].sort()).toEqual([...ALL_QUEUES].sort());

    // Two jobs in the first queue, one in each other: a mix-up between lists would show.
    for (const [i, queue] of ALL_QUEUES.entries()) {
      const q = app.get<Queue>(getQueueToken(queue), { strict: false });
      for (let n = 0; n <= (i === 0 ? 1 : 0); n++)
        await q.add(jobNameOf(queue), { probe: true }, { jobId: `keda-${queue}-${n}` });
    }
    for (const [i, queue] of ALL_QUEUES.entries()) {
      const list = lists.get(queue)!;
      expect(await redis.type(list), list).toBe('list');
      expect(await redis.llen(list), list).toBe(i === 0 ? 2 : 1);
    }

    // What operators see on /metrics is the same number.
    const metrics = (await request(app.getHttpServer()).get('/metrics')).text;
    // And every metric infra/README.md tells operators to watch is in a real scrape.
    const scraped = new Set(
      [...metrics.matchAll(/^# TYPE (\S+) (\w+)$/gm)].flatMap(([, n, type]) =>
        type === 'histogram' ? [n, `${n}_bucket`, `${n}_sum`, `${n}_count`] : [n],
      ),
    );
    const readme = readFileSync(join(ROOT, 'infra/README.md'), 'utf8');
    const named = [...new Set([...readme.matchAll(/\bmoyo_[a-z0-9_]*[a-z0-9]\b/g)].map((m) => m[0]))];
    expect(named.filter((n) => !scraped.has(n))).toEqual([]);
    for (const [i, queue] of ALL_QUEUES.entries()) {
      expect(metrics).toContain(`moyo_queue_jobs{queue="${queue}",state="waiting"} ${i === 0 ? 2 : 1}`);
    }
  });

  it('a delayed job (a retry waiting out its backoff) is not in the list: KEDA scales on runnable work only', async () => {
    const queue = ALL_QUEUES[1];
    const q = app.get<Queue>(getQueueToken(queue), { strict: false });
    const list = `${services().redisPrefix}:${queue}:wait`;
    const before = await redis.llen(list);
    await q.add(jobNameOf(queue), { probe: true }, { jobId: `keda-delayed-${queue}`, delay: 60_000 });
    expect(await redis.llen(list)).toBe(before);
    expect(await q.getDelayedCount()).toBe(1);
  });
});
