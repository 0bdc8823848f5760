import { bullConnection } from '@moyo/persistence';
import { Cluster, Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisCli, hasRedisServer } from '../support/private-redis';
import { startPrivateRedisCluster, type PrivateRedisCluster } from './support/redis-cluster';

/** `work`'s outcome, or 'pending' when it has not settled after `ms`. */
function settledWithin(work: Promise<unknown>, ms: number): Promise<'resolved' | 'rejected' | 'pending'> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work.then(
      () => 'resolved' as const,
      () => 'rejected' as const,
    ),
    new Promise<'pending'>((resolve) => {
      timer = setTimeout(() => resolve('pending'), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const canRun = hasRedisServer && hasRedisCli;

/**
 * The cause of the failover test's flake (a worker that never took another job after its
 * queue's master failed): BullMQ's Worker, when its blocking fetch outlives its watchdog,
 * disconnects its blocking Cluster client and awaits `connect()`. With ioredis' ready check that
 * promise never settles when the connect falls in the seconds before the replica is promoted
 * (CLUSTER INFO says fail, ioredis reconnects by itself and drops the caller's promise). The BullMQ
 * connection (`bullConnection`) turns the check off: its `connect()` settles whatever the
 * cluster's state. Each client here is connected once before the kill, as the worker's is.
 */
describe.runIf(canRun)('Redis Cluster: reconnecting while a failed master is not yet replaced', () => {
  let cluster: PrivateRedisCluster;
  const clients: Cluster[] = [];

  beforeAll(async () => {
    cluster = await startPrivateRedisCluster(3, 1);
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await cluster?.destroy();
  });

  it("settles the BullMQ connection's connect() (a client with the ready check does not)", async () => {
    const target = { redisUrl: 'redis://127.0.0.1:6379', redisClusterNodes: cluster.nodes };
    const bull = bullConnection(target) as Cluster;
    // The same cluster options with ioredis' default ready check, for contrast.
    const checked = bull.duplicate(undefined, { enableReadyCheck: true });
    clients.push(bull, checked);
    for (const c of clients) c.on('error', () => undefined);
    await Promise.all(clients.map((c) => c.ping()));

    const victim = (await cluster.topology()).find((n) => n.role === 'master')!;
    await cluster.killNode(victim.port);
    const live = (await cluster.topology()).find((n) => n.port !== victim.port && !n.failed)!;
    const probe = new Redis({ port: live.port, host: '127.0.0.1', maxRetriesPerRequest: 1 });
    try {
      // The window: a live node says the cluster has failed (the replica is not promoted yet).
      const deadline = Date.now() + 20_000;
      while (!String(await probe.cluster('INFO')).includes('cluster_state:fail')) {
        expect(Date.now(), 'the cluster reports the failure').toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      probe.disconnect();
    }
    // What BullMQ's watchdog does to its blocking client: disconnect, then connect again.
    for (const c of clients) c.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [fixed, contrast] = await Promise.all(clients.map((c) => settledWithin(c.connect(), 6000)));
    expect(fixed).toBe('resolved');
    // ioredis' behaviour this guards against (if a later ioredis settles it, the option is moot).
    expect(contrast).toBe('pending');
    // And the BullMQ connection answers once the replica has taken over.
    await cluster.waitHealthy(60_000);
    expect(await bull.ping()).toBe('PONG');
  });
});
