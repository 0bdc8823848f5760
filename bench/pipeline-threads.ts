/**
 * Where one worker process's CPU goes on full analyses (bench:pipeline's `territory (full)` jobs):
 * one built worker (WORKER_ENGINE_THREADS=1), jobs submitted directly in one batch, and the CPU
 * of each of its threads meanwhile (/proc/<pid>/task/<tid>/schedstat, ns on a core). Node names
 * every thread `node`, so threads are told apart by role: the main thread (tid = pid), the
 * engine thread (the busiest other one; a Piscina worker), and the rest (V8's platform workers,
 * which run garbage collection and compilation for every isolate, libuv's pool, the engine
 * thread's own helpers), each listed by tid in creation order.
 *
 * Run: `npm run build && npx tsx bench/pipeline-threads.ts` with DATABASE_URL (admin URL: a
 * scratch database is created and dropped) and REDIS_URL. Options: --warm W (jobs before the first
 * round, default 4), --jobs N (a round, default 40), --rounds R (default 3), --entry <main.js> (another built worker, e.g. a copy of an older
 * apps/worker/dist, for A/B; its requires resolve through NODE_PATH=<repo>/node_modules),
 * --node-args "<flags>" (node's own flags for the worker, before the entry: V8 flags, --cpu-prof).
 */
import { QueueName } from '@moyo/contracts';
import { bullConnectionOptions } from '@moyo/persistence';
import { QueueEvents } from 'bullmq';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { builtEntry, ROOT } from '../test/browser/stack';
import { DirectSubmitter } from '../test/e2e/support/submit';
import { territoryJobs } from '../test/e2e/support/workload';
import { dropDatabase } from '../test/support/cleanup';
import { createMigratedDatabase } from '../test/support/database';
import { integerOption } from './support/args';
import { submitAndWait } from './support/pipeline-load';
import { workerEnv } from './support/pipeline-peers';

const JOBS = integerOption('bench:pipeline-threads', '--jobs', 40);
const ROUNDS = integerOption('bench:pipeline-threads', '--rounds', 3);
const WARM = integerOption('bench:pipeline-threads', '--warm', 4);
const option = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ENTRY = option('--entry') ?? builtEntry('worker');
const NODE_ARGS = (option('--node-args') ?? '').split(' ').filter((a) => a !== '');
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** ns on a core of each thread of `pid`, by tid. */
function threadTimes(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      out.set(Number(tid), Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

/** Machine busy jiffies (all cores), for the load beside the worker. */
function machineBusy(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return cpu.slice(0, 8).reduce((a, b) => a + b, 0) - cpu[3] - cpu[4];
}

async function main(): Promise<void> {
  const name = `moyo_threads_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = await createMigratedDatabase(ADMIN_URL, name);
  const prefix = `moyo_threads_${randomBytes(4).toString('hex')}`;
  const { PATH, HOME } = process.env;
  const child = spawn(process.execPath, [...NODE_ARGS, ENTRY], {
    cwd: ROOT,
    env: {
      PATH: PATH ?? '',
      HOME: HOME ?? '',
      NODE_PATH: join(ROOT, 'node_modules'),
      ...workerEnv({ databaseUrl, redisUrl: REDIS_URL, prefix, concurrency: 16 }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const pid = child.pid ?? -1;
  const submitter = new DirectSubmitter({ databaseUrl, redisUrl: REDIS_URL, redisPrefix: prefix });
  const events = new QueueEvents(QueueName.Positions, {
    connection: bullConnectionOptions(REDIS_URL),
    prefix,
  });
  const redis = new Redis(REDIS_URL);
  try {
    await events.waitUntilReady();
    const batch = async (tag: string, seed: number, count: number) => {
      const jobs = territoryJobs(count, `${tag}-${prefix}`, seed);
      let queued: Promise<void> | undefined;
      return submitAndWait(
        events,
        count,
        async (i) => {
          queued ??= submitter.submitMany(jobs);
          await queued;
          return jobs[i].id;
        },
        { inFlight: count },
      );
    };
    await batch('warm', 1, WARM);
    process.stdout.write(`worker: node ${[...NODE_ARGS, ENTRY].join(' ')}\n`);
    for (let r = 1; r <= ROUNDS; r++) {
      const before = threadTimes(pid);
      const busy0 = machineBusy();
      const load = await batch(`r${r}`, 100 + r, JOBS);
      const after = threadTimes(pid);
      const seconds = load.seconds;
      const machine = (machineBusy() - busy0) / 100 / seconds;
      const ms = new Map<number, number>();
      for (const [tid, t] of after) ms.set(tid, (t - (before.get(tid) ?? 0)) / 1e6 / JOBS);
      const others = [...ms].filter(([tid]) => tid !== pid).sort((a, b) => b[1] - a[1]);
      const engineTid = others[0]?.[0];
      const total = [...ms.values()].reduce((a, b) => a + b, 0);
      const f = (x: number) => x.toFixed(1);
      const helpers = [...ms]
        .filter(([tid]) => tid !== pid && tid !== engineTid && ms.get(tid)! >= 0.05)
        .sort((a, b) => a[0] - b[0])
        .map(([tid, x]) => `${tid - pid}:${f(x)}`)
        .join(' ');
      process.stdout.write(
        `round ${r}: ${f(JOBS / seconds)} jobs/s, worker ${((total * JOBS) / 1000 / seconds).toFixed(2)} cores ` +
          `(machine ${machine.toFixed(2)}); ms CPU a job: total ${f(total)}, main ${f(ms.get(pid) ?? 0)}, ` +
          `engine ${f(ms.get(engineTid ?? -1) ?? 0)}, others ${f(total - (ms.get(pid) ?? 0) - (ms.get(engineTid ?? -1) ?? 0))} ` +
          `[tid-pid:ms ${helpers}]\n`,
      );
    }
  } finally {
    await events.close();
    await submitter.close();
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.unlink(...keys);
    redis.disconnect();
    await dropDatabase(ADMIN_URL, name);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `bench:pipeline-threads: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
