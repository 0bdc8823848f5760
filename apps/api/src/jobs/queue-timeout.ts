/**
 * How long a queue call may wait for Redis. BullMQ waits for a first connection without limit
 * (only a lost connection fails fast), so an api started while Redis is down would hang its
 * requests; past this the call counts as failed (the request answers 503).
 */
export const QUEUE_TIMEOUT_MS = 5000;

/** `work`, or a rejection naming `what` once `ms` have passed without an answer. */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer from Redis within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
