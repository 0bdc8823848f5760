import { ALL_QUEUES, QueueName } from '@moyo/contracts';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import type { DynamicModule, Provider } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { positionShards, PositionQueueSet } from './position-shards';
import { bullPrefix, type RedisTarget } from './redis';
import { SharedBullConnection } from './shared-bull-connection';

/** What an app's config says about its queues: the Redis, the key prefix and the positions shards. */
export interface BullQueuesTarget extends RedisTarget {
  redisPrefix: string;
  /** QUEUE_SHARDS: shards of the positions queue (positionQueueNames). */
  queueShards: number;
}

/** The Nest parts of an app's BullMQ queues, for its own (global) queues module to compose. */
export interface BullQueueRegistration {
  /** BullModule.forRoot on the shared connection (prefix REDIS_PREFIX), then the queues. */
  imports: DynamicModule[];
  /** SharedBullConnection (closed at shutdown) and PositionQueueSet (the positions shards' queues). */
  providers: Provider[];
  /** The registered queues (inject with `@InjectQueue(name)`), to export. */
  queues: DynamicModule;
}

/**
 * Registers every queue of ALL_QUEUES with its prefix (bullPrefix: with a Redis Cluster a hash tag
 * per queue) and, with QUEUE_SHARDS > 1, the positions shards too (positionShards; PositionQueueSet
 * routes a job to its own), all on one SharedBullConnection made with `connectionOptions`.
 */
export function registerBullQueues(
  config: BullQueuesTarget,
  connectionOptions: { enableOfflineQueue?: boolean } = {},
): BullQueueRegistration {
  const shared = new SharedBullConnection(config, connectionOptions);
  const shards = positionShards(config, config.redisPrefix, config.queueShards).filter(
    (s) => s.name !== QueueName.Positions,
  );
  const queues = BullModule.registerQueue(
    ...ALL_QUEUES.map((name) => ({ name, prefix: bullPrefix(config, config.redisPrefix, name) })),
    ...shards,
  );
  const positionQueues: Provider = {
    provide: PositionQueueSet,
    useFactory: (...all: Queue[]) => new PositionQueueSet(all, config.queueShards),
    inject: [QueueName.Positions, ...shards.map((s) => s.name)].map((name) => getQueueToken(name)),
  };
  return {
    imports: [BullModule.forRoot({ connection: shared.connection, prefix: config.redisPrefix }), queues],
    providers: [{ provide: SharedBullConnection, useValue: shared }, positionQueues],
    queues,
  };
}
