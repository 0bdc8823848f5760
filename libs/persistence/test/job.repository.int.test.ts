import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { useIsolatedServices } from '../../../test/support/services';
import { JobRepository, PrismaService, TenantRepository } from '../src';

describe('JobRepository against real PostgreSQL', () => {
  const services = useIsolatedServices();
  let prisma: PrismaService;
  let jobs: JobRepository;
  let tenants: TenantRepository;

  beforeAll(() => {
    prisma = new PrismaService({ databaseUrl: services().databaseUrl });
    jobs = new JobRepository(prisma);
    tenants = new TenantRepository(prisma);
  });
  afterAll(async () => {
    await prisma?.onModuleDestroy();
  });

  it('creates a job once per deterministic id and hides it from other tenants', async () => {
    const a = await tenants.create('a');
    const b = await tenants.create('b');
    const job = {
      id: 'position-abc',
      tenantId: a.id,
      kind: 'position' as const,
      input: { moves: [] },
      inputHash: 'h1',
    };

    const first = await jobs.createIfAbsent(job);
    const second = await jobs.createIfAbsent({ ...job, input: { moves: [['B', 'Q16']] } });
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.job.input).toEqual({ moves: [] });
    expect(first.job.status).toBe('queued');

    expect(await jobs.findForTenant('position-abc', b.id)).toBeNull();
    expect((await jobs.findForTenant('position-abc', a.id))?.id).toBe('position-abc');
  });

  it('returns the first job for a repeated idempotency key, per tenant', async () => {
    const a = await tenants.create('idem-a');
    const b = await tenants.create('idem-b');
    const base = {
      tenantId: a.id,
      kind: 'position' as const,
      input: {},
      inputHash: 'h',
      idempotencyKey: 'k-1',
    };
    const first = await jobs.createIfAbsent({ ...base, id: 'position-idem-1' });
    const again = await jobs.createIfAbsent({ ...base, id: 'position-idem-2' });
    expect(again).toEqual({ job: first.job, created: false });
    const other = await jobs.createIfAbsent({ ...base, tenantId: b.id, id: 'position-idem-3' });
    expect(other.created).toBe(true);
  });

  it('creates concurrent submissions (inserted together) and tells each caller what it got', async () => {
    const t = await tenants.create('concurrent');
    const job = (id: string, idempotencyKey: string | null = null) => ({
      id,
      tenantId: t.id,
      kind: 'position' as const,
      input: { moves: [['B', id]] },
      inputHash: id,
      idempotencyKey,
    });
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => jobs.createIfAbsent(job(`position-conc-${i}`))),
      jobs.createIfAbsent(job('position-conc-0')),
      jobs.createIfAbsent(job('position-conc-k1', 'same-key')),
      jobs.createIfAbsent(job('position-conc-k2', 'same-key')),
    ]);
    expect(answers.slice(0, 10).map((a) => a.created)).toEqual(Array(10).fill(true));
    expect(answers.slice(0, 10).map((a) => a.job.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `position-conc-${i}`),
    );
    // The same id twice: one creates it, the other finds it.
    expect(answers[10]).toMatchObject({ created: false, job: { id: 'position-conc-0' } });
    // The same key for two jobs: the first keeps it, the second gets the first's job back.
    expect(answers[11]).toMatchObject({ created: true, job: { id: 'position-conc-k1' } });
    expect(answers[12]).toMatchObject({ created: false, job: { id: 'position-conc-k1' } });
    const stored = await prisma.client.job.count({ where: { tenantId: t.id } });
    expect(stored).toBe(11);
  });

  it('inserts a job once when two processes submit it at the same time (the locks come before the insert sees)', async () => {
    // Two pools, as two api replicas, both connected: the same 40 jobs sent by both at once (one
    // statement each), five times. The later insert of a job waits for the earlier one's lock and
    // must then see its row: jobs is partitioned by day, so no unique index stops a second row.
    const t = await tenants.create('two-processes');
    const other = new PrismaService({ databaseUrl: services().databaseUrl });
    try {
      const replicas = [jobs, new JobRepository(other)];
      await Promise.all([prisma, other].map((p) => p.client.job.count({ where: { tenantId: t.id } })));
      const job = (i: number) => ({
        id: `position-two-${i}`,
        tenantId: t.id,
        kind: 'position' as const,
        input: { moves: [['B', `A${i}`]] },
        inputHash: `two-${i}`,
      });
      let created = 0;
      for (let round = 0; round < 5; round++) {
        const ids = Array.from({ length: 40 }, (_, i) => round * 40 + i);
        const answers = await Promise.all(replicas.flatMap((r) => ids.map((i) => r.createIfAbsent(job(i)))));
        created += answers.filter((a) => a.created).length;
      }
      const rows = await prisma.client.job.findMany({ where: { tenantId: t.id }, select: { id: true } });
      expect(rows).toHaveLength(200);
      expect(new Set(rows.map((r) => r.id)).size).toBe(200);
      expect(created).toBe(200);
    } finally {
      await other.onModuleDestroy();
    }
  });

  it('stores one result even when a job completes twice', async () => {
    const t = await tenants.create('c');
    await jobs.createIfAbsent({
      id: 'position-twice',
      tenantId: t.id,
      kind: 'position',
      input: {},
      inputHash: 'h2',
    });
    await jobs.markRunning('position-twice', 1);
    await jobs.complete('position-twice', { score: 1 }, { engineMs: 5 });
    await jobs.complete('position-twice', { score: 2 }, { engineMs: 6 });

    const stored = await jobs.findForTenant('position-twice', t.id);
    expect(stored?.status).toBe('completed');
    expect(stored?.attempts).toBe(1);
    expect(stored?.result?.result).toEqual({ score: 1 });
    expect(stored?.finishedAt).toBeInstanceOf(Date);
  });

  it('keeps a retryable failure queued and a final failure failed', async () => {
    const t = await tenants.create('d');
    await jobs.createIfAbsent({
      id: 'eyegraph-f',
      tenantId: t.id,
      kind: 'eyegraph',
      input: {},
      inputHash: 'h3',
    });
    await jobs.fail('eyegraph-f', { message: 'transient' }, false);
    expect((await jobs.findForTenant('eyegraph-f', t.id))?.status).toBe('queued');
    await jobs.fail('eyegraph-f', { message: 'bad graph' }, true);
    const failed = await jobs.findForTenant('eyegraph-f', t.id);
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toEqual({ message: 'bad graph' });
  });

  it('finds an active API key by its hash only', async () => {
    const t = await tenants.create('e');
    await tenants.createApiKey({ tenantId: t.id, name: 'ci', prefix: 'moyo_ab', keyHash: 'f'.repeat(64) });
    expect((await tenants.findActiveKeyByHash('f'.repeat(64)))?.tenant.id).toBe(t.id);
    expect(await tenants.findActiveKeyByHash('0'.repeat(64))).toBeNull();
  });
});
