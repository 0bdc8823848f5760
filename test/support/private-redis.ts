import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

/** True if a `redis-server` binary is on PATH (.ci/run installs it). */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** True if `redis-cli` is on PATH (Debian's redis-tools, a dependency of redis-server). */
export const hasRedisCli = spawnSync('redis-cli', ['--version']).status === 0;

/** A redis-server of a suite's own, so the suite can stop it without touching anyone else. */
export interface PrivateRedis {
  url: string;
  /** SIGKILL, resolved once the process has exited. */
  kill(): Promise<void>;
}

/** The kernel's ephemeral port range (outgoing connections and `listen(0)` take ports from it). */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return [Number(low), Number(high)];
  } catch {
    return [32768, 60999];
  }
}

/** True when nothing listens on 127.0.0.1:`port` right now (bound, then released). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port for a private server, outside the kernel's ephemeral range: a port the kernel hands out for
 * `listen(0)` or an outgoing connection (a free port picked that way, as before) could be taken by
 * any other suite between the pick and the server's bind, and a killed server's port could be
 * taken by someone else while its clients still reconnect to it. Picked at random and checked
 * free; the server's start still checks that the port is its own.
 */
export async function privatePort(exclude: ReadonlySet<number> = new Set()): Promise<number> {
  const [ephemeralLow, ephemeralHigh] = ephemeralRange();
  // Below the range as a rule (Linux: 20000..32767); above it, or 20000..30000, if it is unusual.
  const [low, high] =
    ephemeralLow > 21_000
      ? [20_000, ephemeralLow - 1]
      : ephemeralHigh < 64_535
        ? [ephemeralHigh + 1, 65_535]
        : [20_000, 30_000];
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (!exclude.has(port) && (await portIsFree(port))) return port;
  }
  throw new Error(`no free port in ${low}..${high}`);
}

/** A redis-server process this suite started. */
export interface RedisServerProcess {
  port: number;
  child: ChildProcess;
  /** SIGKILL, resolved once the process has exited. */
  kill(): Promise<void>;
}

/**
 * Servers still running when this process exits are killed with it: a suite whose teardown timed
 * out (or never ran) must not leave redis-servers behind.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Thrown when the port was taken before the server could bind it: pick another and try again. */
class PortTaken extends Error {}

/**
 * Starts `redis-server` on 127.0.0.1:`port` (no persistence; `extraArgs` add settings) and returns
 * once that very process answers: the answering server's process id must be the child's, so a
 * server of another suite that holds the port is never mistaken for ours (the child exits with
 * "Address already in use"). Every probe has a 1 s command timeout: a listener that accepts and
 * never answers cannot hang the start. Gives up after 30 s.
 */
async function launch(port: number, extraArgs: string[]): Promise<RedisServerProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extraArgs],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await exited;
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      if (/already in use|Could not create server TCP listening socket/i.test(output))
        throw new PortTaken(output);
      throw new Error(
        `redis-server on port ${port} exited (${child.exitCode ?? child.signalCode}):\n${output}`,
      );
    }
    const probe = new Redis({
      port,
      host: '127.0.0.1',
      lazyConnect: true,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
      commandTimeout: 1000,
    });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      const pid = /process_id:(\d+)/.exec(await probe.info('server'))?.[1];
      if (Number(pid) === child.pid) return { port, child, kill };
      // Someone else's server answers on the port: ours will fail to bind and exit.
      await kill();
      throw new PortTaken(`another redis-server (pid ${pid}) holds port ${port}`);
    } catch (err) {
      if (err instanceof PortTaken) throw err;
      if (Date.now() > deadline) {
        await kill();
        throw new Error(`redis-server on port ${port} did not answer within 30 s:\n${output}`, {
          cause: err,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      probe.disconnect();
    }
  }
}

/**
 * Starts a redis-server with `argsFor(port)` on a private port (`privatePort`), trying other ports
 * while the chosen one turns out to be taken (at most 10 tries). With `onPort`, only that port.
 */
export async function startRedisServer(
  argsFor: (port: number) => Promise<string[]> | string[] = () => [],
  onPort?: number,
): Promise<RedisServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = onPort ?? (await privatePort());
    try {
      return await launch(port, await argsFor(port));
    } catch (err) {
      if (!(err instanceof PortTaken) || onPort !== undefined || attempt >= 10) throw err;
    }
  }
}

/**
 * Starts a throwaway redis-server (no persistence) on `port` (default: a private free one, see
 * `privatePort`) and waits until it answers. Killing it and starting another on the same port is
 * a Redis restart that lost every key.
 */
export async function startPrivateRedis(onPort?: number): Promise<PrivateRedis> {
  const server = await startRedisServer(() => [], onPort);
  return { url: `redis://127.0.0.1:${server.port}`, kill: server.kill };
}
