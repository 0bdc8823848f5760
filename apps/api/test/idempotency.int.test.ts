import { QueueName, type AnalyzeEyegraphJob } from '@moyo/contracts';
import { PrismaService } from '@moyo/persistence';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { deadPort } from '../../../test/support/services';
import { bootApi, smallPosition, useApi } from './support/api-harness';

describe('Idempotency-Key, eye graphs and enqueue failures against real PostgreSQL and Redis', () => {
  const api = useApi();
  const { services } = api;
  let key: string;
  let tenantId: string;

  beforeAll(async () => {
    ({ key, tenantId } = await api.newTenant('idem'));
  });

  const post = (path: string, body: unknown, idem?: string) => {
    const r = request(api.server).post(path).set('Authorization', `Bearer ${key}`);
    return (idem ? r.set('Idempotency-Key', idem) : r).send(body as object);
  };

  it('replays a request with the same Idempotency-Key and refuses the key for another request', async () => {
    const first = await post('/v1/positions', smallPosition({ analyses: ['bouzy'] }), 'req-1');
    expect(first.status).toBe(202);
    const again = await post('/v1/positions', smallPosition({ analyses: ['bouzy'] }), 'req-1');
    expect(again.status).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.jobId).toBe(first.body.jobId);
    const other = await post('/v1/positions', smallPosition({ analyses: ['freihofner'] }), 'req-1');
    expect(other.status).toBe(422);
    expect(other.body.field).toBe('Idempotency-Key');
    expect(other.body.message).toContain(first.body.jobId);
    const bad = await post('/v1/positions', smallPosition(), 'has space');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('Idempotency-Key');
    const rows = await api.app.get(PrismaService).client.job.findMany({ where: { tenantId } });
    expect(rows.filter((r) => r.idempotencyKey === 'req-1')).toHaveLength(1);
  });

  it('records the key on a job first submitted without one', async () => {
    const plain = await post('/v1/positions', smallPosition({ analyses: ['score'] }));
    const keyed = await post('/v1/positions', smallPosition({ analyses: ['score'] }), 'req-late');
    expect(keyed.body.jobId).toBe(plain.body.jobId);
    const other = await post('/v1/positions', smallPosition({ analyses: ['deadStones'] }), 'req-late');
    expect(other.status).toBe(422);
  });

  it('replays a batch with the same key, even when concurrent, and refuses the key for other turns', async () => {
    const body = smallPosition({ analyzeTurns: [1, 3], analyses: ['bouzy'] });
    const [a, b] = await Promise.all([
      post('/v1/positions', body, 'batch-1'),
      post('/v1/positions', body, 'batch-1'),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(b.body.batchId).toBe(a.body.batchId);
    expect(b.body.jobIds).toEqual(a.body.jobIds);
    const other = await post(
      '/v1/positions',
      smallPosition({ analyzeTurns: [2], analyses: ['bouzy'] }),
      'batch-1',
    );
    expect(other.status).toBe(422);
    const prisma = api.app.get(PrismaService).client;
    expect(await prisma.batch.count({ where: { idempotencyKey: 'batch-1' } })).toBe(1);
    // A key is one request whatever its kind: a batch's key refuses a single job and back.
    const single = await post('/v1/positions', smallPosition({ analyses: ['bouzy'] }), 'batch-1');
    expect(single.status).toBe(422);
    expect(single.body.message).toContain(a.body.batchId);
    const asBatch = await post(
      '/v1/positions',
      smallPosition({ analyzeTurns: [1], analyses: ['bouzy'] }),
      'req-1',
    );
    expect(asBatch.status).toBe(422);
    expect(await prisma.batch.count({ where: { idempotencyKey: 'req-1' } })).toBe(0);
  });

  it('queues an eye graph in its normalised encoding on the eyegraphs queue', async () => {
    const res = await post('/v1/eyegraphs', {
      graph: ['  !', ' .X', '!..'],
      outerLiberties: 2,
      koThreats: -1,
    });
    expect(res.status).toBe(202);
    expect(res.body.jobId).toMatch(/^eyegraph-/);
    const queue = api.app.get<Queue>(getQueueToken(QueueName.Eyegraphs), { strict: false });
    const data = (await queue.getJob(res.body.jobId))!.data as AnalyzeEyegraphJob;
    expect(data).toMatchObject({ name: 'analyze-eyegraph', jobId: res.body.jobId, tenantId });
    expect(data.input).toEqual({ graph: 'OO!%O.X%!..', outerLiberties: 2, koThreats: -1 });
    const same = await post('/v1/eyegraphs', { graph: 'OO!%O.X%!..', outerLiberties: 2, koThreats: -1 });
    expect(same.body.jobId).toBe(res.body.jobId);
    const shown = await request(api.server).get(res.body.links.self).set('Authorization', `Bearer ${key}`);
    expect(shown.body).toMatchObject({ kind: 'eyegraph', status: 'queued' });
    expect(shown.body.links.board).toBeUndefined();
  });

  it('answers 503 JSON, not 500, when PostgreSQL cannot be reached', async () => {
    const db = new URL(services().databaseUrl);
    db.port = String(await deadPort());
    const down = await bootApi(services(), { DATABASE_URL: db.toString() });
    try {
      const res = await request(down.server)
        .post('/v1/positions')
        .set('Authorization', `Bearer ${key}`)
        .send(smallPosition());
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ statusCode: 503, message: expect.stringMatching(/unavailable/) });
    } finally {
      await down.close();
    }
  });

  it('marks the row failed and answers 503 when the queue cannot be reached, then queues it on retry', async () => {
    const port = await deadPort();
    const down = await bootApi(services(), { REDIS_URL: `redis://127.0.0.1:${port}` });
    let id: string;
    try {
      const { key: downKey, tenantId: downTenant } = await down.newTenant('down');
      const res = await request(down.server)
        .post('/v1/positions')
        .set('Authorization', `Bearer ${downKey}`)
        .send(smallPosition({ analyses: ['moveValues'] }));
      expect(res.status).toBe(503);
      expect(res.body.jobIds).toHaveLength(1);
      id = res.body.jobIds[0];
      const row = await down.app.get(PrismaService).client.job.findFirstOrThrow({ where: { id } });
      expect(row.status).toBe('failed');
      expect(row.error).toMatchObject({ code: 'enqueue_failed' });
      // The same tenant retries once Redis is back: same job, queued again.
      const up = await request(api.server)
        .post('/v1/positions')
        .set('Authorization', `Bearer ${(await api.newKey(downTenant)).key}`)
        .send(smallPosition({ analyses: ['moveValues'] }));
      expect(up.status).toBe(202);
      expect(up.body).toMatchObject({ jobId: id, status: 'queued' });
      const queue = api.app.get<Queue>(getQueueToken(QueueName.Positions), { strict: false });
      expect(await queue.getJob(id)).toBeDefined();
      // Cancelling needs the queue too: without Redis it answers 503 and the job stays queued.
      const cancel = await request(down.server)
        .delete(`/v1/jobs/${id}`)
        .set('Authorization', `Bearer ${downKey}`);
      expect(cancel.status).toBe(503);
      const row2 = await down.app.get(PrismaService).client.job.findFirstOrThrow({ where: { id } });
      expect(row2.status).toBe('queued');
    } finally {
      await down.close();
    }
  });
});
