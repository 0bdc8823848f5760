import { Redis } from 'ioredis';
import { Client } from 'pg';
import type { ServiceEndpoints } from './endpoints';

/** Databases and Redis prefixes of test suites: `moyo_test_<base-36 creation ms>_<random>`. */
export const TEST_PREFIX = 'moyo_test_';

/** Creation time in ms encoded in a test database name or Redis prefix, or null. */
export function createdAtOf(name: string): number | null {
  const match = new RegExp(`^${TEST_PREFIX}([0-9a-z]+)_[0-9a-f]{8}$`).exec(name);
  return match ? parseInt(match[1], 36) : null;
}

/**
 * Drops test databases and Redis keys left behind by suites that died before their cleanup,
 * those created more than `olderThanMs` ago (other runs on this machine may be live: their
 * resources are younger). Returns what it removed.
 */
export async function removeStaleTestResources(
  endpoints: Pick<ServiceEndpoints, 'databaseUrl' | 'redisUrl'>,
  olderThanMs = 3 * 60 * 60 * 1000,
): Promise<{ databases: string[]; prefixes: string[] }> {
  const cutoff = Date.now() - olderThanMs;
  const stale = (name: string) => {
    const created = createdAtOf(name);
    return created !== null && created < cutoff;
  };
  const admin = new Client({ connectionString: endpoints.databaseUrl });
  await admin.connect();
  let databases: string[];
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE '${TEST_PREFIX}%'`,
    );
    databases = rows.map((r) => r.datname).filter(stale);
  } finally {
    await admin.end();
  }
  for (const name of databases) await dropDatabase(endpoints.databaseUrl, name);

  const redis = new Redis(endpoints.redisUrl, { maxRetriesPerRequest: 1 });
  const prefixes = new Set<string>();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${TEST_PREFIX}*`, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) {
        const prefix = key.split(':')[0];
        if (stale(prefix)) prefixes.add(prefix);
      }
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  for (const prefix of prefixes) await deleteKeys(endpoints.redisUrl, prefix);
  return { databases, prefixes: [...prefixes] };
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // FORCE closes connections a suite left open (PostgreSQL 13+).
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export async function deleteKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
