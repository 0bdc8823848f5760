import { WebhookEvent, webhookDeliveryId } from '@moyo/contracts';
import {
  JobRepository,
  PrismaService,
  ResultRepository,
  TenantRepository,
  type JobCompletion,
} from '@moyo/persistence';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useIsolatedServices } from '../../../test/support/services';
import { CompletionBatcher, MAX_COMPLETION_BATCH } from '../src/jobs/completion-batcher';

/**
 * Completions written in batches (ResultRepository.completeMany through CompletionBatcher)
 * against real PostgreSQL: the same rows as one `complete` per job, in fewer statements.
 */
describe('batched job completions', () => {
  const services = useIsolatedServices();
  let prisma: PrismaService;
  let jobs: JobRepository;
  let results: ResultRepository;
  let tenantId: string;
  let sql: Client;

  beforeAll(async () => {
    sql = new Client({ connectionString: services().databaseUrl });
    await sql.connect();
    prisma = new PrismaService({ databaseUrl: services().databaseUrl });
    jobs = new JobRepository(prisma);
    results = new ResultRepository(prisma);
    tenantId = (await new TenantRepository(prisma).create('batch')).id;
  });
  afterAll(async () => {
    await sql?.end();
    await prisma?.onModuleDestroy();
  });

  async function running(ids: string[]): Promise<void> {
    for (const id of ids) {
      await jobs.createIfAbsent({ id, tenantId, kind: 'position', input: {}, inputHash: id });
      await results.start(id, 1);
    }
  }

  const completion = (jobId: string, over: Partial<JobCompletion> = {}): JobCompletion => ({
    jobId,
    result: { job: jobId, map: [1, -1, 0.5] },
    timings: { engineMs: 1 },
    cache: { kind: 'none' },
    deliveries: [],
    finishedAt: new Date(),
    ...over,
  });

  const row = async (id: string) =>
    (
      await sql.query<{ status: string; result: unknown; progress: number; timings: unknown }>(
        `SELECT j.status::text AS status, j.progress, j.timings, r.result
           FROM jobs j LEFT JOIN job_results r ON r.job_id = j.id WHERE j.id = $1`,
        [id],
      )
    ).rows;

  it('stores results, states, cache entries, cache hits and deliveries of several jobs in one call', async () => {
    await running(['b-seed']);
    await results.complete(completion('b-seed', { cache: { kind: 'store', key: 'key-hit' } }));
    await running(['b-store', 'b-hit', 'b-none']);
    const deliveryId = webhookDeliveryId('b-none', WebhookEvent.JobCompleted, 'url:b');
    const out = await results.completeMany([
      completion('b-store', { cache: { kind: 'store', key: 'key-new' } }),
      completion('b-hit', { cache: { kind: 'hit', key: 'key-hit' } }),
      completion('b-none', {
        deliveries: [
          {
            id: deliveryId,
            webhookId: null,
            tenantId,
            url: 'http://127.0.0.1:9/b',
            event: WebhookEvent.JobCompleted,
            jobId: 'b-none',
            payload: { event: WebhookEvent.JobCompleted, result: { big: true }, jobId: 'b-none' },
          },
        ],
      }),
    ]);
    expect(out).toEqual([{ completedNow: true }, { completedNow: true }, { completedNow: true }]);
    for (const id of ['b-store', 'b-hit', 'b-none']) {
      const [r] = await row(id);
      expect(r).toEqual({
        status: 'completed',
        progress: 100,
        timings: { engineMs: 1 },
        result: { job: id, map: [1, -1, 0.5] },
      });
    }
    const { rows: cache } = await sql.query<{ key: string; job_id: string; hits: number }>(
      `SELECT key, job_id, hits FROM result_cache WHERE key IN ('key-new', 'key-hit') ORDER BY key`,
    );
    expect(cache).toEqual([
      { key: 'key-hit', job_id: 'b-seed', hits: 1 },
      { key: 'key-new', job_id: 'b-store', hits: 0 },
    ]);
    const {
      rows: [delivery],
    } = await sql.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM webhook_deliveries WHERE id = $1::uuid`,
      [deliveryId],
    );
    // Stored without the result, which job_results holds (as `complete` does).
    expect(delivery.payload).toEqual({ event: WebhookEvent.JobCompleted, jobId: 'b-none' });
  });

  it('completes a job once: a second batch with it keeps the first result and says so', async () => {
    await running(['b-twice', 'b-other']);
    await results.completeMany([completion('b-twice', { result: { first: true } })]);
    const out = await results.completeMany([
      completion('b-twice', { result: { second: true } }),
      completion('b-other'),
    ]);
    expect(out).toEqual([{ completedNow: false }, { completedNow: true }]);
    expect((await row('b-twice'))[0].result).toEqual({ first: true });
    await expect(results.completeMany([completion('b-x'), completion('b-x')])).rejects.toThrow(
      /jobId must differ/,
    );
  });

  it('batches the completions that arrive together, one statement for all of them', async () => {
    const ids = Array.from({ length: MAX_COMPLETION_BATCH + 6 }, (_, i) => `b-many-${i}`);
    await running(ids);
    const calls: number[] = [];
    const counting = Object.create(results) as ResultRepository;
    counting.completeMany = (cs) => {
      calls.push(cs.length);
      return results.completeMany(cs);
    };
    counting.complete = (c) => {
      calls.push(1);
      return results.complete(c);
    };
    const batcher = new CompletionBatcher(counting);
    // Plus a second completion of the first job: it waits for a later batch.
    const outs = await Promise.all([...ids, ids[0]].map((id) => batcher.complete(completion(id))));
    expect(outs.slice(0, ids.length).every((o) => o.completedNow)).toBe(true);
    expect(outs[ids.length]).toEqual({ completedNow: false });
    expect(calls).toEqual([MAX_COMPLETION_BATCH, 7]);
    for (const id of [ids[0], ids[ids.length - 1]]) expect((await row(id))[0].status).toBe('completed');
  });
});
