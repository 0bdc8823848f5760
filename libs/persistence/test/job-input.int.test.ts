import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useIsolatedServices } from '../../../test/support/services';
import { JobRepository, PrismaService, ResultRepository, TenantRepository } from '../src';
import { Prisma } from '../src/generated/prisma/client';

/** Jobs whose moves the api asks to store compact (NewJob.compactMoves): stored as text, read as pairs. */
describe('compact job inputs against real PostgreSQL', () => {
  const services = useIsolatedServices();
  let prisma: PrismaService;
  let jobs: JobRepository;
  let results: ResultRepository;
  let tenants: TenantRepository;

  beforeAll(() => {
    prisma = new PrismaService({ databaseUrl: services().databaseUrl });
    jobs = new JobRepository(prisma);
    results = new ResultRepository(prisma);
    tenants = new TenantRepository(prisma);
  });
  afterAll(async () => {
    await prisma?.onModuleDestroy();
  });

  const input = {
    boardXSize: 9,
    boardYSize: 9,
    komi: 7,
    rules: 'chinese',
    moves: [
      ['B', 'E5'],
      ['W', 'pass'],
      ['B', 'C3'],
    ],
  };
  const stored = async (id: string) =>
    (await prisma.query<{ input: unknown }>(Prisma.sql`SELECT input FROM jobs WHERE id = ${id}`))[0].input;

  it('stores the moves as one string; every read gives the input as submitted', async () => {
    const t = await tenants.create('compact');
    const job = {
      id: 'position-compact-1',
      tenantId: t.id,
      kind: 'position' as const,
      input,
      inputHash: 'h',
    };
    const made = await jobs.createIfAbsent({ ...job, compactMoves: true });
    expect(made.created).toBe(true);
    expect(made.job.input).toEqual(input);
    expect(await stored(job.id)).toEqual({ ...input, moves: 'BE5 Wpass BC3' });

    expect((await jobs.findForTenant(job.id, t.id))?.input).toEqual(input);
    expect((await jobs.createIfAbsent({ ...job, compactMoves: true })).job.input).toEqual(input);
    expect((await jobs.createManyIfAbsent([{ ...job, compactMoves: true }])).existing[0].input).toEqual(
      input,
    );
    expect((await jobs.list(t.id, {}, 10)).map((j) => j.input)).toEqual([input]);
    expect((await results.peekMany([job.id])).get(job.id)?.job.input).toEqual(input);
    expect(
      (await results.unfinished(new Date(Date.now() + 60_000), 10)).find((j) => j.id === job.id)?.input,
    ).toEqual(input);
    expect((await results.start(job.id, 1))?.job.input).toEqual(input);
    expect((await results.findWithResult(job.id))?.input).toEqual(input);
  });

  it('stores inputs as they are without the flag, or when the text could not give them back', async () => {
    const t = await tenants.create('whole');
    const plain = {
      id: 'position-whole-1',
      tenantId: t.id,
      kind: 'position' as const,
      input,
      inputHash: 'h',
    };
    await jobs.createIfAbsent(plain);
    expect(await stored(plain.id)).toEqual(input);
    const odd = { ...input, moves: [['B', 'E 5']] };
    await jobs.createManyIfAbsent([{ ...plain, id: 'position-whole-2', input: odd, compactMoves: true }]);
    expect(await stored('position-whole-2')).toEqual(odd);
    expect((await jobs.findForTenant('position-whole-2', t.id))?.input).toEqual(odd);
  });
});
