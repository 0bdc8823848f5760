import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FOLLOW_POLL_JOBS, FOLLOW_POLL_MS, TurnFollower } from '../../src/katago/katago-follow';
import type { KataGoQueryService, PendingTurn } from '../../src/katago/katago-query.service';

/** A query service whose jobs end when the test says so. */
function fakeQueries() {
  const done = new Set<string>();
  const reads: string[] = [];
  /** Jobs per read: the follower reads many at once. */
  const batches: number[] = [];
  const service = {
    linesOf: async (_tenant: string, turns: PendingTurn[]) => {
      batches.push(turns.length);
      return turns.map((turn) => {
        reads.push(turn.jobId);
        return done.has(turn.jobId) ? { id: turn.queryId, turnNumber: turn.turnNumber, rootInfo: {} } : null;
      });
    },
  } as unknown as KataGoQueryService;
  return { service, done, reads, batches };
}

const turn = (queryId: string, turnNumber: number, jobId: string): PendingTurn => ({
  queryId,
  turnNumber,
  jobId,
});
const settle = () => new Promise((r) => setImmediate(r));

describe('TurnFollower', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
  afterEach(() => vi.useRealTimers());

  it('answers on the job-ended event, each turn sharing a job with its own id and turn', async () => {
    const { service, done } = fakeQueries();
    const ended = new Subject<string>();
    const sent: unknown[] = [];
    const f = new TurnFollower('t', service, ended, (l) => sent.push(l));
    f.add([turn('a', 3, 'j1'), turn('b', 5, 'j1'), turn('a', 4, 'j2')]);
    await settle();
    expect(sent).toEqual([]);
    done.add('j1');
    ended.next('j1');
    await settle();
    expect(sent).toEqual([
      { id: 'a', turnNumber: 3, rootInfo: {} },
      { id: 'b', turnNumber: 5, rootInfo: {} },
    ]);
    expect(f.size).toBe(1);
    expect(f.stop('a')).toEqual([turn('a', 4, 'j2')]);
    expect(f.size).toBe(0);
    f.close();
  });

  it('finds a job whose event was missed by polling, a few jobs at a time, oldest first', async () => {
    const { service, done, reads, batches } = fakeQueries();
    const sent: unknown[] = [];
    const f = new TurnFollower('t', service, new Subject<string>(), (l) => sent.push(l));
    const many = Array.from({ length: FOLLOW_POLL_JOBS + 5 }, (_, i) => turn('q', i, `j${i}`));
    f.add(many);
    await settle();
    // The turns added are read in one go, then each poll reads its share in one go.
    expect(batches).toEqual([FOLLOW_POLL_JOBS + 5]);
    reads.length = 0;
    done.add(`j${FOLLOW_POLL_JOBS + 2}`); // beyond the first poll's share
    vi.advanceTimersByTime(FOLLOW_POLL_MS);
    await settle();
    expect(reads).toHaveLength(FOLLOW_POLL_JOBS);
    expect(batches).toEqual([FOLLOW_POLL_JOBS + 5, FOLLOW_POLL_JOBS]);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(FOLLOW_POLL_MS);
    await settle();
    expect(sent).toEqual([{ id: 'q', turnNumber: FOLLOW_POLL_JOBS + 2, rootInfo: {} }]);
    f.close();
  });
});
