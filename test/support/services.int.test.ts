import { Redis } from 'ioredis';
import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { createdAtOf, removeStaleTestResources } from './cleanup';
import { createIsolatedServices, migrationScripts, serviceEndpoints } from './services';

async function tables(databaseUrl: string): Promise<string[]> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    return rows.map((r) => r.tablename);
  } finally {
    await db.end();
  }
}

async function databaseExists(name: string): Promise<boolean> {
  const admin = new Client({ connectionString: serviceEndpoints().databaseUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rowCount === 1;
  } finally {
    await admin.end();
  }
}

describe('isolated services per suite', () => {
  it('gives each suite its own migrated database and Redis prefix, and removes both after', async () => {
    expect(migrationScripts().length).toBeGreaterThan(0);
    const [a, b] = await Promise.all([createIsolatedServices(), createIsolatedServices()]);
    const redis = new Redis(a.redisUrl);
    try {
      expect(a.databaseUrl).not.toBe(b.databaseUrl);
      expect(a.redisPrefix).not.toBe(b.redisPrefix);
      expect(createdAtOf(a.redisPrefix)).toBeGreaterThan(Date.now() - 60_000);
      expect(await tables(a.databaseUrl)).toEqual(
        expect.arrayContaining(['tenants', 'api_keys', 'jobs', 'job_results', 'batches', 'webhooks']),
      );
      expect(await tables(a.databaseUrl)).toEqual(await tables(b.databaseUrl));

      await redis.set(`${a.redisPrefix}:probe`, '1');
      await redis.set(`${b.redisPrefix}:probe`, '1');
      const nameA = new URL(a.databaseUrl).pathname.slice(1);
      await a.dispose();

      expect(await databaseExists(nameA)).toBe(false);
      expect(await redis.exists(`${a.redisPrefix}:probe`)).toBe(0);
      expect(await redis.exists(`${b.redisPrefix}:probe`)).toBe(1);
      expect(await tables(b.databaseUrl)).toContain('jobs');
    } finally {
      redis.disconnect();
      await b.dispose();
    }
  });

  it('removes resources of dead suites older than the cutoff, and nothing younger', async () => {
    const endpoints = serviceEndpoints();
    const staleName = `moyo_test_${(Date.now() - 4 * 3600_000).toString(36)}_${Math.floor(
      Math.random() * 2 ** 32,
    )
      .toString(16)
      .padStart(8, '0')}`;
    const admin = new Client({ connectionString: endpoints.databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${staleName}"`);
    await admin.end();
    const live = await createIsolatedServices();
    const redis = new Redis(endpoints.redisUrl);
    try {
      await redis.set(`${staleName}:lease`, '1');
      await redis.set(`${live.redisPrefix}:lease`, '1');

      const removed = await removeStaleTestResources(endpoints, 3 * 3600_000);
      // Another test run on this machine may sweep the stale resources first (its global setup
      // does the same), so what matters is that they are gone and the live ones are not.
      for (const name of [...removed.databases, ...removed.prefixes]) {
        expect(createdAtOf(name)).toBeLessThan(Date.now() - 3 * 3600_000);
      }
      expect(removed.databases).not.toContain(new URL(live.databaseUrl).pathname.slice(1));
      expect(await databaseExists(staleName)).toBe(false);
      expect(await redis.exists(`${staleName}:lease`)).toBe(0);
      expect(await redis.exists(`${live.redisPrefix}:lease`)).toBe(1);
      expect(await tables(live.databaseUrl)).toContain('jobs');
    } finally {
      redis.disconnect();
      await live.dispose();
    }
  });
});
