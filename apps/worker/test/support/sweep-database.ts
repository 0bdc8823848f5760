import { JobRepository, PrismaService, RedisService, TenantRepository } from '@moyo/persistence';
import { PinoLogger } from 'nestjs-pino';
import { Client } from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { useIsolatedServices, type IsolatedServices } from '../../../../test/support/services';
import { WorkerConfig } from '../../src/config/worker-config';

/** What a suite of the worker's sweeps (retention, partitions) works with; set before its tests. */
export interface SweepDatabase {
  services: () => IsolatedServices;
  prisma: PrismaService;
  /** A second PrismaService on the same database: another worker replica. */
  prisma2: PrismaService;
  redis: RedisService;
  /** Plain SQL on the suite's database, to date rows and read what the sweeps left. */
  sql: Client;
  /** The tenant the suite's jobs belong to. */
  tenantId: string;
  /** The worker's config on the suite's services with RESULT_RETENTION_DAYS=30, `env` over it. */
  config(env?: Record<string, string>): WorkerConfig;
  logger(): PinoLogger;
  /** The number a `SELECT count(*) AS n` query answers. */
  count(query: string, params?: unknown[]): Promise<number>;
  /**
   * `n` queued position jobs of the suite's tenant through JobRepository, ids `<idPrefix>-<k>`
   * (k counting on over the suite), each its own input hash. Returns their ids.
   */
  createJobs(n: number, idPrefix: string): Promise<string[]>;
}

/**
 * A sweep suite's setup, for its describe block: a private PostgreSQL database and Redis prefix,
 * the clients of SweepDatabase and a tenant `tenantName` made before the tests, closed after
 * them, and the tables the sweeps touch emptied before each test.
 */
export function useSweepDatabase(tenantName: string): SweepDatabase {
  const services = useIsolatedServices();
  let seq = 0;
  const db = {
    services,
    config: (env: Record<string, string> = {}) =>
      WorkerConfig.fromEnv({ ...services().env, RESULT_RETENTION_DAYS: '30', ...env }),
    logger: () => new PinoLogger({ pinoHttp: { level: 'silent' } }),
    count: async (query: string, params: unknown[] = []) =>
      Number((await db.sql.query<{ n: string }>(query, params)).rows[0].n),
    createJobs: async (n: number, idPrefix: string) => {
      const ids = Array.from({ length: n }, () => `${idPrefix}-${++seq}`);
      await new JobRepository(db.prisma).createManyIfAbsent(
        ids.map((id) => ({
          id,
          tenantId: db.tenantId,
          kind: 'position' as const,
          input: { moves: [] },
          inputHash: id,
        })),
      );
      return ids;
    },
  } as SweepDatabase;

  beforeAll(async () => {
    const s = services();
    db.prisma = new PrismaService({ databaseUrl: s.databaseUrl });
    db.prisma2 = new PrismaService({ databaseUrl: s.databaseUrl });
    db.redis = new RedisService({ redisUrl: s.redisUrl, redisPrefix: s.redisPrefix });
    db.sql = new Client({ connectionString: s.databaseUrl });
    await db.sql.connect();
    db.tenantId = (await new TenantRepository(db.prisma).create(tenantName)).id;
  });
  afterAll(async () => {
    await db.sql?.end();
    await db.redis?.onModuleDestroy();
    await db.prisma2?.onModuleDestroy();
    await db.prisma?.onModuleDestroy();
  });
  beforeEach(async () => {
    await db.sql.query('TRUNCATE jobs, job_results, result_cache, webhook_deliveries, game_streams CASCADE');
  });
  return db;
}
