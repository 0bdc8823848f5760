/** Shared contracts between the Moyo apps: queue and job names, job payloads, environment, webhook target checks. */
export * from './queues';
export * from './config';
export * from './webhooks';
