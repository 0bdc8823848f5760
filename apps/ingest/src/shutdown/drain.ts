import type { INestApplicationContext } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { FollowService } from '../follow/follow.module';

/** The whole drain waits at most this (the process's own limit, main.ts, is 10 s). */
export const DRAIN_WAIT_MS = 8_000;

/** What a drain did, for its log line and the tests. */
export interface IngestDrainOutcome {
  /** Streams this replica followed when the signal came: their leases are released. */
  streams: number;
  /** True when followers, OGS socket, queue, database and Redis closed within DRAIN_WAIT_MS. */
  closed: boolean;
  ms: number;
}

/**
 * Drains an ingest replica: `app.close()` stops every follower (no new move is handed over; the
 * one being written, job row + queue job + move row, finishes: GameFollower.stop), releases
 * their leases so another replica takes the games over at once, closes the OGS socket and the
 * queue, then PostgreSQL and Redis. Bounded by DRAIN_WAIT_MS. Never throws.
 */
export async function drainIngest(app: INestApplicationContext): Promise<IngestDrainOutcome> {
  const t0 = performance.now();
  const streams = app.get(FollowService, { strict: false }).coordinator.followedStreams.length;
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    app.close().then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), DRAIN_WAIT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  return { streams, closed, ms: performance.now() - t0 };
}

/**
 * SIGTERM / SIGINT: `drainIngest`, one log line, exit 0. Replaces Nest's shutdown hooks, which
 * re-raised the signal after closing (exit status 143).
 */
export function drainOnSignals(app: INestApplicationContext): void {
  let draining = false;
  const drain = async (signal: string): Promise<void> => {
    if (draining) return;
    draining = true;
    const logger = await app.resolve(PinoLogger).catch(() => undefined);
    logger?.setContext('Shutdown');
    logger?.info({ signal }, 'draining: stop following, release the leases');
    const outcome = await drainIngest(app);
    const line = { ...outcome, ms: Math.round(outcome.ms) };
    if (outcome.closed) logger?.info(line, 'drained: streams released, sockets and pools closed; exiting');
    else logger?.warn(line, 'drain did not finish in time; exiting');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void drain(signal));
}
