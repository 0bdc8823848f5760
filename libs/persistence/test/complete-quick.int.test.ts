import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useIsolatedServices } from '../../../test/support/services';
import {
  JobRepository,
  PrismaService,
  ResultRepository,
  TenantRepository,
  WebhookRepository,
  type JobCompletion,
} from '../src';
import { Prisma } from '../src/generated/prisma/client';

/** ResultRepository.completeQuickMany: quick jobs completed without being read first. */
describe('completeQuickMany against real PostgreSQL', () => {
  const services = useIsolatedServices();
  let prisma: PrismaService;
  let jobs: JobRepository;
  let results: ResultRepository;
  let tenants: TenantRepository;
  let webhooks: WebhookRepository;

  beforeAll(() => {
    prisma = new PrismaService({ databaseUrl: services().databaseUrl });
    jobs = new JobRepository(prisma);
    results = new ResultRepository(prisma);
    tenants = new TenantRepository(prisma);
    webhooks = new WebhookRepository(prisma);
  });
  afterAll(async () => {
    await prisma?.onModuleDestroy();
  });

  const job = (id: string, tenantId: string, webhookUrl: string | null = null) =>
    jobs.createIfAbsent({ id, tenantId, kind: 'position', input: { moves: [] }, inputHash: id, webhookUrl });
  const completion = (jobId: string): JobCompletion => ({
    jobId,
    result: { analyses: { board: { n: 1 } } },
    timings: { engineMs: 0.1, cache: 'miss' },
    cache: { kind: 'none' },
    deliveries: [],
    finishedAt: new Date(),
    attempt: 2,
    startedAt: new Date(Date.now() - 5),
  });
  const statusOf = async (id: string) =>
    (await prisma.query<{ status: string }>(Prisma.sql`SELECT status::text FROM jobs WHERE id = ${id}`))[0]
      ?.status;

  it('completes the queued and running jobs with nothing to deliver, and leaves the others', async () => {
    const quiet = (await tenants.create('quiet')).id;
    const hooked = (await tenants.create('hooked')).id;
    const other = (await tenants.create('other events')).id;
    const hook = async (tenantId: string, events: string[], active = true) => {
      const made = await webhooks.create({
        tenantId,
        url: 'https://example.com/h',
        secretEncrypted: 'x',
        events,
      });
      if (!active)
        await prisma.query(Prisma.sql`UPDATE webhooks SET active = false WHERE id = ${made.id}::uuid`);
    };
    await hook(hooked, []);
    await hook(other, ['job.failed']);
    await hook(other, ['job.completed'], false);
    await job('q-queued', quiet);
    await job('q-running', quiet);
    await results.start('q-running', 1);
    await job('q-own-url', quiet, 'https://example.com/own');
    await job('q-hooked', hooked);
    await job('q-other-events', other);
    await job('q-cancelled', quiet);
    await prisma.query(Prisma.sql`UPDATE jobs SET status = 'cancelled' WHERE id = 'q-cancelled'`);
    const ids = [
      'q-queued',
      'q-running',
      'q-own-url',
      'q-hooked',
      'q-other-events',
      'q-cancelled',
      'q-missing',
    ];

    const outcome = await results.completeQuickMany(ids.map(completion));
    expect(outcome.map((o) => o.completedNow)).toEqual([true, true, false, false, true, false, false]);
    expect(await Promise.all(ids.map(statusOf))).toEqual([
      'completed',
      'completed',
      'queued',
      'queued',
      'completed',
      'cancelled',
      undefined,
    ]);
    expect(await results.countResults(ids)).toBe(3);
    const done = await results.findWithResult('q-queued');
    expect(done?.attempts).toBe(2);
    expect(done?.startedAt).not.toBeNull();
    expect(done?.result?.result).toEqual({ analyses: { board: { n: 1 } } });
    // A second completion of a completed job changes nothing.
    expect(await results.completeQuickMany([completion('q-queued')])).toEqual([{ completedNow: false }]);
    expect(await results.countResults(['q-queued'])).toBe(1);
  });

  it('refuses completions that are not quick ones', async () => {
    await expect(
      results.completeQuickMany([{ ...completion('x'), cache: { kind: 'store', key: 'k' } }]),
    ).rejects.toThrow(RangeError);
    await expect(results.completeQuickMany([{ ...completion('x'), attempt: undefined }])).rejects.toThrow(
      RangeError,
    );
  });
});
