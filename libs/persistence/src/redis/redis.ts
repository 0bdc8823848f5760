import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { stoppableRetryStrategy } from './bullmq';

/**
 * Where a process finds Redis: the single server of `redisUrl`, or a Redis Cluster when
 * `redisClusterNodes` lists some of its nodes (REDIS_CLUSTER_NODES). With a cluster, the URL's
 * user, password and `rediss:` (TLS) apply to every node and its host and port are not used.
 */
export interface RedisTarget {
  redisUrl: string;
  /** `host:port` of some nodes of a Redis Cluster; absent or empty: the single Redis of redisUrl. */
  redisClusterNodes?: readonly string[];
}

/** A client of either kind: ioredis' `Redis` (one server) or `Cluster`. */
export type RedisClient = Redis | Cluster;

/** True when `target` names a Redis Cluster. */
export function isClusterTarget(target: RedisTarget): boolean {
  return (target.redisClusterNodes?.length ?? 0) > 0;
}

/**
 * Reconnect waits: 100 ms more each try, at most 1 s, so a process is back within about a second
 * of Redis (BullMQ's own default grows to 20 s: idle workers and 503s long after Redis returned).
 */
export function redisReconnectDelay(times: number): number {
  return Math.min(times * 100, 1000);
}

/** The per-server options a URL carries: credentials, database, TLS. */
function urlOptions(redisUrl: string): RedisOptions {
  const u = new URL(redisUrl);
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0;
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
  };
}

/** `host:port` (IPv6 in brackets) as ioredis' startup node. */
function clusterNode(node: string): { host: string; port: number } {
  const at = node.lastIndexOf(':');
  return { host: node.slice(0, at).replace(/^\[(.*)\]$/, '$1'), port: Number(node.slice(at + 1)) };
}

/**
 * A Cluster client for `target`: the URL's credentials and TLS on every node (a cluster has no
 * databases but 0). `perNode` adds options for each node's connection.
 */
function createCluster(target: RedisTarget, perNode: RedisOptions, options: ClusterOptions): Cluster {
  const { username, password, tls } = urlOptions(target.redisUrl);
  return new Cluster((target.redisClusterNodes ?? []).map(clusterNode), {
    ...options,
    // After a master fails its replica takes over within the cluster's node timeout: commands
    // meanwhile are retried (CLUSTERDOWN, moved slots) instead of failing at once.
    retryDelayOnClusterDown: 300,
    retryDelayOnFailover: 300,
    maxRedirections: 32,
    redisOptions: { ...perNode, username, password, tls },
  });
}

/**
 * Options for BullMQ connections from a redis:// or rediss:// URL. BullMQ workers need
 * `maxRetriesPerRequest: null` (blocking commands must wait out reconnects). Each call makes a
 * new reconnect strategy: the objects made from one call (and from copies of it) stop
 * reconnecting together (`stopReconnecting`).
 */
export function bullConnectionOptions(redisUrl: string): RedisOptions {
  return {
    ...urlOptions(redisUrl),
    maxRetriesPerRequest: null,
    // Stoppable, so a shutdown while Redis is away does not wait for it (see stopReconnecting).
    retryStrategy: stoppableRetryStrategy(redisReconnectDelay),
  };
}

/**
 * BullMQ's `connection` for `target`. One Redis: options (`bullConnectionOptions`; each Queue,
 * Worker or QueueEvents makes and owns its clients). A cluster: one `Cluster` client that every
 * BullMQ object given it shares (BullMQ duplicates it for blocking reads) and never closes: close
 * it with `closeBullConnection` once they are all closed. `enableOfflineQueue: false` makes
 * commands fail at once while Redis is unreachable (producers that answer 503).
 */
export function bullConnection(
  target: RedisTarget,
  options: { enableOfflineQueue?: boolean } = {},
): RedisOptions | Cluster {
  if (!isClusterTarget(target)) return { ...bullConnectionOptions(target.redisUrl), ...options };
  return createCluster(
    target,
    // A command with no answer for 15 s fails ("Command timed out", which BullMQ's cluster
    // support answers by reconnecting): after a failover a Worker's blocking fetch could otherwise
    // wait for ever and the worker take no more jobs (test/cluster, at load 10 on 2 cores). Longer
    // than any BullMQ block (10 s at most) or script.
    { maxRetriesPerRequest: null, connectTimeout: 5000, commandTimeout: 15_000 },
    {
      ...options,
      // No ready check (CLUSTER INFO must say ok before the client is ready): with it, a
      // `connect()` made while a failed master's replica is not yet promoted never settles (the
      // check fails, ioredis reconnects through a new connect of its own and drops the caller's
      // promise; 3 of 3 tries in test/cluster/reconnect.int.test.ts). BullMQ's Worker awaits that
      // promise when its blocking fetch outlives its watchdog, so the worker stopped taking jobs
      // for good after a failover (2 of 40 runs of a failover loop; the failover test's flake).
      // Without it the client is ready once it has the slots, and commands to a slot with no
      // master yet are retried (retryDelayOnClusterDown) until the replica takes over.
      enableReadyCheck: false,
      // Stoppable as well (stopReconnecting finds it in the client's options).
      clusterRetryStrategy: stoppableRetryStrategy(redisReconnectDelay),
    },
  );
}

/**
 * A BullMQ connection like `connection` for one more BullMQ object that owns it (a QueueEvents):
 * options are copied with `overrides`, a shared Cluster client is duplicated.
 */
export function ownBullConnection(
  connection: unknown,
  overrides: { enableOfflineQueue?: boolean } = {},
): RedisOptions | Cluster {
  if (connection instanceof Cluster) return connection.duplicate(undefined, overrides);
  return { ...(connection as RedisOptions), ...overrides };
}

/**
 * Closes a connection from `bullConnection` after every BullMQ object using it has closed: a
 * Cluster client is quit (disconnected after 2 s without an answer); options need nothing.
 */
export async function closeBullConnection(connection: unknown): Promise<void> {
  if (!(connection instanceof Cluster) || connection.status === 'end') return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    connection.quit().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, 2000);
    }),
  ]).finally(() => clearTimeout(timer));
  if ((connection.status as string) !== 'end') connection.disconnect();
}

/**
 * The BullMQ key prefix of `queue`. One Redis: `redisPrefix` (keys `<prefix>:<queue>:...`). A
 * cluster: `{<prefix>:<queue>}`, a hash tag, so that every key of the queue is in one slot (BullMQ's
 * scripts touch several keys of a queue at once) and different queues may live on different masters.
 */
export function bullPrefix(target: RedisTarget, redisPrefix: string, queue: string): string {
  return isClusterTarget(target) ? `{${redisPrefix}:${queue}}` : redisPrefix;
}

/**
 * Worker options that depend on the Redis kind. A cluster: `drainDelay: 1` (an idle worker's
 * blocking fetch waits 1 s instead of 5 before it asks again), because `closeBull` lets that fetch
 * return before closing a cluster Worker (see drainClusterWorker): 5 s per worker made a worker
 * process's shutdown take 15 s and more. One Redis: BullMQ's defaults.
 */
export function bullWorkerOptions(target: RedisTarget): { drainDelay?: number } {
  return isClusterTarget(target) ? { drainDelay: 1 } : {};
}

/**
 * A Redis client for probes, locks and counters. Commands fail at once while disconnected
 * (no offline queue) so a readiness probe answers instead of hanging; it reconnects by itself.
 * A cluster target gives a Cluster client with the same behaviour. Accepts a URL (one Redis).
 */
export function createProbeRedis(
  target: RedisTarget | string,
  options: { autoPipelining?: boolean } = {},
): RedisClient {
  const t = typeof target === 'string' ? { redisUrl: target } : target;
  const enableAutoPipelining = options.autoPipelining ?? false;
  const perNode: RedisOptions = { maxRetriesPerRequest: 1, connectTimeout: 2000 };
  const client: RedisClient = isClusterTarget(t)
    ? // A command a node never answers (a socket left half-open by a failover) fails after 2 s.
      createCluster(
        t,
        { ...perNode, commandTimeout: 2000 },
        {
          lazyConnect: false,
          enableOfflineQueue: false,
          enableAutoPipelining,
          clusterRetryStrategy: redisReconnectDelay,
        },
      )
    : new Redis(t.redisUrl, {
        ...perNode,
        lazyConnect: false,
        enableOfflineQueue: false,
        enableAutoPipelining,
        retryStrategy: redisReconnectDelay,
      });
  // Connection errors surface through failed commands; without a listener ioredis prints them.
  client.on('error', () => undefined);
  return client;
}
