import { ConfigError } from '@moyo/contracts';
import { describe, expect, it } from 'vitest';
import { WorkerConfig } from '../src/config/worker-config';

const base = { DATABASE_URL: 'postgresql://u@127.0.0.1:5432/db', REDIS_URL: 'redis://127.0.0.1:6379' };

/** The problems ConfigError lists for `env`, or [] when it is valid. */
function problems(env: Record<string, string>): string[] {
  try {
    WorkerConfig.fromEnv({ ...base, ...env });
    return [];
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).problems;
  }
}

describe('retention settings', () => {
  it('default to 30 days, a 5-minute sweep and batches of 1000 rows', () => {
    const c = WorkerConfig.fromEnv(base);
    expect(c.retentionDays).toBe(30);
    expect(c.retentionIntervalMs).toBe(300_000);
    expect(c.retentionBatchSize).toBe(1000);
    expect(WorkerConfig.fromEnv({ ...base, RESULT_RETENTION_DAYS: '' }).retentionDays).toBe(30);
  });

  it('accept 0 (keep for ever) and whole days up to 100 years', () => {
    expect(WorkerConfig.fromEnv({ ...base, RESULT_RETENTION_DAYS: '0' }).retentionDays).toBe(0);
    expect(WorkerConfig.fromEnv({ ...base, RESULT_RETENTION_DAYS: '36500' }).retentionDays).toBe(36_500);
    expect(WorkerConfig.fromEnv({ ...base, RETENTION_BATCH_SIZE: '1' }).retentionBatchSize).toBe(1);
  });

  it('refuse anything else, naming the variable and the value', () => {
    for (const bad of ['-1', '1.5', 'thirty', '36501', '1e9']) {
      const p = problems({ RESULT_RETENTION_DAYS: bad });
      expect(p, bad).toHaveLength(1);
      expect(p[0], bad).toBe(`RESULT_RETENTION_DAYS: must be an integer between 0 and 36500 (got "${bad}")`);
    }
    expect(problems({ RETENTION_BATCH_SIZE: '0' })[0]).toMatch(/^RETENTION_BATCH_SIZE: must be an integer/);
    expect(problems({ RETENTION_BATCH_SIZE: '100001' })[0]).toMatch(/^RETENTION_BATCH_SIZE: /);
    expect(problems({ RETENTION_INTERVAL_MS: '10' })[0]).toMatch(/^RETENTION_INTERVAL_MS: /);
  });
});
