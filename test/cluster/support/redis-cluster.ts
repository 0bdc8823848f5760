import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { privatePort, startRedisServer, type RedisServerProcess } from '../../support/private-redis';

/** A node of the cluster as CLUSTER NODES reports it. */
export interface ClusterNode {
  id: string;
  port: number;
  role: 'master' | 'replica';
  /** The master's id, for a replica. */
  masterId?: string;
  /** Slot ranges [from, to], for a master. */
  slots: [number, number][];
  failed: boolean;
}

/** A Redis Cluster of a suite's own: redis-server processes on private loopback ports, a temp dir. */
export interface PrivateRedisCluster {
  /** `host:port` of every node started (REDIS_CLUSTER_NODES). */
  nodes: string[];
  /** The cluster's view of its nodes (asked of a live node). */
  topology(): Promise<ClusterNode[]>;
  /** The master that serves `key`'s slot now. */
  masterOf(key: string): Promise<ClusterNode>;
  /** SIGKILL of the node on `port`. */
  killNode(port: number): Promise<void>;
  /** Waits until the cluster reports state ok with every slot served by a live master. */
  waitHealthy(timeoutMs?: number): Promise<void>;
  /** Kills every node and removes the temp dir. */
  destroy(): Promise<void>;
}

/** Node timeout: a master is declared failed, and its replica promoted, a second or two after. */
const NODE_TIMEOUT_MS = 1000;

/** Runs redis-cli with `args`; rejects on a non-zero exit or after `timeoutMs` (then kills it). */
function redisCli(args: string[], timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('redis-cli', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`redis-cli ${args.join(' ')} ended with ${code ?? signal}:\n${out}`));
    });
  });
}

/** A short-lived plain client of one node (no cluster redirections), bounded waits. */
async function withNode<T>(port: number, fn: (r: Redis) => Promise<T>): Promise<T> {
  const r = new Redis({
    port,
    host: '127.0.0.1',
    lazyConnect: true,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: 2000,
  });
  r.on('error', () => undefined);
  try {
    await r.connect();
    return await fn(r);
  } finally {
    r.disconnect();
  }
}

function parseNodes(text: string): ClusterNode[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [id, addr, flags, master, , , , , ...slots] = line.split(' ');
      return {
        id,
        port: Number(addr.split('@')[0].split(':')[1]),
        role: flags.includes('master') ? 'master' : 'replica',
        masterId: master === '-' ? undefined : master,
        slots: slots
          .filter((s) => !s.startsWith('['))
          .map((s) => {
            const [from, to] = s.split('-').map(Number);
            return [from, to ?? from] as [number, number];
          }),
        failed: /fail(?!\?)/.test(flags) || flags.includes('noaddr'),
      };
    });
}

/**
 * Starts `masters` masters with `replicas` replica each (redis-server --cluster-enabled, each with
 * its own port and cluster bus port, private, on 127.0.0.1; configs in a temp dir), joins them with
 * `redis-cli --cluster create`, and waits until the cluster is ok and every replica in sync. On any
 * failure everything started is killed and removed. With `basePort`, node i listens on basePort + i
 * and its bus on basePort + 50 + i (a suite's own range), else on free private ports.
 */
export async function startPrivateRedisCluster(
  masters = 3,
  replicas = 1,
  basePort?: number,
): Promise<PrivateRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'moyo-redis-cluster-'));
  const servers: RedisServerProcess[] = [];
  const dead = new Set<number>();
  // The servers die with this process (private-redis); their directory goes with them.
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  process.once('exit', removeDir);
  const destroy = async () => {
    await Promise.all(servers.map((s) => s.kill()));
    removeDir();
    process.off('exit', removeDir);
  };
  const live = () => servers.filter((s) => !dead.has(s.port));
  const topology = async (): Promise<ClusterNode[]> => {
    let lastError: unknown;
    for (const s of live()) {
      try {
        return parseNodes(await withNode(s.port, (r) => r.cluster('NODES') as Promise<string>));
      } catch (err) {
        lastError = err;
      }
    }
    throw new Error('no cluster node answers', { cause: lastError });
  };
  const waitHealthy = async (timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const checks = await Promise.all(
        live().map((s) =>
          withNode(s.port, async (r) => {
            const info = (await r.cluster('INFO')) as string;
            const repl = await r.info('replication');
            const replicaSynced = !repl.includes('role:slave') || repl.includes('master_link_status:up');
            return info.includes('cluster_state:ok') && replicaSynced;
          }).catch(() => false),
        ),
      );
      if (checks.every(Boolean)) return;
      if (Date.now() > deadline) throw new Error(`the cluster is not healthy after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  try {
    const taken = new Set<number>();
    for (let i = 0; i < masters * (1 + replicas); i++) {
      const server = await startRedisServer(
        async (port) => {
          const bus = basePort ? basePort + 50 + i : await privatePort(new Set([...taken, port]));
          taken.add(port).add(bus);
          return [
            '--cluster-enabled',
            'yes',
            '--cluster-port',
            String(bus),
            '--cluster-config-file',
            join(dir, `nodes-${port}.conf`),
            '--cluster-node-timeout',
            String(NODE_TIMEOUT_MS),
            '--dir',
            dir,
            '--loglevel',
            'warning',
          ];
        },
        basePort ? basePort + i : undefined,
      );
      servers.push(server);
    }
    await redisCli([
      '--cluster',
      'create',
      ...servers.map((s) => `127.0.0.1:${s.port}`),
      '--cluster-replicas',
      String(replicas),
      '--cluster-yes',
    ]);
    await waitHealthy(60_000);
  } catch (err) {
    await destroy();
    throw err;
  }
  return {
    nodes: servers.map((s) => `127.0.0.1:${s.port}`),
    topology,
    async masterOf(key) {
      const slot = await withNode(live()[0].port, (r) => r.cluster('KEYSLOT', key) as Promise<number>);
      const master = (await topology()).find(
        (n) => n.role === 'master' && !n.failed && n.slots.some(([a, b]) => slot >= a && slot <= b),
      );
      if (!master) throw new Error(`no live master serves slot ${slot}`);
      return master;
    },
    async killNode(port) {
      const server = servers.find((s) => s.port === port);
      if (!server) throw new Error(`no node on port ${port}`);
      dead.add(port);
      await server.kill();
    },
    waitHealthy,
    destroy,
  };
}
