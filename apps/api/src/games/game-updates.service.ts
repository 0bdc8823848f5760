import { closeBull, ownBullConnection, PositionQueueSet } from '@moyo/persistence';
import { Injectable, OnModuleDestroy, Optional } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import { Observable, Subject } from 'rxjs';

/**
 * Tells the game event streams when a position job ends, so an SSE client gets a move's result
 * as soon as the worker stored it instead of at the next poll. One BullMQ QueueEvents listener
 * per positions shard (QUEUE_SHARDS) per api process, opened on the first subscriber; the streams keep a slow poll as well, so a
 * missed event (Redis away, a job ending before its move row exists) only delays, never loses.
 */
@Injectable()
export class GameUpdatesService implements OnModuleDestroy {
  private events?: QueueEvents[];
  private readonly ended = new Subject<string>();

  constructor(@Optional() private readonly positions?: PositionQueueSet<Queue>) {}

  /**
   * Ids of position jobs that completed or failed from now on (nothing without a queue). It
   * completes when the api shuts down, which ends the event streams.
   */
  jobEnded(): Observable<string> {
    this.listen();
    return this.ended.asObservable();
  }

  private listen(): void {
    if (this.events || !this.positions) return;
    // The producer's connection settings and prefixes: the same Redis and keys as the workers.
    this.events = this.positions.all().map((queue) => {
      const events = new QueueEvents(queue.name, {
        connection: ownBullConnection(queue.opts.connection, { enableOfflineQueue: true }),
        prefix: queue.opts.prefix,
      });
      events.on('error', () => undefined); // reconnects by itself; the streams' poll covers the gap
      events.on('completed', ({ jobId }) => this.ended.next(jobId));
      events.on('failed', ({ jobId }) => this.ended.next(jobId));
      return events;
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.ended.complete();
    if (this.events) await Promise.all(this.events.map((e) => closeBull(e)));
  }
}
