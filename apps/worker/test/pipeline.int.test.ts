import {
  ANALYSIS_JOB_OPTIONS,
  deliverWebhookJobOptions,
  encryptWebhookSecret,
  JobName,
  jobWebhookSecret,
  newWebhookSecret,
  QueueName,
  verifyWebhookSignature,
  webhookSecretKeyFromText,
  type AnalyzePositionJob,
} from '@moyo/contracts';
import { ResultCacheRepository, TenantRepository, WebhookRepository } from '@moyo/persistence';
import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { QueueConnectionsService } from '../src/queues/queue-connections.service';
import { preparePosition } from '../src/engine/engine-tasks';
import { submitEyegraph, submitPosition } from '../../../test/support/job-submission';
import { position } from './support/jobs';
import { waitFor } from './support/webhook-receiver';
import { useWorkerSuite } from './support/worker-suite';

const KEY = webhookSecretKeyFromText(undefined, 'test');

describe('worker pipeline against real PostgreSQL and Redis', () => {
  const app = useWorkerSuite('pipeline test', {
    // Short retries: 100, 200, 400, 800 ms waits, so five attempts.
    WEBHOOK_BACKOFF_BASE_MS: '100',
    WEBHOOK_RETRY_WINDOW_MS: '1500',
  });
  const { services, receiver, finished } = app;

  it('stores one result and one set of deliveries when a job is processed twice', async () => {
    const id = 'position-twice';
    await submitPosition(app.jobs, app.positions, {
      id,
      tenantId: app.tenantId,
      input: position([
        ['B', 'D4'],
        ['W', 'Q16'],
      ]),
      analyses: ['freihofner'],
      webhookUrl: receiver.url('/twice'),
    });
    // A second queue job for the same jobs row, as after a crash or a duplicate submission.
    const again = (await app.positions.getJob(id))!.data as AnalyzePositionJob;
    await app.positions.add(JobName.AnalyzePosition, again, {
      ...ANALYSIS_JOB_OPTIONS,
      jobId: `${id}-again`,
    });

    const job = await finished(id);
    expect(job.status).toBe('completed');
    await waitFor(
      'the second queue job',
      async () => (await app.positions.getJob(`${id}-again`))?.finishedOn,
    );
    await waitFor(
      'the delivery',
      async () => (await app.deliveries.listForJob(id))[0]?.status === 'delivered',
    );

    expect(await app.results.countResults([id])).toBe(1);
    expect((job.result!.result as { analyses: Record<string, unknown> }).analyses.freihofner).toBeDefined();
    const sent = await app.deliveries.listForJob(id);
    expect(sent).toHaveLength(1);
    expect(sent[0].status).toBe('delivered');
    // Give a duplicate delivery the time it would need to show up; none does.
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.on('/twice')).toHaveLength(1);
  });

  it('answers a position reached by another move order from the result cache', async () => {
    const analyses = ['territory', 'score'];
    await submitPosition(app.jobs, app.positions, {
      id: 'cache-first',
      input: position([
        ['B', 'D4'],
        ['W', 'Q16'],
        ['B', 'Q4'],
      ]),
      analyses,
    });
    const first = await finished('cache-first');
    await submitPosition(app.jobs, app.positions, {
      id: 'cache-second',
      input: position([
        ['B', 'Q4'],
        ['W', 'Q16'],
        ['B', 'D4'],
      ]),
      analyses: [...analyses].reverse(),
    });
    const second = await finished('cache-second');

    expect(first.timings).toMatchObject({ cache: 'miss' });
    expect(second.timings).toMatchObject({ cache: 'hit' });
    const a = first.result!.result as { analyses: unknown; board: { hash: string } };
    const b = second.result!.result as { analyses: unknown; board: { hash: string; moveNumber: number } };
    expect(b.analyses).toEqual(a.analyses);
    expect(b.board.hash).toBe(a.board.hash);
    expect(b.board.moveNumber).toBe(3);

    // One cached result, hit once.
    const { cacheKey } = preparePosition({ input: position([['B', 'D4']]), analyses, options: {} });
    const key = preparePosition({
      input: position([
        ['B', 'D4'],
        ['W', 'Q16'],
        ['B', 'Q4'],
      ]),
      analyses: [...analyses].reverse(),
      options: {},
    }).cacheKey;
    expect(key).not.toBe(cacheKey);
    expect(await app.worker.get(ResultCacheRepository).stats(key)).toMatchObject({ hits: 1 });
  });

  it('fails invalid input at once, without retries, and says which field is wrong', async () => {
    const id = 'position-illegal';
    await submitPosition(app.jobs, app.positions, {
      id,
      tenantId: app.tenantId,
      input: position([
        ['B', 'D4'],
        ['W', 'D4'],
      ]),
      analyses: ['freihofner'],
      webhookUrl: receiver.url('/illegal'),
    });
    const job = await finished(id);
    expect(job.status).toBe('failed');
    expect(job.attempts).toBe(1);
    expect(job.error).toMatchObject({ kind: 'invalid-input' });
    expect((job.error as { message: string }).message).toMatch(/^moves\[1\]: .*occupied/);
    const queued = await app.positions.getJob(id);
    expect(await queued!.getState()).toBe('failed');
    expect(queued!.attemptsMade).toBe(1);
    expect(queued!.opts.attempts).toBeGreaterThan(1);

    // The job.failed event reaches the job's webhook URL.
    await waitFor('the failure webhook', () => receiver.on('/illegal').length === 1);
    const hook = receiver.on('/illegal')[0];
    expect(hook.headers['moyo-event']).toBe('job.failed');
    expect(JSON.parse(hook.body)).toMatchObject({ id, status: 'failed', error: { kind: 'invalid-input' } });
  });

  it('retries a transient failure with backoff and stores the result once', async () => {
    // The database refuses the first two completions of this job (a sequence is not rolled back).
    const db = new Client({ connectionString: services().databaseUrl });
    await db.connect();
    try {
      await db.query(`
        CREATE SEQUENCE transient_failures;
        CREATE FUNCTION fail_twice() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.id = 'position-transient' AND NEW.status = 'completed' AND nextval('transient_failures') <= 2 THEN
            RAISE EXCEPTION 'simulated database outage';
          END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER fail_twice BEFORE UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION fail_twice();`);
      await submitPosition(app.jobs, app.positions, {
        id: 'position-transient',
        input: position([['B', 'C4']], { komi: 3.5 }),
        analyses: ['freihofner'],
      });
      const job = await finished('position-transient');
      expect(job.status).toBe('completed');
      expect(job.attempts).toBe(3);
      expect(await app.results.countResults(['position-transient'])).toBe(1);
      const queued = await app.positions.getJob('position-transient');
      // BullMQ counts the successful attempt too.
      expect(queued!.attemptsMade).toBe(3);
      expect(await queued!.getState()).toBe('completed');
    } finally {
      await db.query('DROP TRIGGER IF EXISTS fail_twice ON jobs');
      await db.end();
    }
  });

  it('refuses a bad analysis name and a malformed eye graph as invalid input', async () => {
    await submitPosition(app.jobs, app.positions, {
      id: 'position-unknown-analysis',
      input: position([]),
      analyses: ['no-such-analysis'],
    });
    await submitEyegraph(app.jobs, app.eyegraphs, { id: 'eyegraph-bad', input: { graph: '.?.' } });
    const [a, b] = await Promise.all([finished('position-unknown-analysis'), finished('eyegraph-bad')]);
    expect(a.status).toBe('failed');
    expect((a.error as { message: string }).message).toMatch(/no-such-analysis/);
    expect(b.status).toBe('failed');
    expect(b.attempts).toBe(1);
    expect((b.error as { message: string }).message).toMatch(/'\?'/);
  });

  it('reads out an eye graph on the eye-graph threads', async () => {
    await submitEyegraph(app.jobs, app.eyegraphs, { id: 'eyegraph-ok', input: { graph: 'OO!%O.X%!...' } });
    const job = await finished('eyegraph-ok');
    expect(job.status).toBe('completed');
    expect(job.result!.result).toMatchObject({ value: '0112' });
  });

  it('keeps position jobs moving while long eye graphs are read out on their own threads', async () => {
    // Each takes a second or more; one eye-graph thread, so they run one after another.
    const graphs = ['.....%.....%.....', '.......%.......', '......%......'];
    for (const [i, graph] of graphs.entries()) {
      await submitEyegraph(app.jobs, app.eyegraphs, { id: `eyegraph-long-${i}`, input: { graph } });
    }
    await waitFor('the first eye graph to start', async () => {
      return (await app.results.findWithResult('eyegraph-long-0'))?.status === 'running';
    });
    const ids = Array.from({ length: 5 }, (_, i) => `position-beside-${i}`);
    for (const [i, id] of ids.entries()) {
      await submitPosition(app.jobs, app.positions, {
        id,
        input: position([['B', 'E5']], { boardXSize: 9, boardYSize: 9, komi: 50 + i }),
        analyses: ['board'],
      });
    }
    const done = await Promise.all([...ids, ...graphs.map((_, i) => `eyegraph-long-${i}`)].map(finished));
    expect(done.every((j) => j.status === 'completed')).toBe(true);
    const lastPosition = Math.max(...done.slice(0, ids.length).map((j) => j.finishedAt!.getTime()));
    const lastEyegraph = Math.max(...done.slice(ids.length).map((j) => j.finishedAt!.getTime()));
    expect(lastPosition).toBeLessThan(lastEyegraph);
    expect(done.slice(ids.length).map((j) => (j.result!.result as { value: string }).value)).toEqual([
      '2222',
      '2222',
      '2222',
    ]);
  });

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
