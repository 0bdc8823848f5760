import {
  decryptWebhookSecret,
  jobWebhookSecret,
  QueueName,
  webhookSecretKeyFromText,
  type DeliverWebhookJob,
} from '@moyo/contracts';
import { PrismaService } from '@moyo/persistence';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from './support/api-harness';

describe('/v1/webhooks against real PostgreSQL and Redis', () => {
  const api = useApi({
    WEBHOOK_SECRET_KEY: 'a test key of more than sixteen characters',
    WEBHOOK_ALLOWLIST: '127.0.0.1',
  });
  let key: string;
  let tenantId: string;
  let prisma: PrismaService['client'];

  beforeAll(async () => {
    ({ key, tenantId } = await api.newTenant('hooks'));
    prisma = api.app.get(PrismaService).client;
  });

  const as = () => ({ Authorization: `Bearer ${key}` });

  it('creates a webhook showing its secret once, stored encrypted; lists and deletes it', async () => {
    const created = await request(api.server)
      .post('/v1/webhooks')
      .set(as())
      .send({ url: 'https://hooks.example.com/moyo', events: ['job.completed'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      url: 'https://hooks.example.com/moyo',
      events: ['job.completed'],
      active: true,
    });
    expect(created.body.secret).toMatch(/^whsec_/);
    const row = await prisma.webhook.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.secretEncrypted).not.toContain(created.body.secret);
    const keyBytes = webhookSecretKeyFromText('a test key of more than sixteen characters', 'test');
    expect(decryptWebhookSecret(row.secretEncrypted, keyBytes)).toBe(created.body.secret);

    const list = await request(api.server).get('/v1/webhooks').set(as());
    expect(list.body.items).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret);
    const all = await request(api.server)
      .post('/v1/webhooks')
      .set(as())
      .send({ url: 'http://127.0.0.1:9/x' });
    expect(all.body.events).toEqual(['job.completed', 'job.failed']);

    expect((await request(api.server).delete(`/v1/webhooks/${created.body.id}`).set(as())).status).toBe(204);
    expect((await request(api.server).get(`/v1/webhooks/${created.body.id}`).set(as())).status).toBe(404);
    expect((await request(api.server).delete(`/v1/webhooks/${created.body.id}`).set(as())).status).toBe(404);
  });

  it('shows the secret of job webhookUrl deliveries, the same each time', async () => {
    const a = await request(api.server).get('/v1/webhooks/job-secret').set(as());
    const b = await request(api.server).get('/v1/webhooks/job-secret').set(as());
    expect(a.status).toBe(200);
    expect(a.body.secret).toBe(b.body.secret);
    expect(a.body.secret).toBe(
      jobWebhookSecret(
        tenantId,
        webhookSecretKeyFromText('a test key of more than sixteen characters', 'test'),
      ),
    );
  });

  it('lists deliveries with their attempts and redelivers a failed one on the webhooks queue', async () => {
    const hook = await request(api.server)
      .post('/v1/webhooks')
      .set(as())
      .send({ url: 'https://hooks.example.com/r' });
    const delivery = await prisma.webhookDelivery.create({
      data: {
        webhookId: hook.body.id,
        tenantId,
        url: 'https://hooks.example.com/r',
        event: 'job.completed',
        jobId: 'position-abc',
        payload: { id: 'position-abc' },
        status: 'failed',
        attempts: 2,
        responseCode: 500,
        lastError: 'HTTP 500',
        attemptsLog: {
          create: [
            { attempt: 1, responseCode: 500, latencyMs: 12, error: 'HTTP 500' },
            { attempt: 2, responseCode: null, latencyMs: 10000, error: 'timeout' },
          ],
        },
      },
    });
    const page = await request(api.server).get(`/v1/webhooks/${hook.body.id}/deliveries`).set(as());
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(1);
    expect(page.body.items[0]).toMatchObject({ id: delivery.id, status: 'failed', attempts: 2 });
    expect(page.body.items[0].attemptLog.map((a: { error: string }) => a.error)).toEqual([
      'HTTP 500',
      'timeout',
    ]);

    const re = await request(api.server)
      .post(`/v1/webhooks/${hook.body.id}/deliveries/${delivery.id}/redeliver`)
      .set(as());
    expect(re.status).toBe(202);
    expect(re.body.status).toBe('pending');
    const queue = api.app.get<Queue>(getQueueToken(QueueName.Webhooks), { strict: false });
    const waiting = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
    const job = waiting.find((j) => (j.data as DeliverWebhookJob).deliveryId === delivery.id);
    expect(job?.data).toEqual({
      name: 'deliver-webhook',
      deliveryId: delivery.id,
      webhookId: hook.body.id,
      event: 'job.completed',
      jobId: 'position-abc',
    });
    expect(job?.opts.attempts).toBeGreaterThan(1);

    const twice = await request(api.server)
      .post(`/v1/webhooks/${hook.body.id}/deliveries/${delivery.id}/redeliver`)
      .set(as());
    expect(twice.status).toBe(409);
    const unknown = await request(api.server)
      .post(`/v1/webhooks/${hook.body.id}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`)
      .set(as());
    expect(unknown.status).toBe(404);
  });

  it("redelivers a delivery to a job's own webhookUrl (no registered webhook) through the job", async () => {
    const delivery = await prisma.webhookDelivery.create({
      data: {
        webhookId: null,
        tenantId,
        url: 'https://hooks.example.com/own',
        event: 'job.failed',
        jobId: 'position-own',
        payload: { id: 'position-own' },
        status: 'failed',
        attempts: 1,
        lastError: 'HTTP 502',
      },
    });
    const path = `/v1/jobs/position-own/deliveries/${delivery.id}/redeliver`;
    const re = await request(api.server).post(path).set(as());
    expect(re.status).toBe(202);
    expect(re.body).toMatchObject({ id: delivery.id, status: 'pending' });
    const queue = api.app.get<Queue>(getQueueToken(QueueName.Webhooks), { strict: false });
    const waiting = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
    const job = waiting.find((j) => (j.data as DeliverWebhookJob).deliveryId === delivery.id);
    expect(job?.data).toEqual({
      name: 'deliver-webhook',
      deliveryId: delivery.id,
      webhookId: null,
      event: 'job.failed',
      jobId: 'position-own',
    });
    // The delivery row names the queue job carrying it (the reconciler checks it still exists).
    expect((await prisma.webhookDelivery.findUnique({ where: { id: delivery.id } }))?.queueJobId).toBe(
      job?.id,
    );
    expect((await request(api.server).post(path).set(as())).status).toBe(409);
    // The delivery under another job's path: 404.
    const wrongJob = `/v1/jobs/position-other/deliveries/${delivery.id}/redeliver`;
    expect((await request(api.server).post(wrongJob).set(as())).status).toBe(404);
  });
});
