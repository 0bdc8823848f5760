import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { deadPort } from './services';

/** True if a `redis-server` binary is on PATH (.ci/run installs it). */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A redis-server of a suite's own, so the suite can stop it without touching anyone else. */
export interface PrivateRedis {
  url: string;
  /** SIGKILL, resolved once the process has exited. */
  kill(): Promise<void>;
}

/**
 * Starts a throwaway redis-server (no persistence) on `port` (default: a free one) and waits until
 * it answers. Killing it and starting another on the same port is a Redis restart that lost
 * every key.
 */
export async function startPrivateRedis(onPort?: number): Promise<PrivateRedis> {
  const port = onPort ?? (await deadPort());
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  // Poll until it answers (it takes a moment to start, longer on a busy machine).
  for (let attempt = 0; ; attempt++) {
    const probe = new Redis({ port, lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      return { url: `redis://127.0.0.1:${port}`, kill };
    } catch (err) {
      if (attempt >= 200 || child.exitCode !== null) {
        await kill();
        throw new Error(`redis-server on port ${port} did not start`, { cause: err });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      probe.disconnect();
    }
  }
}
