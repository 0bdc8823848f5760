import { isDatabaseUnavailable } from '@moyo/persistence';
import { DelayedError, type Job } from 'bullmq';

/** How long a job's final write is retried in place while PostgreSQL is away. */
export const DATABASE_RETRY_WINDOW_MS = 30_000;
const FIRST_WAIT_MS = 200;
const LONGEST_WAIT_MS = 2_000;

/**
 * Runs `write`; while it fails because PostgreSQL is unreachable, runs it again after a wait
 * (200 ms doubling to 2 s) until `windowMs` have passed. Other errors, and the outage error past
 * the window, are thrown. The BullMQ worker keeps renewing the job's lock meanwhile.
 */
export async function retryWhileDatabaseDown<T>(
  write: () => Promise<T>,
  windowMs = DATABASE_RETRY_WINDOW_MS,
): Promise<T> {
  const deadline = Date.now() + windowMs;
  for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 2, LONGEST_WAIT_MS)) {
    try {
      return await write();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() + wait > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Puts `job` back on its queue, delayed by 1-2 s, without counting an attempt (BullMQ's public
 * `moveToDelayed` plus `DelayedError`), because PostgreSQL is away: an outage must not use up the
 * job's retries. Always throws: DelayedError, or `cause` itself when the job cannot be moved
 * (no lock token, Redis away too), which then counts as a failed attempt.
 */
export async function postponeJob(job: Job, token: string | undefined, cause: unknown): Promise<never> {
  if (!token) throw cause;
  try {
    await job.moveToDelayed(Date.now() + 1000 + Math.floor(Math.random() * 1000), token);
  } catch {
    throw cause;
  }
  throw new DelayedError(`postponed: the database is unavailable (${(cause as Error)?.message ?? cause})`);
}
