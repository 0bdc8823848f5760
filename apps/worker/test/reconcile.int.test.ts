import {
  analysisJobPayload,
  QueueName,
  WebhookEvent,
  webhookDeliveryId,
  type AnalyzePositionJob,
} from '@moyo/contracts';
import {
  bullConnectionOptions,
  JobRepository,
  PersistenceModule,
  PrismaService,
  ResultRepository,
  TenantRepository,
  WebhookDeliveryRepository,
} from '@moyo/persistence';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionJobPayload, submitPosition } from '../../../test/support/job-submission';
import { useIsolatedServices } from '../../../test/support/services';
import { createWorkerApp } from '../src/bootstrap';
import { WorkerConfig } from '../src/config/worker-config';
import { ReconcilerService } from '../src/reconcile/reconciler.service';
import { position } from './support/jobs';
import { waitFor, WebhookReceiver } from './support/webhook-receiver';

/**
 * The reconciler against real PostgreSQL and Redis. The broken states are staged before any
 * worker runs (so nothing races them), each as a fault leaves it: a job row whose queue job Redis
 * lost, a row still `running` whose queue job BullMQ failed (stalled too often), a row `queued`
 * whose queue job BullMQ holds as completed, and a completed job's pending delivery that lost its
 * queue job. Then a worker with a fast reconciler starts; every one must end, once.
 */
describe('reconciler: the jobs table wins over a queue that lost or gave up jobs', () => {
  const services = useIsolatedServices();
  const receiver = new WebhookReceiver();
  let staging: INestApplicationContext;
  let worker: INestApplicationContext | undefined;
  let positions: Queue;
  let tenantId: string;

  const moves = (n: number) =>
    position(
      Array.from(
        { length: n },
        (_, i) => [i % 2 ? 'W' : 'B', `${'ABCDEFGHJ'[i]}${1 + (i % 7)}`] as ['B' | 'W', string],
      ),
    );

  beforeAll(async () => {
    await receiver.start();
    const s = services();
    staging = await NestFactory.createApplicationContext(
      PersistenceModule.forRoot({
        databaseUrl: s.databaseUrl,
        redisUrl: s.redisUrl,
        redisPrefix: s.redisPrefix,
      }),
      { logger: false },
    );
    positions = new Queue(QueueName.Positions, {
      connection: bullConnectionOptions(s.redisUrl),
      prefix: s.redisPrefix,
    });
    tenantId = (await staging.get(TenantRepository).create('reconcile test')).id;
  });
  afterAll(async () => {
    await worker?.close();
    await positions?.close();
    await staging?.close();
    await receiver.stop();
  });

  /** Takes the next queue job as a worker would (lock and all), then lets `end` settle it. */
  async function takeAndSettle(
    end: (job: Awaited<ReturnType<Worker['getNextJob']>>, token: string) => Promise<unknown>,
  ) {
    const s = services();
    const taker = new Worker(QueueName.Positions, null, {
      connection: bullConnectionOptions(s.redisUrl),
      prefix: s.redisPrefix,
      autorun: false,
    });
    try {
      const token = 'test-token';
      const job = await taker.getNextJob(token);
      expect(job).toBeDefined();
      await end(job, token);
    } finally {
      await taker.close();
    }
  }

  /** Completes job `jobId` with a job.completed delivery `deliveryId` to the receiver's `path`. */
  async function completeWithDelivery(jobId: string, deliveryId: string, path: string, attempt?: number) {
    await staging.get(ResultRepository).complete({
      jobId,
      ...(attempt === undefined ? {} : { attempt }),
      result: { ok: true },
      timings: {},
      cache: { kind: 'none' },
      deliveries: [
        {
          id: deliveryId,
          webhookId: null,
          tenantId,
          url: receiver.url(path),
          event: WebhookEvent.JobCompleted,
          jobId,
          payload: { id: jobId },
        },
      ],
      finishedAt: new Date(),
    });
  }

  it('queues lost jobs again, fails given-up ones with the reason, requeues lost deliveries', async () => {
    const jobs = staging.get(JobRepository);
    const results = staging.get(ResultRepository);
    const deliveries = staging.get(WebhookDeliveryRepository);
    const base = { tenantId, analyses: ['board'] };

    // 1. Lost: rows only, as after a Redis restart without persistence.
    const lost = ['position-lost-1', 'position-lost-2', 'position-lost-3'].map((id, i) => ({
      ...base,
      id,
      input: moves(i + 1),
      webhookUrl: receiver.url(`/${id}`),
    }));
    for (const job of lost) {
      await jobs.createIfAbsent({
        id: job.id,
        tenantId,
        kind: 'position',
        input: job.input as never,
        options: { analyses: job.analyses } as never,
        inputHash: job.id,
        webhookUrl: job.webhookUrl,
      });
    }

    // 2. Given up: the worker started it (row running) and died twice; BullMQ failed it.
    await submitPosition(jobs, positions, {
      ...base,
      id: 'position-stalled',
      input: moves(4),
      webhookUrl: receiver.url('/stalled'),
    });
    await results.start('position-stalled', 1);
    await takeAndSettle((job, token) =>
      job!.moveToFailed(new UnrecoverableError('job stalled more than allowable limit'), token),
    );
    expect(await positions.getJobState('position-stalled')).toBe('failed');

    // 3. BullMQ says completed, the row says queued (e.g. a lost write of an earlier run).
    await submitPosition(jobs, positions, { ...base, id: 'position-done-in-queue', input: moves(5) });
    await takeAndSettle((job, token) =>
      job!.moveToCompleted({ jobId: 'position-done-in-queue' }, token, false),
    );

    // 4. A completed job's delivery, stored but never queued.
    await jobs.createIfAbsent({
      id: 'position-delivered-late',
      tenantId,
      kind: 'position',
      input: moves(6) as never,
      inputHash: 'x',
    });
    const deliveryId = webhookDeliveryId('position-delivered-late', WebhookEvent.JobCompleted, 'url:late');
    await completeWithDelivery('position-delivered-late', deliveryId, '/late');

    worker = await createWorkerApp(
      WorkerConfig.fromEnv({
        ...services().env,
        WEBHOOK_ALLOWLIST: '127.0.0.1',
        RECONCILE_INTERVAL_MS: '300',
        RECONCILE_GRACE_MS: '0',
      }),
    );

    const ended = (id: string) =>
      waitFor(`job ${id} to end`, async () => {
        const job = await results.findWithResult(id);
        return job && (job.status === 'completed' || job.status === 'failed') ? job : undefined;
      });
    for (const job of lost) expect((await ended(job.id)).status).toBe('completed');
    expect((await ended('position-done-in-queue')).status).toBe('completed');

    const stalled = await ended('position-stalled');
    expect(stalled.status).toBe('failed');
    expect(stalled.error).toMatchObject({
      code: 'queue_gave_up',
      message: expect.stringContaining('job stalled more than allowable limit'),
    });
    const failedHook = await waitFor('the job.failed webhook', () => receiver.on('/stalled')[0]);
    expect(failedHook.headers['moyo-event']).toBe(WebhookEvent.JobFailed);
    expect(JSON.parse(failedHook.body)).toMatchObject({ id: 'position-stalled', status: 'failed' });

    await waitFor('the late delivery', () => receiver.on('/late')[0]);
    await waitFor(
      'the delivery row',
      async () => (await deliveries.find(deliveryId))?.status === 'delivered',
    );
    for (const job of lost) await waitFor(`the webhook of ${job.id}`, () => receiver.on(`/${job.id}`)[0]);

    // Nothing twice: further sweeps find nothing to do, each result and webhook came once.
    const reconciler = worker.get(ReconcilerService);
    expect(await reconciler.sweep()).toMatchObject({
      requeuedJobs: 0,
      failedJobs: 0,
      requeuedDeliveries: 0,
      failedDeliveries: 0,
    });
    expect(await results.countResults([...lost.map((j) => j.id), 'position-done-in-queue'])).toBe(4);
    for (const path of ['/stalled', '/late', ...lost.map((j) => `/${j.id}`)])
      expect(receiver.on(path)).toHaveLength(1);
  });

  it('queues again a pending delivery the queue gave up on while its retry window lasts, then fails it', async () => {
    // No worker may take the queue jobs below before the test has failed them.
    await worker?.close();
    worker = undefined;
    const s = services();
    const deliveries = staging.get(WebhookDeliveryRepository);
    const jobs = staging.get(JobRepository);
    const webhooks = new Queue(QueueName.Webhooks, {
      connection: bullConnectionOptions(s.redisUrl),
      prefix: s.redisPrefix,
    });
    const taker = new Worker(QueueName.Webhooks, null, {
      connection: bullConnectionOptions(s.redisUrl),
      prefix: s.redisPrefix,
      autorun: false,
    });
    // Two completed jobs whose deliveries were queued and then given up by BullMQ (held by workers
    // that died twice); one delivery recent, one older than the retry window.
    const ids = { recent: 'position-hook-stalled', old: 'position-hook-stalled-old' };
    const deliveryIds: Record<string, string> = {};
    try {
      for (const [which, id] of Object.entries(ids)) {
        await jobs.createIfAbsent({
          id,
          tenantId,
          kind: 'position',
          input: moves(3) as never,
          inputHash: id,
        });
        const deliveryId = webhookDeliveryId(id, WebhookEvent.JobCompleted, `url:${which}`);
        deliveryIds[which] = deliveryId;
        await completeWithDelivery(id, deliveryId, `/${which}`, 1);
        await webhooks.add('deliver-webhook', { deliveryId }, { jobId: deliveryId });
        const job = await taker.getNextJob('test-token');
        expect(job?.id).toBe(deliveryId);
        await job!.moveToFailed(
          new UnrecoverableError('job stalled more than allowable limit'),
          'test-token',
        );
        expect(await webhooks.getJobState(deliveryId)).toBe('failed');
      }
      await staging.get(PrismaService).client.webhookDelivery.update({
        where: { id: deliveryIds.old },
        data: { createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) },
      });
      worker = await createWorkerApp(
        WorkerConfig.fromEnv({
          ...s.env,
          WEBHOOK_ALLOWLIST: '127.0.0.1',
          RECONCILE_INTERVAL_MS: '300',
          RECONCILE_GRACE_MS: '0',
        }),
      );
      await waitFor('the recent delivery, queued again', () => receiver.on('/recent')[0]);
      await waitFor(
        'its row delivered',
        async () => (await deliveries.find(deliveryIds.recent))?.status === 'delivered',
      );
      const old = await waitFor('the old delivery failed', async () => {
        const d = await deliveries.find(deliveryIds.old);
        return d?.status === 'failed' ? d : undefined;
      });
      expect(old.lastError).toContain(
        'the job queue gave up on the delivery: job stalled more than allowable limit',
      );
      expect(receiver.on('/old')).toHaveLength(0);
      expect(receiver.on('/recent')).toHaveLength(1);
    } finally {
      await taker.close();
      await webhooks.close();
    }
  });

  it('rebuilds the queue payload the api gave the job from its row', async () => {
    const input = moves(2);
    const row = {
      id: 'p',
      kind: 'position',
      tenantId,
      batchId: null,
      input,
      options: { analyses: ['board'], analysisOptions: { bouzy: { dilations: 3 } } },
    };
    const expected: AnalyzePositionJob = {
      ...positionJobPayload({
        id: 'p',
        tenantId,
        input,
        analyses: ['board'],
        options: { bouzy: { dilations: 3 } },
      }),
    };
    expect(analysisJobPayload(row)).toEqual(expected);
  });
});
