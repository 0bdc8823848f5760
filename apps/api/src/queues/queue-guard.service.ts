import { ALL_QUEUES } from '@moyo/contracts';
import { ignoreErrorsAfterClose } from '@moyo/persistence';
import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';

/** Logs queue connection errors (once per message) and applies the BullMQ shutdown workaround. */
@Injectable()
export class QueueGuardService implements OnModuleInit {
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext('Queues');
  }

  onModuleInit(): void {
    for (const name of ALL_QUEUES) {
      const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      ignoreErrorsAfterClose(queue);
      let lastMessage = '';
      queue.on('error', (err) => {
        if (err.message === lastMessage) return;
        lastMessage = err.message;
        this.logger.warn({ queue: name, err: err.message }, 'queue connection error');
      });
    }
  }
}
