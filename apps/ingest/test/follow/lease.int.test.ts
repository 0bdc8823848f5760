import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useIsolatedServices } from '../../../../test/support/services';
import { LeaseKeeper, RedisLease } from '../../src/follow/lease';

describe('RedisLease on a real Redis', () => {
  const services = useIsolatedServices();
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(services().redisUrl);
  });
  afterAll(() => redis.quit());
  const key = (name: string) => `${services().redisPrefix}:lease:${name}`;

  it('one owner at a time; renew and release only by the owner; takeover after the lease lapses', async () => {
    const a = new RedisLease(redis, key('g1'), 'replica-a', 150);
    const b = new RedisLease(redis, key('g1'), 'replica-b', 150);
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    expect(await b.renew()).toBe(false);
    expect(await b.release()).toBe(false);
    expect(await a.holder()).toBe('replica-a');
    expect(await a.acquire()).toBe(true); // already ours: extended
    await new Promise((r) => setTimeout(r, 250));
    expect(await a.holder()).toBeNull();
    expect(await b.acquire()).toBe(true);
    expect(await a.renew()).toBe(false); // lapsed and taken: never stolen back
    expect(await b.release()).toBe(true);
    expect(await a.holder()).toBeNull();
  });

  it('of many concurrent acquirers exactly one wins', async () => {
    const leases = Array.from({ length: 20 }, (_, i) => new RedisLease(redis, key('g2'), `r${i}`, 5000));
    const won = await Promise.all(leases.map((l) => l.acquire()));
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it('a keeper renews past the ttl, and reports the loss when another owner holds the key', async () => {
    const lease = new RedisLease(redis, key('g3'), 'keeper', 120);
    expect(await lease.acquire()).toBe(true);
    const keeper = new LeaseKeeper(lease);
    const lost: string[] = [];
    keeper.on('lost', (why) => lost.push(why));
    keeper.start();
    await new Promise((r) => setTimeout(r, 400));
    expect(await lease.holder()).toBe('keeper');
    expect(lost).toEqual([]);
    await redis.set(key('g3'), 'intruder', 'PX', 5000);
    await new Promise((r) => setTimeout(r, 150));
    expect(lost).toEqual(['lease held by another replica or lapsed']);
    expect(await lease.holder()).toBe('intruder');
    await keeper.stop(true);
    expect(await lease.holder()).toBe('intruder');
  });

  it('a keeper cut off from Redis gives up before its key lapses, so a taker never overlaps it', async () => {
    const cut = new Redis(services().redisUrl);
    const lease = new RedisLease(cut, key('g4'), 'cut-off', 1500);
    expect(await lease.acquire()).toBe(true);
    const keeper = new LeaseKeeper(lease);
    const lost = new Promise<string>((r) => keeper.once('lost', r));
    keeper.start();
    cut.disconnect();
    expect(await lost).toBe('could not renew the lease: Redis unreachable');
    // Still held (it lapses by itself), so nobody else could have started yet.
    expect(await redis.get(key('g4'))).toBe('cut-off');
    await keeper.stop(true);
    const taker = new RedisLease(redis, key('g4'), 'taker', 1500);
    while (!(await taker.acquire())) await new Promise((r) => setTimeout(r, 20));
    expect(await taker.holder()).toBe('taker');
  });
});
