import {
  deliverWebhookJobOptions,
  encryptWebhookSecret,
  JobName,
  jobWebhookSecret,
  newWebhookSecret,
  QueueName,
  verifyWebhookSignature,
  webhookSecretKeyFromText,
} from '@moyo/contracts';
import { TenantRepository, WebhookRepository } from '@moyo/persistence';
import { describe, expect, it } from 'vitest';
import { QueueConnectionsService } from '../src/queues/queue-connections.service';
import { submitPosition } from '../../../test/support/job-submission';
import { position } from './support/jobs';
import { waitFor } from './support/webhook-receiver';
import { useWorkerSuite } from './support/worker-suite';

const KEY = webhookSecretKeyFromText(undefined, 'test');

describe('webhook deliveries of the worker pipeline against real PostgreSQL and Redis', () => {
  const app = useWorkerSuite('pipeline test', {
    // Short retries: 100, 200, 400, 800 ms waits, so five attempts.
    WEBHOOK_BACKOFF_BASE_MS: '100',
    WEBHOOK_RETRY_WINDOW_MS: '1500',
  });
  const { receiver, finished } = app;

  it('signs deliveries so the receiver can verify them, for registered webhooks and job URLs', async () => {
    const secret = newWebhookSecret();
    const hook = await app.worker.get(WebhookRepository).create({
      tenantId: app.tenantId,
      url: receiver.url('/registered'),
      secretEncrypted: encryptWebhookSecret(secret, KEY),
      events: ['job.completed'],
    });
    const id = 'position-signed';
    await submitPosition(app.jobs, app.positions, {
      id,
      tenantId: app.tenantId,
      input: position([['B', 'C3']], { boardXSize: 9, boardYSize: 9 }),
      analyses: ['bouzy'],
      webhookUrl: receiver.url('/own'),
    });
    await finished(id);
    await waitFor('both deliveries', async () =>
      (await app.deliveries.listForJob(id)).every((d) => d.status === 'delivered'),
    );

    const registered = receiver.on('/registered')[0];
    const own = receiver.on('/own')[0];
    for (const [got, key] of [
      [registered, secret],
      [own, jobWebhookSecret(app.tenantId, KEY)],
    ] as const) {
      const signature = got.headers['moyo-signature'] as string;
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifyWebhookSignature(key, got.body, signature)).toBeNull();
      expect(verifyWebhookSignature('whsec_wrong', got.body, signature)).toBe('mismatch');
      const body = JSON.parse(got.body) as { id: string; status: string; result: { analyses: object } };
      // The job as GET /v1/jobs/:id shows it.
      expect(body).toMatchObject({
        id,
        status: 'completed',
        kind: 'position',
        analyses: ['bouzy'],
        links: { self: `/v1/jobs/${id}` },
        input: { boardXSize: 9, moves: [['B', 'C3']] },
        timings: { cache: 'miss' },
      });
      expect(body.result.analyses).toHaveProperty('bouzy');
    }
    const rows = await app.deliveries.listForJob(id);
    expect(rows.map((r) => r.webhookId).sort()).toEqual([hook.id, null].sort());
    expect(registered.headers['moyo-delivery-id']).toBe(rows.find((r) => r.webhookId === hook.id)!.id);
    for (const row of rows) {
      expect(row.status).toBe('delivered');
      const attempts = await app.deliveries.attempts(row.id);
      expect(attempts).toHaveLength(1);
      expect(attempts[0]).toMatchObject({ attempt: 1, responseCode: 200, error: null });
      expect(attempts[0].latencyMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('fails a delivery whose secret was encrypted under another key, without sending it', async () => {
    const otherTenant = (await app.worker.get(TenantRepository).create('other key')).id;
    await app.worker.get(WebhookRepository).create({
      tenantId: otherTenant,
      url: receiver.url('/wrong-key'),
      secretEncrypted: encryptWebhookSecret(
        newWebhookSecret(),
        webhookSecretKeyFromText('another key entirely', 'test'),
      ),
      events: [],
    });
    await submitPosition(app.jobs, app.positions, {
      id: 'position-wrong-key',
      tenantId: otherTenant,
      input: position([['B', 'F6']], { komi: 1.5 }),
      analyses: ['freihofner'],
    });
    await finished('position-wrong-key');
    const row = await waitFor('the delivery to fail', async () => {
      const [d] = await app.deliveries.listForJob('position-wrong-key');
      return d?.status === 'failed' ? d : undefined;
    });
    expect(row.lastError).toMatch(/cannot decrypt.*WEBHOOK_SECRET_KEY/);
    expect(receiver.on('/wrong-key')).toHaveLength(0);
  });

  it('refuses private, loopback and link-local targets outside the allowlist', async () => {
    const targets = [
      'http://127.0.0.2:9/x',
      'http://169.254.169.254/latest',
      'http://10.1.2.3/',
      'http://[::1]:9/',
    ];
    for (const [i, url] of targets.entries()) {
      await submitPosition(app.jobs, app.positions, {
        id: `position-ssrf-${i}`,
        tenantId: app.tenantId,
        input: position([['B', 'D4']], { komi: 7.5 + i }),
        analyses: ['freihofner'],
        webhookUrl: url,
      });
    }
    for (const [i, url] of targets.entries()) {
      const id = `position-ssrf-${i}`;
      await finished(id);
      const row = await waitFor(`the refused delivery to ${url}`, async () => {
        const d = (await app.deliveries.listForJob(id)).find((r) => r.url === url);
        return d && d.status !== 'pending' ? d : undefined;
      });
      expect(row.status).toBe('failed');
      expect(row.lastError).toMatch(/(loopback|linkLocal|private).*WEBHOOK_ALLOWLIST/);
      const attempts = await app.deliveries.attempts(row.id);
      expect(attempts).toHaveLength(1);
      expect(attempts[0].responseCode).toBeNull();
    }
  });

  it('retries a failing receiver with backoff until it recovers, recording every attempt', async () => {
    receiver.respond = (path, n) => (path === '/flaky' && n <= 2 ? 503 : path === '/down' ? 500 : 200);
    await submitPosition(app.jobs, app.positions, {
      id: 'position-flaky',
      tenantId: app.tenantId,
      input: position([['B', 'K10']]),
      analyses: ['freihofner'],
      webhookUrl: receiver.url('/flaky'),
    });
    await submitPosition(app.jobs, app.positions, {
      id: 'position-down',
      tenantId: app.tenantId,
      input: position([['B', 'K11']]),
      analyses: ['freihofner'],
      webhookUrl: receiver.url('/down'),
    });
    // Only the job's own URL: the tenant's registered webhook (previous test) gets its own delivery.
    const settled = (id: string) =>
      waitFor(`delivery of ${id} to settle`, async () => {
        const d = (await app.deliveries.listForJob(id)).find((r) => r.webhookId === null);
        return d && d.status !== 'pending' ? d : undefined;
      });

    const flaky = await settled('position-flaky');
    expect(flaky.status).toBe('delivered');
    expect((await app.deliveries.attempts(flaky.id)).map((a) => a.responseCode)).toEqual([503, 503, 200]);
    const ids = new Set(receiver.on('/flaky').map((r) => r.headers['moyo-delivery-id']));
    expect(ids).toEqual(new Set([flaky.id]));

    const down = await settled('position-down');
    expect(down.status).toBe('failed');
    const attempts = await app.deliveries.attempts(down.id);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5]);
    expect(attempts.every((a) => a.responseCode === 500 && a.error === 'HTTP 500')).toBe(true);
    expect(down.attempts).toBe(5);
    expect(receiver.on('/down')).toHaveLength(5);
    // The waits grew: each gap at least the backoff before it (100, 200, 400, 800 ms).
    const times = attempts.map((a) => a.createdAt.getTime());
    for (let k = 1; k < times.length; k++)
      expect(times[k] - times[k - 1]).toBeGreaterThanOrEqual(100 * 2 ** (k - 1) - 20);

    // Redelivered later (as the api's redeliver does): attempt numbers go on, 6 is the success.
    receiver.respond = () => 200;
    expect(await app.worker.get(WebhookRepository).markForRedelivery(down.id, `${down.id}-r1`)).toBe(true);
    await app.worker
      .get(QueueConnectionsService)
      .queue(QueueName.Webhooks)
      .add(
        JobName.DeliverWebhook,
        {
          name: JobName.DeliverWebhook,
          deliveryId: down.id,
          webhookId: null,
          event: down.event,
          jobId: 'position-down',
        },
        deliverWebhookJobOptions(`${down.id}-r1`, { backoffBaseMs: 100, retryWindowMs: 1500 }),
      );
    const redelivered = await settled('position-down');
    expect(redelivered.status).toBe('delivered');
    expect((await app.deliveries.attempts(down.id)).map((a) => [a.attempt, a.responseCode])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
      [4, 500],
      [5, 500],
      [6, 200],
    ]);
  });
});
