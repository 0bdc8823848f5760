export * from './bullmq';
export * from './redis';
export * from './redis.service';
export * from './shared-bull-connection';
export * from './position-shards';
export * from './bull-queues';
