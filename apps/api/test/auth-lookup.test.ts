import type { ApiKeyRepository } from '@moyo/persistence';
import type { ExecutionContext } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { ApiKeyGuard } from '../src/auth/api-key.guard';
import { generateApiKey } from '../src/auth/api-keys';
import type { RateLimitService } from '../src/rate-limit/rate-limit.service';

/** A guard over a fake key table whose lookups resolve when `release()` is called. */
function guardWithSlowLookups(hash: string) {
  let lookups = 0;
  const waiting: (() => void)[] = [];
  const keys = {
    findActiveByHash: async (keyHash: string) => {
      lookups++;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return keyHash === hash
        ? { id: 'key-1', prefix: 'moyo_x', tenantId: 'tenant-1', tenant: { name: 'T' } }
        : null;
    },
    touch: async () => undefined,
  } as unknown as ApiKeyRepository;
  const rateLimit = {
    authBlockedFor: async () => 0,
    countAuthFailure: async () => undefined,
    consume: async () => ({ allowed: true, limit: 10, remaining: 9, resetSeconds: 60 }),
  } as unknown as RateLimitService;
  const guard = new ApiKeyGuard(keys, rateLimit);
  return {
    guard,
    lookups: () => lookups,
    release: () => waiting.splice(0).forEach((resolve) => resolve()),
  };
}

function context(key: string) {
  const req: Record<string, unknown> = {
    originalUrl: '/v1/positions',
    headers: { authorization: `Bearer ${key}` },
    ip: '127.0.0.1',
  };
  const ctx = {
    getType: () => 'http',
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => ({ setHeader: () => undefined }) }),
  } as unknown as ExecutionContext;
  return { ctx, req };
}

describe('ApiKeyGuard key lookups', () => {
  it('makes one lookup for the requests of one key that miss the cache together', async () => {
    const { key, hash } = generateApiKey();
    const t = guardWithSlowLookups(hash);
    const requests = Array.from({ length: 20 }, () => context(key));
    const checks = requests.map(({ ctx }) => t.guard.canActivate(ctx));
    await new Promise((resolve) => setImmediate(resolve));
    t.release();
    expect(await Promise.all(checks)).toEqual(requests.map(() => true));
    expect(t.lookups()).toBe(1);
    for (const { req } of requests) expect(req.tenantId).toBe('tenant-1');
    // Remembered afterwards: no further lookup.
    expect(await t.guard.canActivate(context(key).ctx)).toBe(true);
    expect(t.lookups()).toBe(1);
  });

  it('does not remember an unknown key: each later request looks it up again', async () => {
    const { hash } = generateApiKey();
    const other = generateApiKey().key;
    const t = guardWithSlowLookups(hash);
    for (let i = 1; i <= 2; i++) {
      const check = t.guard.canActivate(context(other).ctx);
      await new Promise((resolve) => setImmediate(resolve));
      t.release();
      await expect(check).rejects.toMatchObject({ status: 401 });
      expect(t.lookups()).toBe(i);
    }
  });
});
