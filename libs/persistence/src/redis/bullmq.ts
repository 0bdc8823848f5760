import { Cluster } from 'ioredis';

/**
 * Closing BullMQ objects (Queue, QueueEvents, Worker) while Redis is unreachable, with public APIs
 * only: BullMQ's `close()` sends QUIT, which ioredis holds in its offline queue for as long as it
 * keeps reconnecting (for ever, with BullMQ's `maxRetriesPerRequest: null`), so a shutdown during
 * a Redis outage never ended. The connections made from `bullConnectionOptions` carry a
 * `retryStrategy` (a documented ioredis option) that `stopReconnecting` turns off: the next
 * reconnect attempt fails for good, ioredis ends the client and rejects what it held, and BullMQ's
 * close goes on (it ignores errors of a closed connection). With Redis up it changes nothing.
 */

interface ReconnectState {
  stopped: boolean;
}

const states = new WeakMap<object, ReconnectState>();

/**
 * An ioredis `retryStrategy`: `delay(times)` until `stopReconnecting` is called for the options
 * holding it (copies of the options share it), then null (no more attempts).
 */
export function stoppableRetryStrategy(delay: (times: number) => number): (times: number) => number | null {
  const state: ReconnectState = { stopped: false };
  const strategy = (times: number) => (state.stopped ? null : delay(times));
  states.set(strategy, state);
  return strategy;
}

/**
 * Stops the reconnecting of every client made from `connection` (BullMQ's `opts.connection` of a
 * Queue, QueueEvents or Worker, built by `bullConnection`), so closing them cannot wait for
 * an unreachable Redis. Call it when the process shuts down, before the BullMQ objects close.
 * Returns false when the options have no stoppable strategy (nothing changed).
 */
export function stopReconnecting(connection: unknown): boolean {
  const c = connection as
    { retryStrategy?: unknown; options?: { clusterRetryStrategy?: unknown } } | null | undefined;
  // Options hold `retryStrategy`; a Cluster client (bullConnection) its `clusterRetryStrategy`.
  const strategy = c?.retryStrategy ?? c?.options?.clusterRetryStrategy;
  const state = typeof strategy === 'function' ? states.get(strategy) : undefined;
  if (!state) return false;
  state.stopped = true;
  return true;
}

/** A BullMQ Queue, QueueEvents or Worker: what `closeBull` needs of it (public API). */
export interface ClosableBullObject {
  readonly opts: { connection?: unknown };
  /** BullMQ's getter of the object's (main) ioredis client. */
  readonly client: Promise<{
    status: string;
    once(event: 'end', listener: () => void): unknown;
    info(): Promise<unknown>;
  }>;
  /** A Worker's takes `force`: close without waiting for the jobs in flight. */
  close(force?: boolean): Promise<void>;
  /** A Worker's (public API): stop taking jobs; with `true` without waiting for those in flight. */
  pause?(doNotWaitActive?: boolean): Promise<void>;
  /** A Worker's: true while its main loop runs (jobs in flight or a fetch pending). */
  isRunning?(): boolean;
}

/** Longest wait for clients to give up reconnecting (one retry delay, at most 1 s, and margin). */
const GIVE_UP_WAIT_MS = 2500;

/** Longest wait for a command (INFO) that tells whether Redis still answers. */
const ANSWER_WAIT_MS = 1000;

/** Longest wait for `close()` itself while Redis is unreachable. */
const UNREACHABLE_CLOSE_WAIT_MS = 10_000;

/**
 * Closes a BullMQ object whether or not Redis answers. With Redis up (its client ready and
 * answering INFO) it is `close()` (a Worker's jobs in flight finish first; on a Redis Cluster it
 * drains the Worker first). While Redis is unreachable it first stops the reconnecting (see
 * `stopReconnecting`) and waits, at most 2.5 s, for the client to end, so that BullMQ's QUIT
 * fails at once as "Connection is closed" (which BullMQ ignores) instead of waiting in ioredis'
 * offline queue, and waits at most 10 s for `close()`. A rejection of the close (a connection
 * already gone) is dropped.
 */
export async function closeBull(bullObject: ClosableBullObject): Promise<void> {
  stopReconnecting(bullObject.opts.connection);
  const client = await within(bullObject.client, GIVE_UP_WAIT_MS).catch(() => undefined);
  // 'ready' alone is not enough: right after Redis died a client still says 'ready' until it
  // notices the closed socket, and a close() taken down the unbounded path then hung for ever
  // (the Worker's blocking client, already reconnecting, never emits the 'end' close() waits for:
  // libs/persistence/test/bullmq.int.test.ts, 2 of 12 runs beside other suites). A command (INFO,
  // which BullMQ's client interface has on single servers and clusters) answered within 1 s is.
  const reachable =
    client?.status === 'ready' &&
    (await within(client.info(), ANSWER_WAIT_MS).then(
      () => true,
      () => false,
    ));
  const drained =
    !reachable || !(bullObject.opts.connection instanceof Cluster) || (await drainClusterWorker(bullObject));
  if (client && !reachable && client.status !== 'end') {
    await within(new Promise<void>((resolve) => client.once('end', resolve)), GIVE_UP_WAIT_MS).catch(
      () => undefined,
    );
  }
  // A cluster Worker whose fetch never returned is closed with force (see drainClusterWorker).
  const closing = (drained ? bullObject.close() : bullObject.close(true)).catch(() => undefined);
  // Without Redis a Worker's close can wait on its main loop indefinitely (seen under load in CI):
  // wait a bounded time, then let it finish, or not, in the background.
  await (reachable && drained ? closing : within(closing, UNREACHABLE_CLOSE_WAIT_MS).catch(() => undefined));
}

/**
 * A Worker on a Redis Cluster: stops taking jobs and waits until its main loop has ended (its jobs
 * in flight have finished and its pending blocking fetch has returned), so `close()` finds no
 * blocking command in flight; false when that did not happen within 15 s (the caller then closes
 * with force: a job still running there is taken up again once its lock lapses). Measured:
 * closing a cluster Worker while its blocking fetch was in flight hung in 5 of 22 runs of
 * test/cluster right after a failover (BullMQ's cluster patch of BZPOPMIN reconnects the blocking
 * client that `close()` has just disconnected, and the 'end' it waits for never comes); and on a
 * loaded machine a paused Worker's fetch sometimes never returned (2 of 2 runs at load 7 on 2
 * cores), hence the bound. Other objects are left alone (true).
 */
async function drainClusterWorker(bullObject: ClosableBullObject): Promise<boolean> {
  if (!bullObject.pause || !bullObject.isRunning) return true;
  await bullObject.pause(true).catch(() => undefined);
  const deadline = Date.now() + CLUSTER_DRAIN_WAIT_MS;
  while (bullObject.isRunning()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * Longest wait for a cluster Worker's main loop to end: its jobs in flight (seconds at most) and
 * its fetch (drainDelay, 1 s on a cluster: bullWorkerOptions).
 */
const CLUSTER_DRAIN_WAIT_MS = 15_000;

/** `work`, or a rejection after `ms`. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
