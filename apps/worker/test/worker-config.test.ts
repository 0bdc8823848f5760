import { ConfigError } from '@moyo/contracts';
import { describe, expect, it } from 'vitest';
import { WorkerConfig } from '../src/config/worker-config';

const base = { DATABASE_URL: 'postgresql://u@127.0.0.1:5432/db', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('worker config', () => {
  it('reads the worker and webhook settings with their defaults', () => {
    const c = WorkerConfig.fromEnv({
      ...base,
      WORKER_CONCURRENCY: '8',
      WEBHOOK_ALLOWLIST: '127.0.0.1,10.0.0.0/8',
    });
    expect(c.concurrency).toBe(8);
    expect(c.eyegraphConcurrency).toBe(1);
    expect(c.engineThreads).toBeGreaterThanOrEqual(1);
    expect(c.lockDurationMs).toBe(30_000);
    expect(c.webhookTimeoutMs).toBe(10_000);
    expect(c.webhookBackoffBaseMs).toBe(30_000);
    expect(c.webhookRetryWindowMs).toBe(12 * 3600_000);
    expect(c.webhookAllowlist.ranges).toHaveLength(2);
    expect(c.webhookSecretKey).toHaveLength(32);
  });

  it('names each bad variable', () => {
    let err: unknown;
    try {
      WorkerConfig.fromEnv({ ...base, WEBHOOK_ALLOWLIST: 'not a host', NODE_ENV: 'production' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems;
    expect(problems.some((p) => p.startsWith('WEBHOOK_ALLOWLIST: "not a host"'))).toBe(true);
    expect(problems.some((p) => p.startsWith('WEBHOOK_SECRET_KEY: is required'))).toBe(true);
    expect(() => WorkerConfig.fromEnv({ ...base, WEBHOOK_TIMEOUT_MS: '5' })).toThrow(/WEBHOOK_TIMEOUT_MS/);
    expect(() => WorkerConfig.fromEnv({ ...base, WORKER_ENGINE_THREADS: '0' })).toThrow(
      /WORKER_ENGINE_THREADS/,
    );
  });
});
