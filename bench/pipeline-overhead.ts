/**
 * Per-job overhead of the worker, in countable terms that a busy machine does not blur: SQL
 * transactions (autocommit statements count one each) and rows touched in PostgreSQL, Redis
 * commands sent by the worker (with --monitor), and CPU time per job of the worker process, its
 * PostgreSQL backends and redis-server. One worker process from the build, jobs queued while the
 * queue is paused, then released: so the counts are the worker's alone.
 *
 * Run: `npm run build && npx tsx bench/pipeline-overhead.ts [--jobs N] [--kind board|freihofner]
 * [--monitor]` with DATABASE_URL (admin URL; a scratch database is created and dropped) and
 * REDIS_URL. MONITOR slows Redis down, so take CPU numbers from a run without it.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { appsBuilt, startApp } from '../test/browser/stack';
import { DirectSubmitter } from '../test/e2e/support/submit';
import { cheapJobs, type WorkloadJob } from '../test/e2e/support/workload';
import { dropDatabase } from '../test/support/cleanup';
import { createMigratedDatabase } from '../test/support/database';
import { integerOption } from './support/args';
import { workerEnv } from './support/pipeline-peers';

const args = process.argv.slice(2);
const argOf = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : (args[i + 1] ?? '');
};
const JOBS = integerOption('pipeline-overhead', '--jobs', 1000);
const KIND = argOf('--kind', 'board');
const MONITOR = args.includes('--monitor');
if (KIND !== 'board' && KIND !== 'freihofner') {
  process.stderr.write('pipeline-overhead: --kind must be board or freihofner\n');
  process.exit(2);
}

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of a process (all threads), in ms; 0 when it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  if (!appsBuilt('worker')) {
    process.stderr.write('pipeline-overhead: build first (npm run build)\n');
    process.exit(2);
  }
  const name = `moyo_overhead_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = await createMigratedDatabase(ADMIN_URL, name);
  const prefix = `moyo_ovh_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const worker = startApp('worker', {
    ...workerEnv({ databaseUrl: url, redisUrl: REDIS_URL, prefix, concurrency: 16 }),
    ...(process.env.OVERHEAD_PROFILE_DIR
      ? { NODE_OPTIONS: `--require ${process.env.OVERHEAD_PROFILE_DIR}` }
      : {}),
  });
  const submitter = new DirectSubmitter({ databaseUrl: url, redisUrl: REDIS_URL, redisPrefix: prefix });
  const redis = new Redis(REDIS_URL);
  const queue = submitter.positions;
  const analyses = KIND === 'board' ? ['board'] : undefined;
  const completed = async () => (await queue.getJobCounts('completed')).completed;
  const waitFor = async (n: number) => {
    const deadline = Date.now() + 120_000;
    while ((await completed()) < n) {
      if (Date.now() > deadline) throw new Error(`jobs did not complete; worker output:\n${worker.output()}`);
      await sleep(100);
    }
  };
  const submit = async (jobs: WorkloadJob[]) => {
    for (let i = 0; i < jobs.length; i += 100) await submitter.submitMany(jobs.slice(i, i + 100));
  };
  let monitor: ReturnType<typeof spawn> | undefined;
  try {
    await submit(cheapJobs(40, 'warm', 1, analyses));
    await waitFor(40);
    await queue.pause();
    await submit(cheapJobs(JOBS, 'ovh', 2, analyses));
    await sleep(11_000); // idle backends publish their statistics after 10 s (PostgreSQL 15)

    const snapshot = async () => {
      const db = await admin.query(
        `SELECT xact_commit::int + xact_rollback::int AS xacts, tup_inserted::int AS ins,
                tup_updated::int AS upd, tup_returned::int AS ret, tup_fetched::int AS fet
           FROM pg_stat_database WHERE datname = $1`,
        [name],
      );
      const pids = await admin.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1`, [name]);
      const redisPid = Number(((await redis.info('server')).match(/process_id:(\d+)/) ?? [])[1]);
      return {
        db: db.rows[0] as Record<string, number>,
        pgPids: pids.rows.map((r: { pid: number }) => r.pid),
        worker: cpuMs(worker.child.pid ?? 0),
        redisServer: cpuMs(redisPid),
      };
    };
    const before = await snapshot();
    const pgBefore = new Map(before.pgPids.map((pid) => [pid, cpuMs(pid)]));
    const own = new Set<string>();
    for (const client of [await queue.client, redis]) {
      own.add(`127.0.0.1:${(client as unknown as { stream: { localPort: number } }).stream.localPort}`);
    }
    const commands = new Map<string, number>();
    let luaCalls = 0;
    if (MONITOR) {
      monitor = spawn('redis-cli', ['-u', REDIS_URL, 'monitor'], { stdio: ['ignore', 'pipe', 'ignore'] });
      let rest = '';
      monitor.stdout?.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.includes(prefix)) continue;
          const m = line.match(/^\S+ \[\d+ ([^\]]+)\] "([^"]+)"/);
          if (!m) continue;
          if (m[1] === 'lua') {
            luaCalls++;
            continue;
          }
          if (own.has(m[1])) continue;
          const cmd = m[2].toLowerCase();
          commands.set(cmd, (commands.get(cmd) ?? 0) + 1);
        }
      });
      await sleep(300);
    }
    await queue.resume();
    const t0 = performance.now();
    await waitFor(40 + JOBS);
    const seconds = (performance.now() - t0) / 1000;
    // CPU now, before the pool's idle connections (10 s) close; table statistics later.
    const cpuAfter = await snapshot();
    let pgCpu = 0;
    for (const pid of cpuAfter.pgPids) pgCpu += cpuMs(pid) - (pgBefore.get(pid) ?? 0);
    await sleep(11_000); // idle backends publish their statistics after 10 s
    const after = { ...cpuAfter, db: (await snapshot()).db };
    monitor?.kill('SIGTERM');

    const per = (n: number) => (n / JOBS).toFixed(2);
    const out: string[] = [
      `pipeline overhead: ${JOBS} ${KIND} jobs, 1 worker (concurrency 16, 1 engine thread), ` +
        `${new Date().toISOString()}, load average ${(await import('node:os'))
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      `  wall: ${seconds.toFixed(2)} s (${(JOBS / seconds).toFixed(0)} jobs/s; noisy on a shared machine)`,
      `  PostgreSQL per job: transactions ${per(after.db.xacts - before.db.xacts)}, rows inserted ` +
        `${per(after.db.ins - before.db.ins)}, updated ${per(after.db.upd - before.db.upd)}, ` +
        `returned ${per(after.db.ret - before.db.ret)}, fetched ${per(after.db.fet - before.db.fet)}`,
      `  CPU ms per job: worker process ${per(after.worker - before.worker)}, its PostgreSQL ` +
        `backends ${per(pgCpu)}, redis-server (shared with everyone) ${per(after.redisServer - before.redisServer)}`,
    ];
    if (MONITOR) {
      const total = [...commands.values()].reduce((a, b) => a + b, 0);
      const list = [...commands.entries()].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${per(n)}`);
      out.push(
        `  Redis commands per job from the worker: ${per(total)} (${list.join(', ')}); ` +
          `inside scripts: ${per(luaCalls)}`,
      );
    }
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    monitor?.kill('SIGTERM');
    await submitter.close();
    await worker.stop();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.unlink(...keys);
    redis.disconnect();
    await admin.end();
    await dropDatabase(ADMIN_URL, name);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `pipeline-overhead: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
