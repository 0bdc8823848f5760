/**
 * bench:katago: latency of one KataGo analysis query (KaTrain's, one turn, ownership) on real 9x9
 * and 19x19 positions, three ways in one run on the same positions:
 * - `moyo analysis` in process: the KataGo engine core (`submit` + `next`), as the CLI drives it;
 * - over the api's WebSocket (/v1/katago/ws, KaTrain's remote backend) through the queue: the built
 *   api and one built worker on a scratch database, queries sent at a steady rate, send to answer;
 * - GNU Go 3.8's `estimate_score` over GTP (/usr/games/gnugo), the position set up by `play` lines
 *   first (not timed).
 * Each position is asked once per way (a fresh database: no cached job answers the socket); each
 * way is warmed up first on three positions (the socket's with another komi, so not cached).
 *
 * Run: `npm run build && npm run bench:katago` with DATABASE_URL (an admin URL: a scratch database
 * is created and dropped) and REDIS_URL. Options: --positions N per size (default 20),
 * --rate9 R and --rate19 R (socket queries per second, default 4 and 1), --no-socket.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { ApiKeyRepository, PrismaService, TenantRepository } from '@moyo/persistence';
import { WebSocket } from 'ws';
import { KeyAdmin } from '../apps/api/src/admin/key-admin';
import { KataGoAnalysisEngine, type KataGoTurnResult } from '../libs/engine/src/katago';
import { GNUGO_PATH, GnuGoGtp } from '../libs/engine/test/eyes/support/gnugo';
import { appsBuilt, startApp, waitForOk } from '../test/browser/stack';
import { deleteKeys, dropDatabase } from '../test/support/cleanup';
import { createMigratedDatabase } from '../test/support/database';
import { benchPositions, gtpSetup, kataGoQuery, quantile, type BenchPosition } from './katago-positions';
import { integerOption } from './support/args';
import { gtpBody, parseEstimateScore } from './support/real-games/gtp-answers';

const BENCH = 'bench:katago';
const COUNT = integerOption(BENCH, '--positions', 20);
const RATE: Record<9 | 19, number> = {
  9: integerOption(BENCH, '--rate9', 4),
  19: integerOption(BENCH, '--rate19', 1),
};
const SOCKET = !process.argv.includes('--no-socket');
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORT = 3000 + Math.floor(Math.random() * 2000) + 1000;

/** Latencies (ms) and Black's lead per position of one way. */
interface Run {
  ms: number[];
  lead: number[];
}

function inProcess(positions: BenchPosition[]): Run {
  const engine = new KataGoAnalysisEngine();
  const ask = (p: BenchPosition, id: string) => {
    const t0 = performance.now();
    const early = engine.submit(kataGoQuery(p, id));
    const error = early.find((l) => 'error' in l);
    if (error) throw new Error(`${p.name}: ${JSON.stringify(error)}`);
    const answer = engine.next() as KataGoTurnResult;
    return { ms: performance.now() - t0, lead: answer.rootInfo.scoreLead };
  };
  for (const p of positions.slice(0, 3)) ask(p, 'warm-up'); // JIT
  const run: Run = { ms: [], lead: [] };
  positions.forEach((p, i) => {
    const { ms, lead } = ask(p, `q${i}`);
    run.ms.push(ms);
    run.lead.push(lead);
  });
  return run;
}

async function gnugo(positions: BenchPosition[]): Promise<Run> {
  const gtp = new GnuGoGtp(['--quiet']);
  const run: Run = { ms: [], lead: [] };
  try {
    for (const p of positions) {
      for (const line of gtpSetup(p)) gtpBody(await gtp.command(line));
      const t0 = performance.now();
      const body = gtpBody(await gtp.command('estimate_score'));
      run.ms.push(performance.now() - t0);
      run.lead.push(parseEstimateScore(body).blackLead);
    }
  } finally {
    await gtp.close();
  }
  return run;
}

/** Sends the queries at `rate` per second on one socket; resolves with each one's send-to-answer time. */
async function overSocket(url: string, positions: BenchPosition[], rate: number, tag: string): Promise<Run> {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const sent = new Map<string, number>();
  const run: Run = { ms: new Array(positions.length), lead: new Array(positions.length) };
  let answered = 0;
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${tag}: ${answered} of ${positions.length} answered in time`)),
      (positions.length / rate + 300) * 1000,
    );
    ws.on('message', (data) => {
      for (const text of data.toString().split('\n').filter(Boolean)) {
        const line = JSON.parse(text) as Partial<KataGoTurnResult> & { error?: string; id?: string };
        if (line.error) {
          clearTimeout(timer);
          reject(new Error(`${tag}: ${text}`));
          return;
        }
        if (!line.rootInfo || line.isDuringSearch || !line.id || !sent.has(line.id)) continue;
        const i = Number(line.id.split(':')[1]);
        run.ms[i] = performance.now() - (sent.get(line.id) as number);
        run.lead[i] = line.rootInfo.scoreLead;
        if (++answered === positions.length) {
          clearTimeout(timer);
          resolve();
        }
      }
    });
  });
  done.catch(() => undefined);
  for (let i = 0; i < positions.length; i++) {
    const id = `${tag}:${i}`;
    sent.set(id, performance.now());
    ws.send(JSON.stringify(kataGoQuery(positions[i], id)));
    await new Promise((r) => setTimeout(r, 1000 / rate));
  }
  try {
    await done;
  } finally {
    ws.close();
  }
  return run;
}

/** Runs `body` with the built api and one built worker on a scratch database; the socket URL is given. */
async function withStack<T>(body: (wsUrl: string) => Promise<T>): Promise<T> {
  const name = `moyo_bench_katago_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = await createMigratedDatabase(ADMIN_URL, name);
  const prefix = `moyo_bench_katago_${randomBytes(3).toString('hex')}`;
  const common = {
    DATABASE_URL: url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    WEBHOOK_SECRET_KEY: 'bench-only-webhook-secret-key',
  };
  const api = startApp('api', {
    ...common,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    RATE_LIMIT_REQUESTS: '100000000',
  });
  const worker = startApp('worker', { ...common, WORKER_CONCURRENCY: '2' });
  const prisma = new PrismaService({ databaseUrl: url, poolSize: 2 });
  try {
    await waitForOk(`http://127.0.0.1:${PORT}/readyz`, api);
    const admin = new KeyAdmin(new TenantRepository(prisma), new ApiKeyRepository(prisma));
    const { key } = await admin.create('bench-katago');
    return await body(`ws://127.0.0.1:${PORT}/v1/katago/ws?key=${key}`);
  } finally {
    await prisma.onModuleDestroy();
    await Promise.all([api.stop(), worker.stop()]);
    await dropDatabase(ADMIN_URL, name);
    await deleteKeys(REDIS_URL, prefix);
  }
}

function cell(run: Run | undefined): string {
  if (!run) return 'not run'.padStart(17);
  const sorted = [...run.ms].sort((a, b) => a - b);
  return `${quantile(sorted, 0.5).toFixed(0).padStart(7)} / ${quantile(sorted, 0.99).toFixed(0).padStart(6)}`;
}

function meanGap(a: Run, b: Run): number {
  let sum = 0;
  for (let i = 0; i < a.lead.length; i++) sum += Math.abs(a.lead[i] - b.lead[i]);
  return sum / a.lead.length;
}

async function main(): Promise<void> {
  if (!existsSync(GNUGO_PATH)) {
    process.stderr.write(`${BENCH}: GNU Go not found at ${GNUGO_PATH} (set GNUGO_PATH)\n`);
    process.exit(2);
  }
  if (SOCKET && !appsBuilt('api', 'worker')) {
    process.stderr.write(`${BENCH}: build first (npm run build), or pass --no-socket\n`);
    process.exit(2);
  }
  const sizes = [9, 19] as const;
  const positions = { 9: benchPositions(9, COUNT), 19: benchPositions(19, COUNT) };
  const local: Partial<Record<9 | 19, Run>> = {};
  const gnu: Partial<Record<9 | 19, Run>> = {};
  const socket: Partial<Record<9 | 19, Run>> = {};
  for (const size of sizes) {
    local[size] = inProcess(positions[size]);
    gnu[size] = await gnugo(positions[size]);
  }
  if (SOCKET) {
    await withStack(async (url) => {
      for (const size of sizes) {
        // Warm-up (connections, JIT in api and worker): other komi, so the timed jobs are not cached.
        const warm = positions[size].slice(0, 3).map((p) => ({ ...p, komi: p.komi + 100 }));
        await overSocket(url, warm, RATE[size], `w${size}`);
        socket[size] = await overSocket(url, positions[size], RATE[size], `s${size}`);
      }
    });
  }
  const load = (await import('node:os')).loadavg().map((v) => v.toFixed(1));
  process.stdout.write(
    `KataGo query latency, ms p50 / p99 (one turn, maxVisits 500, ownership; load average ${load.join(' ')})\n` +
      'size   positions   moyo in-process   moyo socket+queue   GNU Go estimate_score   |lead moyo - GNU Go|\n',
  );
  for (const size of sizes) {
    const l = local[size] as Run;
    const g = gnu[size] as Run;
    const rate = SOCKET ? ` @${RATE[size]}/s` : '';
    process.stdout.write(
      `${`${size}x${size}`.padEnd(6)} ${String(positions[size].length).padStart(9)}   ${cell(l)}   ` +
        `${cell(socket[size])}${rate.padEnd(6)}   ${cell(g)}        ${meanGap(l, g).toFixed(1).padStart(6)} points\n`,
    );
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${BENCH}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
