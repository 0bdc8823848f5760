/**
 * Event-loop delay of the api while the heaviest `analyzeTurns` request it accepts is processed:
 * a 19x19 game of 2000 legal moves with 500 turns adding up to 250,000 moves (the batch cap), as
 * KataGo-style `moves` and as an `sgf` (POST /v1/positions), and as a KataGo analysis query
 * (POST /v1/positions with `id`, POST /v1/katago/analysis and a line on the /v1/katago/ws socket,
 * followed by a `query_version` line whose echo says the query was queued: a connection's lines
 * are handled in order). The built api runs as a real process with no worker; its
 * own `perf_hooks.monitorEventLoopDelay` histogram (prom-client's `nodejs_eventloop_lag_*`
 * gauges on /metrics, reset by every scrape) is read just before and just after each request, so
 * each row is the api's loop delay over that one request. Meanwhile a client asks /healthz every
 * 10 ms and records the slowest answer.
 *
 * Run: `npm run build && npx tsx bench/api-loop.ts`, with DATABASE_URL (an admin URL: a scratch
 * database is created and dropped) and REDIS_URL. Options: --rounds N (default 3).
 */
import { randomBytes } from 'node:crypto';
import { ApiKeyRepository, PrismaService, TenantRepository } from '@moyo/persistence';
import { WebSocket } from 'ws';
import { KeyAdmin } from '../apps/api/src/admin/key-admin';
import { heaviestTurns, longGame } from '../apps/api/test/support/long-game';
import { appsBuilt, startApp, waitForOk } from '../test/browser/stack';
import { deleteKeys, dropDatabase } from '../test/support/cleanup';
import { createMigratedDatabase } from '../test/support/database';
import { integerOption } from './support/args';

const ROUNDS = integerOption('bench:api-loop', '--rounds', 3);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORT = 3000 + Math.floor(Math.random() * 2000) + 1000;
const METRICS_TOKEN = randomBytes(16).toString('hex');

interface Row {
  name: string;
  status: number;
  jobs: number;
  requestMs: number;
  loopP99Ms: number;
  loopMaxMs: number;
  healthzMaxMs: number;
  healthzCount: number;
}

/** The api's event-loop gauges since the previous scrape, in ms. */
async function loopDelay(base: string): Promise<{ p99: number; max: number }> {
  const res = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const gauge = (name: string) => {
    const m = new RegExp(`^moyo_api_nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text);
    if (!m) throw new Error(`/metrics (${res.status}) has no event-loop ${name}`);
    return Number(m[1]) * 1000;
  };
  return { p99: gauge('p99'), max: gauge('max') };
}

/** Asks /healthz one request after another until `stop()`; returns the slowest answer and the count. */
function pingHealthz(base: string): { stop: () => Promise<{ max: number; count: number }> } {
  let running = true;
  let max = 0;
  let count = 0;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await fetch(`${base}/healthz`);
      await res.arrayBuffer();
      max = Math.max(max, performance.now() - t0);
      count++;
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { max, count };
    },
  };
}

/** One submission: its status and the number of jobs it queued. */
type Submit = () => Promise<{ status: number; jobs: number; message?: string }>;

/** POSTs `body` to `path`; the jobs are the answer's `jobIds` (or `turns`, KataGo's). */
function postTo(base: string, headers: Record<string, string>, path: string, body: string): Submit {
  return async () => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers, body });
    const answer = (await res.json()) as { jobIds?: string[]; turns?: unknown[]; message?: string };
    return {
      status: res.status,
      jobs: (answer.jobIds ?? answer.turns ?? []).length,
      message: answer.message,
    };
  };
}

/**
 * Sends a KataGo query line on an open /v1/katago/ws socket, then a `query_version` line: its echo
 * comes once the query is queued (a connection's lines are handled in order). Status 202 when no
 * error line came back before it.
 */
function sendOnSocket(ws: WebSocket, line: string, turns: number): Submit {
  return () =>
    new Promise((resolve) => {
      const errors: string[] = [];
      const onMessage = (data: unknown) => {
        const answer = JSON.parse(String(data)) as { id?: string; error?: string; action?: string };
        if (answer.error) errors.push(answer.error);
        if (answer.id === 'bench-version' && answer.action === 'query_version') {
          ws.off('message', onMessage);
          resolve({ status: errors.length ? 400 : 202, jobs: errors.length ? 0 : turns, message: errors[0] });
        }
      };
      ws.on('message', onMessage);
      ws.send(`${line}\n${JSON.stringify({ id: 'bench-version', action: 'query_version' })}`);
    });
}

async function openSocket(base: string, key: string): Promise<WebSocket> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/v1/katago/ws?key=${key}`);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return ws;
}

async function measure(base: string, name: string, submit: Submit) {
  await loopDelay(base); // resets the api's histogram
  const pings = pingHealthz(base);
  const t0 = performance.now();
  const answer = await submit();
  const requestMs = performance.now() - t0;
  const healthz = await pings.stop();
  const loop = await loopDelay(base);
  if (answer.status !== 202) throw new Error(`${name}: ${answer.status} ${answer.message ?? ''}`);
  return {
    name,
    status: answer.status,
    jobs: answer.jobs,
    requestMs,
    loopP99Ms: loop.p99,
    loopMaxMs: loop.max,
    healthzMaxMs: healthz.max,
    healthzCount: healthz.count,
  } satisfies Row;
}

async function main(): Promise<void> {
  if (!appsBuilt('api')) {
    process.stderr.write('bench:api-loop: build first (npm run build)\n');
    process.exit(2);
  }
  const name = `moyo_bench_loop_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dbUrl = await createMigratedDatabase(ADMIN_URL, name);
  const prefix = `moyo_bench_loop_${randomBytes(3).toString('hex')}`;
  const api = startApp('api', {
    DATABASE_URL: dbUrl,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    WEBHOOK_SECRET_KEY: 'bench-only-webhook-secret-key',
    RATE_LIMIT_REQUESTS: '100000000',
    METRICS_TOKEN,
  });
  const prisma = new PrismaService({ databaseUrl: dbUrl, poolSize: 2 });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitForOk(`${base}/readyz`, api);
    const admin = new KeyAdmin(new TenantRepository(prisma), new ApiKeyRepository(prisma));
    const { key } = await admin.create('bench');
    const headers = { Authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const ws = await openSocket(base, key);
    const turns = heaviestTurns();
    const common = { analyzeTurns: turns, analyses: ['board'] };
    const rules = { boardXSize: 19, komi: 7.5, rules: 'chinese' };
    const post = (path: string, body: unknown) => postTo(base, headers, path, JSON.stringify(body));
    /** A KataGo analysis query of `game` (its `id` makes POST /v1/positions read it as one). */
    const kataGo = (id: string, game: ReturnType<typeof longGame>, analyzeTurns: number[]) => ({
      id,
      moves: game.moves,
      ...rules,
      boardYSize: 19,
      analyzeTurns,
    });
    // Warm-up: JIT, connections, prepared statements, the request thread (one request of each kind).
    const warm = longGame(300, 999);
    await measure(
      base,
      'warm-up',
      post('/v1/positions', { moves: warm.moves, ...common, analyzeTurns: [1, 2] }),
    );
    await measure(base, 'warm-up', post('/v1/positions', { sgf: warm.sgf, ...common, analyzeTurns: [1, 2] }));
    await measure(base, 'warm-up', post('/v1/katago/analysis', kataGo('warm', warm, [1, 2])));
    await measure(base, 'warm-up', sendOnSocket(ws, JSON.stringify(kataGo('warm-ws', warm, [1, 2])), 2));
    const rows: Row[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A new game each time, so every job is new (nothing deduplicated).
      const seed = 5 * round + 1;
      const [moves, sgf, positionsQuery, httpQuery, wsQuery] = [0, 1, 2, 3, 4].map((i) =>
        longGame(2000, seed + i),
      );
      rows.push(
        await measure(
          base,
          'moves: 2000, 500 turns',
          post('/v1/positions', { moves: moves.moves, ...rules, ...common }),
        ),
      );
      rows.push(
        await measure(base, 'sgf: 2000 moves, 500 turns', post('/v1/positions', { sgf: sgf.sgf, ...common })),
      );
      rows.push(
        await measure(
          base,
          'katago /v1/positions: 2000/500',
          post('/v1/positions', kataGo(`positions-${round}`, positionsQuery, turns)),
        ),
      );
      rows.push(
        await measure(
          base,
          'katago http: 2000 moves, 500',
          post('/v1/katago/analysis', kataGo(`http-${round}`, httpQuery, turns)),
        ),
      );
      rows.push(
        await measure(
          base,
          'katago ws: 2000 moves, 500',
          sendOnSocket(ws, JSON.stringify(kataGo(`ws-${round}`, wsQuery, turns)), turns.length),
        ),
      );
    }
    ws.close();
    process.stdout.write('api event loop during one analyzeTurns request (one api process, no worker)\n');
    process.stdout.write(
      'request                         jobs  request ms  loop p99 ms  loop max ms  /healthz max ms (n)\n',
    );
    for (const r of rows) {
      process.stdout.write(
        `${r.name.padEnd(31)} ${String(r.jobs).padStart(4)}  ${r.requestMs.toFixed(0).padStart(10)}` +
          `  ${r.loopP99Ms.toFixed(1).padStart(11)}  ${r.loopMaxMs.toFixed(1).padStart(11)}` +
          `  ${r.healthzMaxMs.toFixed(1).padStart(15)} (${r.healthzCount})\n`,
      );
    }
    const worst = Math.max(...rows.map((r) => r.loopP99Ms));
    process.stdout.write(`worst loop p99: ${worst.toFixed(1)} ms\n`);
    for (const name of [...new Set(rows.map((r) => r.name))]) {
      const mine = rows.filter((r) => r.name === name);
      const p99 = mine.map((r) => r.loopP99Ms).sort((a, b) => a - b);
      process.stdout.write(
        `${name.padEnd(31)} loop p99 ms: ${p99.map((v) => v.toFixed(1)).join(', ')} (worst ${p99[p99.length - 1].toFixed(1)})\n`,
      );
    }
  } finally {
    await prisma.onModuleDestroy();
    await api.stop();
    await dropDatabase(ADMIN_URL, name);
    await deleteKeys(REDIS_URL, prefix);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `bench:api-loop: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
