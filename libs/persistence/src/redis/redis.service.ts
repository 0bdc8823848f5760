import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { createProbeRedis, type RedisClient, type RedisTarget } from './redis';

export const REDIS_OPTIONS = Symbol('REDIS_OPTIONS');

export interface RedisOptions extends RedisTarget {
  /** REDIS_PREFIX: every key this process writes starts with it (see `key`). */
  redisPrefix: string;
  /**
   * Commands issued in one turn of the event loop go to Redis in one write (ioredis
   * enableAutoPipelining): the api's rate-limit counts of concurrent requests. Off by default.
   */
  redisAutoPipelining?: boolean;
}

/**
 * The process's general-purpose Redis client (probes, leases, rate-limit counters; BullMQ keeps
 * its own connections): a Cluster client when REDIS_CLUSTER_NODES is set. Commands fail fast
 * while Redis is unreachable. Every use is a single-key command or script, so any key works on a
 * cluster.
 */
@Injectable()
export class RedisService implements OnModuleDestroy {
  readonly client: RedisClient;
  readonly prefix: string;

  constructor(@Inject(REDIS_OPTIONS) options: RedisOptions) {
    this.client = createProbeRedis(options, { autoPipelining: options.redisAutoPipelining });
    this.prefix = options.redisPrefix;
  }

  /**
   * A key under this deployment's prefix: `key('ratelimit', keyId)` is `<prefix>:ratelimit:<keyId>`.
   * Use it for every key written through `client`, so tests and deployments sharing one Redis stay
   * apart (BullMQ applies the same prefix to its own keys).
   */
  key(...parts: (string | number)[]): string {
    return [this.prefix, ...parts].join(':');
  }

  /**
   * Resolves when Redis answers PING; rejects otherwise. While (re)connecting it waits up to
   * `connectWaitMs` for the connection, so a probe right after boot does not report a false "down".
   */
  async ping(connectWaitMs = 1000): Promise<void> {
    if (this.client.status !== 'ready') await this.waitUntilReady(connectWaitMs);
    const answer = await this.client.ping();
    if (answer !== 'PONG') throw new Error(`unexpected PING answer ${answer}`);
  }

  private waitUntilReady(timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.client.off('ready', onReady);
        reject(new Error(`not connected (${this.client.status})`));
      }, timeoutMs);
      this.client.once('ready', onReady);
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.client.disconnect();
  }
}
