export * from './bullmq';
export * from './redis';
export * from './redis.service';
