import type { JobsOptions, Queue } from 'bullmq';

interface Waiting {
  name: string;
  data: unknown;
  opts: JobsOptions;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** Most jobs in one coalesced addBulk (single submissions: a few kB each). */
export const MAX_COALESCED_ADDS = 64;

/**
 * The single-job adds that concurrent requests start in one turn of the event loop, sent to
 * their queue as one `addBulk` (one write and one reply on the queue's connection instead of one
 * each). BullMQ's addBulk adds every job or none (one MULTI): when it fails, every request of the
 * batch fails as it would have alone (the queue is what failed) and answers 503.
 */
export class QueueAdds {
  private readonly waiting = new Map<Queue, Waiting[]>();
  private scheduled = false;

  constructor(private readonly maxBatch = MAX_COALESCED_ADDS) {}

  /** Adds one job to `queue` together with the other adds of this turn; resolves once added. */
  add(queue: Queue, name: string, data: unknown, opts: JobsOptions): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const list = this.waiting.get(queue);
      const entry = { name, data, opts, resolve, reject };
      if (list) list.push(entry);
      else this.waiting.set(queue, [entry]);
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.scheduled = false;
    const all = [...this.waiting];
    this.waiting.clear();
    for (const [queue, list] of all) {
      for (let i = 0; i < list.length; i += this.maxBatch)
        void this.send(queue, list.slice(i, i + this.maxBatch));
    }
  }

  private async send(queue: Queue, batch: Waiting[]): Promise<void> {
    try {
      if (batch.length === 1) await queue.add(batch[0].name, batch[0].data, batch[0].opts);
      else await queue.addBulk(batch.map(({ name, data, opts }) => ({ name, data, opts })));
      for (const w of batch) w.resolve();
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
}
