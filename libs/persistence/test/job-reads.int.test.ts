import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useIsolatedServices } from '../../../test/support/services';
import { BatchRepository, JobRepository, PrismaService, TenantRepository, WebhookRepository } from '../src';
import { withResults } from '../src/repositories/job-results';

/**
 * The reads of GET /v1/jobs/:id (JobRepository.findForTenant, WebhookRepository.deliveriesOfJob)
 * are raw prepared statements: they must give exactly what the Prisma queries they replaced give.
 */
describe('job reads against real PostgreSQL', () => {
  const services = useIsolatedServices();
  const prisma0 = () => prisma;
  let prisma: PrismaService;
  let jobs: JobRepository;
  let webhooks: WebhookRepository;
  let tenants: TenantRepository;
  let batches: BatchRepository;

  beforeAll(() => {
    prisma = new PrismaService({ databaseUrl: services().databaseUrl });
    batches = new BatchRepository(prisma0());
    jobs = new JobRepository(prisma);
    webhooks = new WebhookRepository(prisma);
    tenants = new TenantRepository(prisma);
  });
  afterAll(async () => {
    await prisma?.onModuleDestroy();
  });

  /** What findForTenant answered through Prisma before. */
  const viaPrisma = async (id: string, tenantId: string | null) => {
    const job = await prisma.client.job.findFirst({ where: { id, tenantId } });
    return job ? (await withResults(prisma, [job]))[0] : null;
  };

  it('reads a job with its result as Prisma did, and never another tenant’s', async () => {
    const a = await tenants.create('reads-a');
    const b = await tenants.create('reads-b');
    const input = {
      boardXSize: 19,
      moves: [
        ['B', 'Q16'],
        ['W', 'D4'],
      ],
      note: 'é ✓',
    };
    const options = { analyses: ['board'], analysisOptions: { board: { x: 1.5 } } };
    await jobs.createIfAbsent({
      id: 'reads-1',
      tenantId: a.id,
      kind: 'position',
      input,
      options,
      inputHash: 'h1',
    });
    await jobs.createIfAbsent({
      id: 'reads-2',
      tenantId: null,
      kind: 'position',
      input: {},
      inputHash: 'h2',
    });

    // Queued, no result yet.
    const queued = await jobs.findForTenant('reads-1', a.id);
    expect(queued).toEqual(await viaPrisma('reads-1', a.id));
    expect(queued).toMatchObject({ id: 'reads-1', status: 'queued', input, options, result: null });

    // Completed with a result, an error object and timings.
    const created = (await prisma.client.job.findFirstOrThrow({ where: { id: 'reads-1' } })).createdAt;
    await prisma.client.job.updateMany({
      where: { id: 'reads-1' },
      data: {
        status: 'completed',
        progress: 100,
        attempts: 2,
        startedAt: new Date(created.getTime() + 5),
        finishedAt: new Date(created.getTime() + 17),
        timings: { engineMs: 3.25 },
        error: { code: 'x', retryable: false },
      },
    });
    await prisma.client.jobResult.create({
      data: { jobId: 'reads-1', jobCreatedAt: created, result: { score: -3.5, maps: [[0, 1], [2]] } },
    });
    const done = await jobs.findForTenant('reads-1', a.id);
    expect(done).toEqual(await viaPrisma('reads-1', a.id));
    expect(done?.result?.result).toEqual({ score: -3.5, maps: [[0, 1], [2]] });
    expect(done?.startedAt?.getTime()).toBe(created.getTime() + 5);

    expect(await jobs.findForTenant('reads-1', b.id)).toBeNull();
    expect(await jobs.findForTenant('reads-1', null)).toBeNull();
    expect(await jobs.findForTenant('missing', a.id)).toBeNull();
    // A job without a tenant (auto-followed games) is found with a null tenant only.
    expect(await jobs.findForTenant('reads-2', null)).toEqual(await viaPrisma('reads-2', null));
    expect((await jobs.findForTenant('reads-2', null))?.id).toBe('reads-2');
    expect(await jobs.findForTenant('reads-2', a.id)).toBeNull();
  });

  it('reads a job’s webhook deliveries as Prisma did, oldest first, the tenant’s only', async () => {
    const a = await tenants.create('deliveries-a');
    const b = await tenants.create('deliveries-b');
    await jobs.createIfAbsent({
      id: 'reads-3',
      tenantId: a.id,
      kind: 'position',
      input: {},
      inputHash: 'h3',
    });
    const hook = await webhooks.create({
      tenantId: a.id,
      url: 'https://example.test/h',
      secretEncrypted: 's',
      events: ['job.completed'],
    });
    const at = new Date('2026-11-28T10:00:00.123Z');
    for (const [k, created] of [at, new Date(at.getTime() - 1000), at].entries()) {
      await prisma.client.webhookDelivery.create({
        data: {
          webhookId: hook.id,
          tenantId: a.id,
          url: hook.url,
          event: 'job.completed',
          jobId: 'reads-3',
          payload: { k, nested: { ok: true } },
          status: k === 0 ? 'delivered' : 'pending',
          attempts: k,
          responseCode: k === 0 ? 204 : null,
          lastError: k === 2 ? 'timeout' : null,
          createdAt: created,
          deliveredAt: k === 0 ? new Date(at.getTime() + 50) : null,
        },
      });
    }
    await prisma.client.webhookDelivery.create({
      data: { tenantId: b.id, url: 'https://b.test', event: 'job.completed', jobId: 'reads-3', payload: {} },
    });
    const raw = await webhooks.deliveriesOfJob('reads-3', a.id);
    const before = await prisma.client.webhookDelivery.findMany({
      where: { jobId: 'reads-3', tenantId: a.id },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    expect(raw).toEqual(before);
    // Oldest first; the two of the same time in id order.
    expect((raw[0].payload as { k: number }).k).toBe(1);
    expect(
      raw
        .slice(1)
        .map((d) => (d.payload as { k: number }).k)
        .sort(),
    ).toEqual([0, 2]);
    expect(raw[1].id < raw[2].id).toBe(true);
    expect(await webhooks.deliveriesOfJob('reads-3', b.id)).toHaveLength(1);
    expect(await webhooks.deliveriesOfJob('nothing', a.id)).toEqual([]);
  });

  it('finds jobs and batches by Idempotency-Key and repeats as Prisma did', async () => {
    const a = await tenants.create('keys-a');
    const b = await tenants.create('keys-b');
    const job = { tenantId: a.id, kind: 'position' as const, input: { m: 1 }, inputHash: 'h4' };
    const first = await jobs.createIfAbsent({ ...job, id: 'reads-4', idempotencyKey: 'key-1' });
    expect(first.created).toBe(true);
    const byKey = await jobs.findByIdempotencyKey(a.id, 'key-1');
    expect(byKey).toEqual(
      await prisma.client.job.findFirst({ where: { tenantId: a.id, idempotencyKey: 'key-1' } }),
    );
    expect(byKey?.id).toBe('reads-4');
    expect(await jobs.findByIdempotencyKey(b.id, 'key-1')).toBeNull();
    expect(await jobs.findByIdempotencyKey(a.id, 'key-2')).toBeNull();
    // The same job again (no key): the stored row, as Prisma reads it.
    const again = await jobs.createIfAbsent({ ...job, id: 'reads-4' });
    expect(again).toEqual({
      job: await prisma.client.job.findFirst({ where: { id: 'reads-4' } }),
      created: false,
    });

    const batch = {
      tenantId: a.id,
      jobIds: ['reads-4', 'x', 'reads-4'],
      idempotencyKey: 'bkey',
      requestHash: 'rh',
    };
    const made = await batches.createIfAbsent({ ...batch, id: '00000000-0000-4000-8000-000000000001' });
    expect(made.created).toBe(true);
    const stored = await prisma.client.batch.findUnique({
      where: { id: '00000000-0000-4000-8000-000000000001' },
    });
    expect(made.batch).toEqual(stored);
    expect(stored).toMatchObject({ size: 3, jobIds: ['reads-4', 'x', 'reads-4'], requestHash: 'rh' });
    // The same key again under another id: the first batch.
    const repeat = await batches.createIfAbsent({ ...batch, id: '00000000-0000-4000-8000-000000000002' });
    expect(repeat).toEqual({ batch: stored, created: false });
    expect(await batches.findByIdempotencyKey(a.id, 'bkey')).toEqual(stored);
    expect(await batches.findByIdempotencyKey(b.id, 'bkey')).toBeNull();
    // Without a key: a new batch each time, and the same id again is the first.
    const plain = { tenantId: b.id, jobIds: [], id: '00000000-0000-4000-8000-000000000003' };
    expect((await batches.createIfAbsent(plain)).created).toBe(true);
    const same = await batches.createIfAbsent(plain);
    expect(same.created).toBe(false);
    expect(same.batch).toMatchObject({ id: plain.id, size: 0, jobIds: [], idempotencyKey: null });
  });

  it('tells a batch which of its jobs existed, with their rows as Prisma reads them', async () => {
    const t = await tenants.create('many');
    const row = (id: string) => ({
      id,
      tenantId: t.id,
      kind: 'position' as const,
      input: { id },
      inputHash: id,
    });
    await jobs.createManyIfAbsent([row('many-1'), row('many-2')]);
    const { created, existing } = await jobs.createManyIfAbsent([
      row('many-2'),
      row('many-3'),
      row('many-1'),
    ]);
    expect(created.map((j) => j.id)).toEqual(['many-3']);
    const sorted = [...existing].sort((a, b) => a.id.localeCompare(b.id));
    expect(sorted).toEqual(
      await prisma.client.job.findMany({
        where: { id: { in: ['many-1', 'many-2'] } },
        orderBy: { id: 'asc' },
      }),
    );
  });

  it('reads a batch with its jobs in order as Prisma did, the tenant’s only', async () => {
    const t = await tenants.create('batch-reads');
    const other = await tenants.create('batch-reads-other');
    const row = (id: string, tenantId = t.id) => ({
      id,
      tenantId,
      kind: 'position' as const,
      input: { id },
      inputHash: id,
    });
    await jobs.createManyIfAbsent([row('b-2'), row('b-1'), row('b-x', other.id)]);
    const id = '00000000-0000-4000-8000-0000000000b1';
    await batches.createIfAbsent({ id, tenantId: t.id, jobIds: ['b-1', 'b-missing', 'b-2', 'b-x', 'b-1'] });
    const read = await batches.findForTenant(id, t.id);
    const batch = await prisma.client.batch.findFirst({ where: { id, tenantId: t.id } });
    const rows = await prisma.client.job.findMany({
      where: { id: { in: batch?.jobIds ?? [] }, tenantId: t.id },
    });
    const byId = new Map(rows.map((j) => [j.id, j]));
    expect(read).toEqual({ ...batch, jobRows: ['b-1', 'b-2', 'b-1'].map((j) => byId.get(j)) });
    expect(read?.jobRows.map((j) => j.id)).toEqual(['b-1', 'b-2', 'b-1']);
    expect(await batches.findForTenant(id, other.id)).toBeNull();
    expect(await batches.findForTenant('00000000-0000-4000-8000-0000000000b2', t.id)).toBeNull();
  });
});
