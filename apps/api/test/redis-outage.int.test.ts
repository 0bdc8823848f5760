import { QueueName } from '@moyo/contracts';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer, startPrivateRedis, type PrivateRedis } from '../../../test/support/private-redis';
import { useIsolatedServices } from '../../../test/support/services';
import { createApiApp } from '../src/bootstrap';
import { ApiConfig } from '../src/config/api-config';

if (!hasRedisServer) console.warn('[redis-outage] SKIPPED: no redis-server binary on PATH');

describe.runIf(hasRedisServer)('api while its Redis goes away', () => {
  const services = useIsolatedServices();
  let redis: PrivateRedis;
  let app: INestApplication;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    app = await createApiApp(ApiConfig.fromEnv({ ...services().env, REDIS_URL: redis.url }));
    await app.init();
  });
  afterAll(async () => {
    await app?.close();
    await redis?.kill();
  });

  it('enqueues while Redis is up; then fails fast instead of hanging, and reports redis down', async () => {
    const queue = app.get<Queue>(getQueueToken(QueueName.Positions));
    const job = await queue.add('probe', { n: 1 });
    expect(job.id).toBeDefined();
    expect((await request(app.getHttpServer()).get('/readyz')).status).toBe(200);

    await redis.kill();

    await expect(queue.add('probe', { n: 2 })).rejects.toThrow();
    const res = await request(app.getHttpServer()).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body.down).toEqual(['redis']);
  });
});
