import { ALL_QUEUES, QueueName } from '@moyo/contracts';
import { closeBull } from '@moyo/persistence';
import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap, BeforeApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';

/**
 * Checks at boot that every queue's Redis connection is up and logs the queue depths, so a
 * misconfigured REDIS_URL or REDIS_PREFIX shows in the first log lines. Does not block the boot:
 * BullMQ keeps reconnecting while Redis is away.
 */
@Injectable()
export class QueueConnectionsService
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown
{
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext(QueueConnectionsService.name);
  }

  /** Logs connection errors (once per message). */
  onModuleInit(): void {
    for (const name of ALL_QUEUES) {
      const queue = this.queue(name);
      let lastMessage = '';
      queue.on('error', (err) => {
        if (err.message === lastMessage) return;
        lastMessage = err.message;
        this.logger.warn({ queue: name, err: err.message }, 'queue connection error');
      });
    }
  }

  onApplicationBootstrap(): void {
    void this.report();
  }

  /**
   * Shutting down: closes the queues with `closeBull`, after every module's onModuleDestroy (the
   * workers have drained) and before BullModule's own close (which then has nothing left to do),
   * so an unreachable Redis cannot hold the shutdown up.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(ALL_QUEUES.map((name) => closeBull(this.queue(name))));
  }

  /** The registered Queue for `name`. */
  queue(name: QueueName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }

  /** Waits for each queue's connection and returns its job counts. */
  async report(): Promise<Record<string, Record<string, number>>> {
    const counts: Record<string, Record<string, number>> = {};
    try {
      for (const name of ALL_QUEUES) {
        const queue = this.queue(name);
        await queue.waitUntilReady();
        counts[name] = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
      }
      this.logger.info(
        { queues: counts, prefix: this.queue(ALL_QUEUES[0]).opts.prefix },
        'connected to queues',
      );
    } catch (err) {
      this.logger.error({ err }, 'queue connection check failed');
    }
    return counts;
  }
}
