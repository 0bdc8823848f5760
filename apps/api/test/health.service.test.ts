import type { HealthRepository, RedisService } from '@moyo/persistence';
import type { Queue } from 'bullmq';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HealthService } from '../src/health/health.service';

function service(
  redisPing: () => Promise<void>,
  postgresPing: () => Promise<void>,
  queueStatus = 'ready',
): HealthService {
  return new HealthService(
    { ping: redisPing } as unknown as RedisService,
    {
      ping: postgresPing,
    } as unknown as HealthRepository,
    { client: Promise.resolve({ status: queueStatus }) } as unknown as Pick<Queue, 'client'>,
  );
}

describe('HealthService.readiness', () => {
  afterEach(() => vi.useRealTimers());

  it('is ok when both probes answer', async () => {
    const readiness = await service(
      async () => undefined,
      async () => undefined,
    ).readiness();
    expect(readiness).toMatchObject({ status: 'ok', down: [] });
    expect(readiness.checks.redis.status).toBe('up');
  });

  it('names every dependency whose probe fails, with its error', async () => {
    const readiness = await service(
      async () => Promise.reject(new Error('ECONNREFUSED')),
      async () => Promise.reject(new Error('password authentication failed')),
    ).readiness();
    expect(readiness.status).toBe('unavailable');
    expect(readiness.down).toEqual(['redis', 'postgres']);
    expect(readiness.checks.redis.error).toBe('ECONNREFUSED');
    expect(readiness.checks.postgres.error).toBe('password authentication failed');
  });

  it('reports redis down while the job queue has not reconnected, though Redis answers', async () => {
    const readiness = await service(
      async () => undefined,
      async () => undefined,
      'reconnecting',
    ).readiness();
    expect(readiness.down).toEqual(['redis']);
    expect(readiness.checks.redis.error).toBe("the job queue's connection is reconnecting");
  });

  it('counts a probe that never answers as down after its timeout', async () => {
    vi.useFakeTimers();
    const pending = service(
      () => new Promise<void>(() => undefined),
      async () => undefined,
    ).readiness();
    await vi.advanceTimersByTimeAsync(2000);
    const readiness = await pending;
    expect(readiness.down).toEqual(['redis']);
    expect(readiness.checks.redis.error).toBe('no answer within 2000 ms');
    expect(readiness.checks.postgres.status).toBe('up');
  });
});
