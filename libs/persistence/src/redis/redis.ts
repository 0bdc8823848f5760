import { Redis, type RedisOptions } from 'ioredis';
import { stoppableRetryStrategy } from './bullmq';

/**
 * Reconnect waits: 100 ms more each try, at most 1 s, so a process is back within about a second
 * of Redis (BullMQ's own default grows to 20 s: idle workers and 503s long after Redis returned).
 */
export function redisReconnectDelay(times: number): number {
  return Math.min(times * 100, 1000);
}

/**
 * Options for BullMQ connections from a redis:// or rediss:// URL. BullMQ workers need
 * `maxRetriesPerRequest: null` (blocking commands must wait out reconnects). Each call makes a
 * new reconnect strategy: the objects made from one call (and from copies of it) stop
 * reconnecting together (`stopReconnecting`).
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
    // Stoppable, so a shutdown while Redis is away does not wait for it (see stopReconnecting).
    retryStrategy: stoppableRetryStrategy(redisReconnectDelay),
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
    retryStrategy: redisReconnectDelay,
  });
  // Connection errors surface through failed commands; without a listener ioredis prints them.
  client.on('error', () => undefined);
  return client;
}
