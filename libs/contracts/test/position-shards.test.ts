import { describe, expect, it } from 'vitest';
import {
  gameRoutingKey,
  positionQueueNames,
  positionQueueOf,
  positionRoutingKey,
  positionShardOf,
} from '../src/queues/position-shards';

describe('positions queue shards (QUEUE_SHARDS)', () => {
  it('keeps the one queue `positions` with one shard, names N shards otherwise', () => {
    expect(positionQueueNames(1)).toEqual(['positions']);
    expect(positionQueueNames(3)).toEqual(['positions-0', 'positions-1', 'positions-2']);
    expect(() => positionQueueNames(0)).toThrow(/QUEUE_SHARDS must be an integer from 1 to 64, got 0/);
    expect(() => positionQueueNames(1.5)).toThrow(/QUEUE_SHARDS/);
    expect(() => positionQueueNames(65)).toThrow(/QUEUE_SHARDS/);
  });

  it("routes a followed game's jobs by the game, others by tenant, then by id", () => {
    const stream = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    expect(positionRoutingKey(`ogs-123-7-abcdef0123456789-${stream}`, 't')).toBe(gameRoutingKey(123));
    expect(positionRoutingKey('position-abc', 'tenant-uuid')).toBe('tenant-tenant-uuid');
    expect(positionRoutingKey('position-abc', null)).toBe('job-position-abc');
    // Every move and the final job of one game: one shard, whatever the move and tenant.
    const shards = new Set(
      [1, 2, 3, 150, 'final'].map((n) =>
        positionQueueOf(`ogs-987654-${n}-0123456789abcdef-${stream}`, null, 8),
      ),
    );
    expect(shards.size).toBe(1);
    expect(positionQueueOf('anything', 'x', 1)).toBe('positions');
  });

  it('spreads many games over all shards about evenly', () => {
    const counts = new Array(4).fill(0) as number[];
    for (let game = 1; game <= 4000; game++) counts[positionShardOf(gameRoutingKey(game), 4)]++;
    for (const c of counts) expect(c).toBeGreaterThan(800);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(4000);
  });
});
