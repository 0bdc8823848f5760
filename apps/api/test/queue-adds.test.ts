import type { JobsOptions, Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { QueueAdds } from '../src/jobs/queue-adds';

/** A queue that records its calls (add: one job; addBulk: the ids of a batch). */
function fakeQueue(fail = false) {
  const calls: string[][] = [];
  const queue = {
    add: (_name: string, _data: unknown, opts: JobsOptions) => {
      calls.push([`add ${opts.jobId}`]);
      return fail ? Promise.reject(new Error('redis down')) : Promise.resolve({});
    },
    addBulk: (jobs: { opts: JobsOptions }[]) => {
      calls.push(jobs.map((j) => `bulk ${j.opts.jobId}`));
      return fail ? Promise.reject(new Error('redis down')) : Promise.resolve([]);
    },
  };
  return { queue: queue as unknown as Queue, calls };
}

describe('QueueAdds', () => {
  it('sends the adds of one turn to each queue as one addBulk, a lone add as add', async () => {
    const a = fakeQueue();
    const b = fakeQueue();
    const adds = new QueueAdds();
    await Promise.all([
      adds.add(a.queue, 'n', {}, { jobId: '1' }),
      adds.add(b.queue, 'n', {}, { jobId: '2' }),
      adds.add(a.queue, 'n', {}, { jobId: '3' }),
    ]);
    expect(a.calls).toEqual([['bulk 1', 'bulk 3']]);
    expect(b.calls).toEqual([['add 2']]);
    await adds.add(a.queue, 'n', {}, { jobId: '4' });
    expect(a.calls).toEqual([['bulk 1', 'bulk 3'], ['add 4']]);
  });

  it('cuts a turn past the batch size into several addBulks', async () => {
    const a = fakeQueue();
    const adds = new QueueAdds(2);
    await Promise.all(['1', '2', '3'].map((id) => adds.add(a.queue, 'n', {}, { jobId: id })));
    expect(a.calls).toEqual([['bulk 1', 'bulk 2'], ['add 3']]);
  });

  it('fails every add of a batch when the queue refuses it', async () => {
    const a = fakeQueue(true);
    const adds = new QueueAdds();
    const settled = await Promise.allSettled(
      ['1', '2'].map((id) => adds.add(a.queue, 'n', {}, { jobId: id })),
    );
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
  });
});
