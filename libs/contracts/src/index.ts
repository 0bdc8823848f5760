/** Shared contracts between the Moyo apps: queue and job names, job payloads, environment. */
export * from './queues';
export * from './config';
