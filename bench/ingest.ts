/**
 * Live-game latency: from the moment the OGS server pushes a move to the moment its analysis is
 * available. The deployment is the real one, as separate processes built by `npm run build`:
 * `apps/ingest` (OGS client, Redis lease, positions queue), `apps/worker` xN (engine, results,
 * webhooks) and `apps/api` (SSE). This process plays OGS: the fake server of the tests
 * (test/support/fake-ogs-server.ts, the same wire protocol) replays a GNU Go 19x19 self-play game
 * at a fixed pace. It also receives the stream's webhooks and reads its SSE events.
 *
 * Measured per move, from the server's push of the move:
 *   - stored:  the worker's result transaction (`job_results.created_at`): from then on
 *              GET /v1/games/:id/analyses shows the result;
 *   - webhook: the stream's webhook for that move arrived here;
 *   - sse:     GET /v1/games/:id/events delivered its `analysis` event here;
 * and the stages of `stored`: push -> job row (ingest), row -> started (queue), started -> done.
 *
 * Needs PostgreSQL and Redis: DATABASE_URL (an admin URL: a scratch database `moyo_bench_*` is
 * created and dropped) and REDIS_URL (keys under a scratch prefix, deleted afterwards).
 *
 * Run: `npm run bench:ingest` (builds first), or after a build
 * `npx tsx bench/ingest.ts [--interval 1000] [--moves 100] [--warmup 10] [--workers 1]
 *   [--concurrency 2] [--analyses board,bouzy,territory] [--verbose]`: the game is joined after
 * `warmup` moves (analysed first, warming the engine threads), then `moves` moves are pushed one
 * every `interval` ms and measured.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { QueueName } from '@moyo/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { FakeOgsServer, gameFromSgf } from '../test/support/fake-ogs-server';
import { migrationScripts } from '../test/support/database';
import { requireBuiltApps, startBuiltApp, stopApps } from './support/built-apps';
import { insertTenantWithKey } from './support/tenant-key';

const ROOT = resolve(__dirname, '..');
const FIXTURE = join(ROOT, 'apps/ingest/test/fixtures/gnugo-selfplay-19x19.sgf');
const OGS_GAME_ID = 70_000_001;

const { values: args } = parseArgs({
  options: {
    interval: { type: 'string', default: '1000' },
    moves: { type: 'string', default: '100' },
    workers: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '2' },
    analyses: { type: 'string', default: 'board,bouzy,territory' },
    warmup: { type: 'string', default: '10' },
    verbose: { type: 'boolean', default: false },
  },
});

function positiveInt(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    process.stderr.write(
      `bench:ingest: --${name} must be a positive integer, got ${JSON.stringify(value)}\n`,
    );
    process.exit(2);
  }
  return n;
}

const INTERVAL_MS = positiveInt('interval', args.interval);
const MOVES = positiveInt('moves', args.moves);
const WORKERS = positiveInt('workers', args.workers);
const CONCURRENCY = positiveInt('concurrency', args.concurrency);
const WARMUP = Number(args.warmup) >= 0 ? Math.floor(Number(args.warmup)) : 10;
const ANALYSES = String(args.analyses)
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

const adminUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** p-th percentile (0-100) of sorted values, nearest rank. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function summary(label: string, values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  const f = (v: number) => `${Math.round(v)}`.padStart(6);
  return `${label.padEnd(34)} n=${String(s.length).padStart(4)}  p50 ${f(percentile(s, 50))} ms  p99 ${f(percentile(s, 99))} ms  max ${f(s.at(-1) ?? NaN)} ms`;
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 120_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function main(): Promise<void> {
  requireBuiltApps('bench:ingest', ['api', 'worker', 'ingest']);
  const name = `moyo_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const databaseUrl = dbUrl.toString();
  const db = new Client({ connectionString: databaseUrl });
  const redis = new Redis(redisUrl);
  const children: ChildProcess[] = [];
  const server = new FakeOgsServer();
  let hooks: Server | undefined;
  const logFile = join(tmpdir(), `${name}.log`);
  const log = createWriteStream(logFile);
  let cleaning: Promise<void> | undefined;
  const sseAbort = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stderr.write(`bench:ingest: ${signal}, cleaning up\n`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  try {
    await db.connect();
    for (const sql of migrationScripts()) await db.query(sql);

    // The stream's webhook receiver: arrival time of each move's delivery.
    const webhookAt = new Map<number, number>();
    hooks = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const at = Date.now();
        res.writeHead(204).end();
        const move = moveOfWebhook(body);
        if (move !== undefined && !webhookAt.has(move)) webhookAt.set(move, at);
      });
    });
    await new Promise<void>((r) => hooks!.listen(0, '127.0.0.1', () => r()));
    const hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`;

    const game = server.addGame(gameFromSgf(OGS_GAME_ID, readFileSync(FIXTURE, 'utf8')));
    if (WARMUP + MOVES > game.moves.length) {
      process.stderr.write(
        `bench:ingest: --warmup + --moves is at most ${game.moves.length} (the fixture)\n`,
      );
      process.exit(2);
    }
    // The game is joined in progress: the WARMUP moves already played are analysed first (the
    // worker's engine threads start on them), then MOVES moves are pushed live and measured.
    game.moves = game.moves.slice(0, WARMUP + MOVES);
    game.played = WARMUP;
    const ogsUrl = (await server.listen()).replace(/^ws/, 'http');
    const apiPort = await freePort();
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: name,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      OGS_URL: ogsUrl,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      WORKER_CONCURRENCY: String(CONCURRENCY),
      WEBHOOK_ALLOWLIST: '127.0.0.1',
    };
    const start = (app: string) => startBuiltApp(app, env, log, children);
    start('api');
    for (let i = 0; i < WORKERS; i++) start('worker');
    start('ingest');
    const base = `http://127.0.0.1:${apiPort}`;
    await until(async () => ((await fetch(`${base}/readyz`)).ok ? true : undefined), 'the api /readyz');
    await until(async () => (server.connections > 0 ? true : undefined), 'the ingest to connect to OGS');
    // Every worker process has registered on the positions queue (BullMQ names its connections).
    const positions = new Queue(QueueName.Positions, { connection: { url: redisUrl }, prefix: name });
    try {
      await until(
        async () => ((await positions.getWorkersCount()) >= WORKERS ? true : undefined),
        'the workers',
      );
    } finally {
      await positions.close();
    }

    // A tenant, an API key and the followed stream.
    const { key } = await insertTenantWithKey(db, 'bench');
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const created = await fetch(`${base}/v1/streams`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ ogsGameId: OGS_GAME_ID, analyses: ANALYSES, webhookUrl: hookUrl }),
    });
    if (created.status !== 201)
      throw new Error(`POST /v1/streams: ${created.status} ${await created.text()}`);
    const stream = (await created.json()) as { id: string };

    const sseAt = new Map<number, number>();
    const sse = readSse(
      `${base}/v1/games/${OGS_GAME_ID}/events`,
      auth,
      (id, at) => {
        if (!sseAt.has(id)) sseAt.set(id, at);
      },
      sseAbort.signal,
    );
    sse.catch(() => undefined); // an interrupted run aborts it
    // The ingest picks the stream up on its next scan and joins the game; the moves already
    // played get analysed before the live part starts.
    await until(async () => (server.watcherCount(OGS_GAME_ID) > 0 ? true : undefined), 'the ingest to watch');
    await until(async () => (sseAt.size >= WARMUP ? true : undefined), 'the moves played before joining');

    const t0 = Date.now();
    await server.replay(OGS_GAME_ID, { moveIntervalMs: INTERVAL_MS });
    await sse;
    const wall = Date.now() - t0;
    await until(
      async () => (webhookAt.size >= WARMUP + MOVES ? true : undefined),
      'every webhook',
      60_000,
    ).catch(() => undefined);

    const rows = (
      await db.query(
        `SELECT a.move_number AS n, j.created_at AS created, j.started_at AS started, r.created_at AS finished,
                j.status, j.timings
           FROM game_move_analyses a JOIN jobs j ON j.id = a.job_id LEFT JOIN job_results r ON r.job_id = j.id
          WHERE a.game_id = $1 ORDER BY a.move_number`,
        [stream.id],
      )
    ).rows as { n: number; created: Date; started: Date; finished: Date; status: string }[];
    const sent = (n: number) => server.moveSentAt(OGS_GAME_ID, n)!;
    // Only the moves pushed live count (the ones played before joining were never pushed).
    const live = rows.filter((r) => r.n > WARMUP);
    const done = live.filter((r) => r.status === 'completed');
    const liveSse = [...sseAt].filter(([n]) => n > WARMUP);
    const liveHooks = [...webhookAt].filter(([n]) => n > WARMUP);
    const ms = (a: Date, b: Date) => a.getTime() - b.getTime();
    const lines = [
      `bench:ingest  19x19 GNU Go game joined after ${WARMUP} moves, then ${MOVES} moves pushed one every` +
        ` ${INTERVAL_MS} ms; analyses ${ANALYSES.join(',')}; ${WORKERS} worker process(es) x concurrency` +
        ` ${CONCURRENCY}; wall ${(wall / 1000).toFixed(1)} s`,
      `live moves completed: ${done.length}/${MOVES}, SSE events ${liveSse.length}, webhooks ${liveHooks.length}`,
      summary(
        'push -> result stored',
        done.map((r) => r.finished.getTime() - sent(r.n)),
      ),
      summary(
        'push -> webhook received',
        liveHooks.map(([n, at]) => at - sent(n)),
      ),
      summary(
        'push -> SSE event received',
        liveSse.map(([n, at]) => at - sent(n)),
      ),
      summary(
        '  push -> job row (ingest)',
        done.map((r) => r.created.getTime() - sent(r.n)),
      ),
      summary(
        '  job row -> started (queue)',
        done.map((r) => ms(r.started, r.created)),
      ),
      summary(
        '  started -> stored (engine)',
        done.map((r) => ms(r.finished, r.started)),
      ),
      `(process logs: ${logFile})`,
    ];
    if (args.verbose) {
      for (const r of done) {
        const n = r.n;
        lines.push(
          `move ${String(n).padStart(3)}: row ${r.created.getTime() - sent(n)} queue ${r.started.getTime() - r.created.getTime()}` +
            ` engine ${r.finished.getTime() - r.started.getTime()} sse ${(sseAt.get(n) ?? NaN) - sent(n)} ms`,
        );
      }
    }
    process.stdout.write(lines.join('\n') + '\n');
  } finally {
    await cleanup();
  }

  /** Stops the processes and removes the scratch database and keys (once; also on Ctrl-C). */
  function cleanup(): Promise<void> {
    // Both the signal handler and main's finally wait for the same, single clean-up.
    cleaning ??= removeEverything();
    return cleaning;
  }

  async function removeEverything(): Promise<void> {
    sseAbort.abort();
    // Graceful first; a process still up after 15 s is killed.
    await stopApps(children);
    await server.close();
    hooks?.close();
    await db.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    const keys = await redis.keys(`${name}:*`);
    for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
    redis.disconnect();
    log.end();
  }
}

/** The move number a webhook body is about (`data.moveNumber`, or the job id's `ogs-<game>-<n>-`). */
function moveOfWebhook(body: string): number | undefined {
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    const text = JSON.stringify(json);
    const m = /ogs-\d+-(\d+)-/.exec(text);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads an SSE response until it ends, calling `onAnalysis` with each analysis event's move number. */
async function readSse(
  url: string,
  headers: Record<string, string>,
  onAnalysis: (move: number, at: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const res = await fetch(url, { headers, signal });
  if (!res.ok || !res.body) throw new Error(`SSE ${url}: ${res.status}`);
  const decoder = new TextDecoder();
  let buf = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    const at = Date.now();
    buf += decoder.decode(chunk, { stream: true });
    let i;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const type = /^event: ?(.*)$/m.exec(block)?.[1];
      const id = /^id: ?(.*)$/m.exec(block)?.[1];
      if (type === 'analysis' && id) onAnalysis(Number(id), at);
      if (type === 'finished') return;
    }
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `bench:ingest failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
