import { describe, expect, it } from 'vitest';
import { keySlot, PositionQueueSet, positionShards } from '../src/redis/position-shards';

const cluster = { redisUrl: 'redis://127.0.0.1:6379', redisClusterNodes: ['127.0.0.1:7000'] };
const single = { redisUrl: 'redis://127.0.0.1:6379', redisClusterNodes: [] };

describe('positions shards on Redis', () => {
  it("computes Redis Cluster's key slots (values from the Redis Cluster specification)", () => {
    expect(keySlot('123456789')).toBe(0x31c3); // CRC16-XMODEM check value
    expect(keySlot('foo')).toBe(12182);
    expect(keySlot('{user1000}.following')).toBe(keySlot('{user1000}.followers'));
    expect(keySlot('{user1000}.following')).toBe(keySlot('user1000'));
    expect(keySlot('foo{}{bar}')).toBe(keySlot('foo{}{bar}')); // empty tag: the whole key
    expect(keySlot('{}foo')).not.toBe(keySlot('foo'));
  });

  it('keeps REDIS_PREFIX on one Redis and one tag per queue for one shard', () => {
    expect(positionShards(single, 'moyo', 3)).toEqual([
      { name: 'positions-0', prefix: 'moyo' },
      { name: 'positions-1', prefix: 'moyo' },
      { name: 'positions-2', prefix: 'moyo' },
    ]);
    expect(positionShards(cluster, 'moyo', 1)).toEqual([{ name: 'positions', prefix: '{moyo:positions}' }]);
  });

  it("puts shard i's hash tag in the i-th of N equal slot ranges", () => {
    for (const n of [2, 3, 5, 16]) {
      const shards = positionShards(cluster, 'moyo', n);
      shards.forEach((s, i) => {
        const slot = keySlot(`${s.prefix}:${s.name}:wait`);
        expect(slot).toBeGreaterThanOrEqual(Math.floor((i * 16384) / n));
        expect(slot).toBeLessThan(Math.floor(((i + 1) * 16384) / n));
      });
    }
  });

  it('finds the queue of a job and refuses a set without every shard', () => {
    const queues = ['positions-0', 'positions-1', 'positions-2'].map((name) => ({ name }));
    const set = new PositionQueueSet(queues, 3);
    expect(set.all()).toEqual(queues);
    const game = set.of('ogs-42-1-0123456789abcdef-x', 'tenant');
    expect(set.of('ogs-42-99-fedcba9876543210-y', null)).toBe(game);
    expect(() => new PositionQueueSet(queues.slice(0, 2), 3)).toThrow(/positions-2 has no queue/);
  });
});
