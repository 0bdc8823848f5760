import { Redis } from 'ioredis';
import { Client } from 'pg';

function redactUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** Rejects with a message saying how to start PostgreSQL if it does not answer. */
export async function assertPostgresAnswers(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    throw new Error(
      `Integration tests need PostgreSQL at ${redactUrl(databaseUrl)} (set DATABASE_URL, or run bash .ci/run ` +
        `which starts it): ${(err as Error).message}`,
      { cause: err },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Rejects with a message saying how to start Redis if it does not answer. */
export async function assertRedisAnswers(redisUrl: string): Promise<void> {
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    throw new Error(
      `Integration tests need Redis at ${redactUrl(redisUrl)} (set REDIS_URL, or run bash .ci/run ` +
        `which starts it): ${(err as Error).message}`,
      { cause: err },
    );
  } finally {
    client.disconnect();
  }
}
