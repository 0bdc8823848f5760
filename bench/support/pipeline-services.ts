/**
 * bench:pipeline's PostgreSQL and Redis: the servers of DATABASE_URL and REDIS_URL (shared with
 * whatever else runs on the machine), or with `--ports N` servers of the run's own: a redis-server
 * on N (no persistence) and a PostgreSQL cluster on N + 1 with durable commits (fsync on, as in
 * production: a submission's latency includes its insert's WAL flush). On a shared machine the
 * shared servers' WAL flushes and Redis commands are everyone's; private ones carry only the run's
 * (Moyo's and its peers'), so their CPU and the commits' waits are the run's own.
 */
import { startPrivatePostgres } from '../../test/support/private-postgres';
import { startRedisServer } from '../../test/support/private-redis';
import { pidsNamed } from './pipeline-load';

export interface PipelineServices {
  /** An admin URL of the PostgreSQL server (scratch databases are created on it). */
  adminUrl: string;
  redisUrl: string;
  /** The redis-server processes whose CPU the run counts. */
  redisPids(): number[];
  /** Stops the private servers (nothing for shared ones). */
  stop(): Promise<void>;
}

export async function pipelineServices(ports: number | undefined): Promise<PipelineServices> {
  if (ports === undefined) {
    return {
      adminUrl: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
      redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      redisPids: () => pidsNamed('redis-server'),
      stop: async () => undefined,
    };
  }
  const redis = await startRedisServer(() => ['--save', '', '--appendonly', 'no'], ports);
  try {
    const pg = await startPrivatePostgres(ports + 1, { durable: true });
    return {
      adminUrl: pg.adminUrl,
      redisUrl: `redis://127.0.0.1:${redis.port}`,
      redisPids: () => (redis.child.pid === undefined ? [] : [redis.child.pid]),
      stop: async () => {
        pg.destroy();
        await redis.kill();
      },
    };
  } catch (err) {
    await redis.kill();
    throw err;
  }
}
