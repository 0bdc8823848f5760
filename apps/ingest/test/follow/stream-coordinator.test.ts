import type { GameStream, GameStreamRepository, RedisClient } from '@moyo/persistence';
import { describe, expect, it } from 'vitest';
import type { OgsClient } from '../../src/ogs/ogs-client';
import { StreamCoordinator } from '../../src/follow/stream-coordinator';

/** A coordinator whose stream list is read only when the test says so (no stream to follow). */
function gatedCoordinator() {
  const reads: (() => void)[] = [];
  const streams = {
    listFollowing: () => new Promise<GameStream[]>((resolve) => reads.push(() => resolve([]))),
  } as unknown as GameStreamRepository;
  const coordinator = new StreamCoordinator(
    {} as OgsClient,
    {} as RedisClient,
    streams,
    () => {
      throw new Error('no stream to follow');
    },
    { replicaId: 'replica', redisPrefix: 'test' },
  );
  return { coordinator, reads };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('StreamCoordinator.scan', () => {
  it('a call while a pass runs waits for a pass begun after it (that pass may have read the streams before the caller changed them)', async () => {
    const { coordinator, reads } = gatedCoordinator();
    const first = coordinator.scan();
    const done: string[] = [];
    const later = [coordinator.scan(), coordinator.scan()].map((p, i) =>
      p.then(() => done.push(`call ${i}`)),
    );
    expect(reads).toHaveLength(1);
    reads[0](); // the running pass reads its list: one from before the later calls
    await first;
    await tick();
    expect(done).toEqual([]);
    // One more pass for both later calls, not one each.
    expect(reads).toHaveLength(2);
    reads[1]();
    await Promise.all(later);
    expect(done.sort()).toEqual(['call 0', 'call 1']);
    expect(reads).toHaveLength(2);
  });

  it('a call while no pass runs starts one at once, and the next call after it ends starts another', async () => {
    const { coordinator, reads } = gatedCoordinator();
    const first = coordinator.scan();
    expect(reads).toHaveLength(1);
    reads[0]();
    await first;
    const second = coordinator.scan();
    expect(reads).toHaveLength(2);
    reads[1]();
    await second;
    expect(reads).toHaveLength(2);
  });
});
