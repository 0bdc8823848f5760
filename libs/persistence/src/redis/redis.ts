import { Redis, type RedisOptions } from 'ioredis';

/**
 * Options for BullMQ connections from a redis:// or rediss:// URL. BullMQ workers need
 * `maxRetriesPerRequest: null` (blocking commands must wait out reconnects).
 */
export function bullConnectionOptions(redisUrl: string): RedisOptions {
  const u = new URL(redisUrl);
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0;
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/**
 * A Redis client for probes, locks and counters. Commands fail at once while disconnected
 * (no offline queue) so a readiness probe answers instead of hanging; it reconnects by itself.
 */
export function createProbeRedis(redisUrl: string): Redis {
  const client = new Redis(redisUrl, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // Connection errors surface through failed commands; without a listener ioredis prints them.
  client.on('error', () => undefined);
  return client;
}
