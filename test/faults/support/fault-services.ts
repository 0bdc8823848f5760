import { Client } from 'pg';
import { startPrivatePostgres, type PrivatePostgres } from '../../support/private-postgres';
import { startPrivateRedis, type PrivateRedis } from '../../support/private-redis';

/** A fault suite's own PostgreSQL and Redis, a client of its database and the apps' variables. */
export interface FaultServices {
  pg: PrivatePostgres;
  redis: PrivateRedis;
  /** A client of the suite's database (its errors while PostgreSQL is down are ignored). */
  db: Client;
  /** DATABASE_URL, REDIS_URL, REDIS_PREFIX (`name`), LOG_LEVEL (TEST_LOG_LEVEL, else silent), NODE_ENV=test, then `extra`. */
  env: Record<string, string>;
}

/**
 * Starts a PostgreSQL and a Redis of the suite's own (private ports), creates and migrates the
 * database `name` and connects `db` to it. The suite stops them itself (redis.kill, pg.destroy).
 */
export async function startFaultServices(
  name: string,
  extra: Record<string, string> = {},
): Promise<FaultServices> {
  const [pg, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
  const databaseUrl = await pg.createDatabase(name);
  const db = new Client({ connectionString: databaseUrl });
  db.on('error', () => undefined);
  await db.connect();
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    REDIS_PREFIX: name,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    NODE_ENV: 'test',
    ...extra,
  };
  return { pg, redis, db, env };
}
