/**
 * BullMQ options every producer of analysis jobs (api, ingest) passes with `add`, so retries
 * behave the same whoever enqueued: transient failures (database or Redis away, a crashed engine
 * thread) are retried with exponential backoff (1 s, 2 s, 4 s, 8 s); invalid input is not retried
 * (the worker throws UnrecoverableError). Finished jobs leave Redis after a while; the jobs table
 * keeps them, and the worker's idempotency makes a re-added finished job a no-op.
 */
export const ANALYSIS_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 20_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;
