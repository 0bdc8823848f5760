import { ALL_QUEUES } from '@moyo/contracts';
import { closeBull } from '@moyo/persistence';
import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, BeforeApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';

/**
 * Logs queue connection errors (once per message); at shutdown closes the queues with `closeBull`,
 * before BullModule's own close (which then has nothing left to do), so an unreachable Redis
 * cannot hold the shutdown up.
 */
@Injectable()
export class QueueGuardService implements OnModuleInit, BeforeApplicationShutdown {
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext('Queues');
  }

  onModuleInit(): void {
    for (const name of ALL_QUEUES) {
      const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      let lastMessage = '';
      queue.on('error', (err) => {
        if (err.message === lastMessage) return;
        lastMessage = err.message;
        this.logger.warn({ queue: name, err: err.message }, 'queue connection error');
      });
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(
      ALL_QUEUES.map((name) => closeBull(this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }))),
    );
  }
}
