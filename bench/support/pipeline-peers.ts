/**
 * The processes bench:pipeline starts besides Moyo's workers: the bare BullMQ peer
 * (bench/support/bare-worker.ts, one process) with its producer, and Moyo's built api with a
 * tenant key for the end-to-end scenarios over HTTP.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { ApiKeyRepository, PrismaService, TenantRepository } from '@moyo/persistence';
import { Queue } from 'bullmq';
import { bullConnectionOptions } from '@moyo/persistence';
import { KeyAdmin } from '../../apps/api/src/admin/key-admin';
import { ROOT, startApp, stopChild, waitForOk, type RunningApp } from '../../test/browser/stack';

/** The queue of the bare peer in `mode`. */
export const bareQueueName = (mode: 'noop' | 'insert'): string => `bench-bare-${mode}`;

/** Starts the bare peer worker (`noop` or one `insert` per job); resolves once it consumes. */
export async function startBareWorker(
  mode: 'noop' | 'insert',
  env: { databaseUrl: string; redisUrl: string; prefix: string; concurrency: number },
): Promise<RunningApp> {
  const { PATH, HOME } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(__dirname, 'bare-worker.ts')], {
    cwd: ROOT,
    env: {
      PATH: PATH ?? '',
      HOME: HOME ?? '',
      BARE_MODE: mode,
      BARE_QUEUE: bareQueueName(mode),
      BARE_PREFIX: env.prefix,
      BARE_CONCURRENCY: String(env.concurrency),
      REDIS_URL: env.redisUrl,
      DATABASE_URL: env.databaseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const app: RunningApp = {
    name: `bare-worker (${mode})`,
    child,
    output: () => log,
    stop: () => stopChild(child),
  };
  await new Promise<void>((ready, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
      if (log.includes('ready\n')) ready();
    });
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    child.once('exit', (code) => fail(new Error(`bare worker exited with ${code}:\n${log}`)));
  });
  return app;
}

/** The peer's producer: one `Queue.add` per job (as the api does per request). */
export function bareQueue(mode: 'noop' | 'insert', redisUrl: string, prefix: string): Queue {
  return new Queue(bareQueueName(mode), { connection: bullConnectionOptions(redisUrl), prefix });
}

/**
 * BENCH_NODE_OPTIONS, when set, is the NODE_OPTIONS of the api and worker processes (e.g.
 * `--import ./bench/support/cpu-profile.mjs` with MOYO_CPU_PROF_DIR: a CPU profile of each).
 */
export function profiling(): Record<string, string> {
  const { BENCH_NODE_OPTIONS, MOYO_CPU_PROF_DIR } = process.env;
  return BENCH_NODE_OPTIONS
    ? { NODE_OPTIONS: BENCH_NODE_OPTIONS, ...(MOYO_CPU_PROF_DIR ? { MOYO_CPU_PROF_DIR } : {}) }
    : {};
}

/** Moyo's built api on `port` with rate limits out of the way, and a tenant key for it. */
/**
 * The environment of a bench's worker process (one engine thread, `concurrency` jobs at a time):
 * bench:pipeline, bench/pipeline-overhead.ts and bench/pipeline-threads.ts add their own extras.
 */
export function workerEnv(env: {
  databaseUrl: string;
  redisUrl: string;
  prefix: string;
  concurrency: number;
}): Record<string, string> {
  return {
    DATABASE_URL: env.databaseUrl,
    REDIS_URL: env.redisUrl,
    REDIS_PREFIX: env.prefix,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    WEBHOOK_SECRET_KEY: 'bench-only-webhook-secret-key',
    WORKER_CONCURRENCY: String(env.concurrency),
    WORKER_ENGINE_THREADS: '1',
  };
}

export async function startApi(env: {
  databaseUrl: string;
  redisUrl: string;
  prefix: string;
  port: number;
}): Promise<{ app: RunningApp; base: string; headers: Record<string, string> }> {
  const app = startApp('api', {
    DATABASE_URL: env.databaseUrl,
    REDIS_URL: env.redisUrl,
    REDIS_PREFIX: env.prefix,
    PORT: String(env.port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    WEBHOOK_SECRET_KEY: 'bench-only-webhook-secret-key',
    RATE_LIMIT_REQUESTS: '100000000',
    ...profiling(),
  });
  const base = `http://127.0.0.1:${env.port}`;
  await waitForOk(`${base}/readyz`, app);
  const prisma = new PrismaService({ databaseUrl: env.databaseUrl, poolSize: 1 });
  try {
    const admin = new KeyAdmin(new TenantRepository(prisma), new ApiKeyRepository(prisma));
    const { key } = await admin.create(`bench-${env.prefix}`);
    return { app, base, headers: { Authorization: `Bearer ${key}`, 'content-type': 'application/json' } };
  } finally {
    await prisma.onModuleDestroy();
  }
}
