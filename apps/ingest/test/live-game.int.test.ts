import { ApiKeyRepository, PrismaService } from '@moyo/persistence';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../api/src/auth/api-keys';
import { createApiApp } from '../../api/src/bootstrap';
import { ApiConfig } from '../../api/src/config/api-config';
import { FakeOgsServer, gameFromSgf } from '../../../test/support/fake-ogs-server';
import { useIsolatedServices } from '../../../test/support/services';
import { createIngestApp } from '../src/bootstrap';
import { IngestConfig } from '../src/config/ingest-config';
import { FollowService } from '../src/follow/follow.module';
import { createWorkerApp } from '../../worker/src/bootstrap';
import { WorkerConfig } from '../../worker/src/config/worker-config';
import { readSse } from '../../../test/support/sse';
import { listenOnLoopback } from '../../../test/support/listen';

const SGF = readFileSync(join(__dirname, 'fixtures/gnugo-selfplay-13x13.sgf'), 'utf8');
const OGS_ID = 24680;

/** The client's webhook endpoint: keeps every request body by path. */
class WebhookReceiver {
  private readonly bodies: { path: string; body: string }[] = [];
  private server?: Server;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        this.bodies.push({ path: req.url ?? '/', body });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}${path}`;
  }

  on(path: string): { body: string }[] {
    return this.bodies.filter((b) => b.path === path);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

async function waitFor(what: string, done: () => boolean, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Awaits `p`; if it takes longer than `ms`, fails with `diagnose()`'s account of the state instead. */
async function withDiagnosis<T>(p: Promise<T>, diagnose: () => Promise<string>, ms = 240_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      diagnose().then(
        (d) => reject(new Error(`no end of the SSE stream after ${ms} ms: ${d}`)),
        (err: unknown) => reject(err instanceof Error ? err : new Error(String(err))),
      );
    }, ms);
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('following a live OGS game end to end: api, ingest, worker, results, webhooks, SSE', () => {
  const services = useIsolatedServices();
  const server = new FakeOgsServer();
  let api: INestApplication;
  let ingest: INestApplicationContext;
  let worker: INestApplicationContext;
  const hooks = new WebhookReceiver();
  let base = '';
  let tenantId = '';
  let key = '';
  let otherKey = '';
  let otherTenantId = '';
  const headers = (apiKey = key) => ({
    'content-type': 'application/json',
    authorization: `Bearer ${apiKey}`,
  });

  beforeAll(async () => {
    const s = services();
    // The real api: API keys, rate limit, JSON errors, streams, games, SSE.
    api = await createApiApp(
      ApiConfig.fromEnv({ ...s.env, HOST: '127.0.0.1', WEBHOOK_ALLOWLIST: '127.0.0.1' }),
    );
    base = await listenOnLoopback(api);
    const prisma = api.get(PrismaService).client;
    for (const name of ['live-a', 'live-b']) {
      const tenant = await prisma.tenant.create({ data: { name } });
      const k = generateApiKey();
      await api
        .get(ApiKeyRepository)
        .create({ tenantId: tenant.id, name, prefix: k.prefix, keyHash: k.hash });
      if (name === 'live-a') [tenantId, key] = [tenant.id, k.key];
      else [otherTenantId, otherKey] = [tenant.id, k.key];
    }

    server.addGame(gameFromSgf(OGS_ID, SGF));
    const url = (await server.listen()).replace(/^ws/, 'http');
    ingest = await createIngestApp(IngestConfig.fromEnv({ ...s.env, OGS_URL: url }));
    // The real worker app: engine threads, results, webhook deliveries (to this test's receiver).
    // Its threads compile the engine on first use (slow on a loaded machine): hence the long timeout.
    worker = await createWorkerApp(
      WorkerConfig.fromEnv({ ...s.env, WORKER_CONCURRENCY: '2', WEBHOOK_ALLOWLIST: '127.0.0.1' }),
    );
    await hooks.start();
  });

  afterAll(async () => {
    await worker?.close();
    await hooks.stop();
    await ingest?.close();
    // An SSE response left open by a failed test would hold the server's close.
    (api?.getHttpServer() as { closeAllConnections?: () => void } | undefined)?.closeAllConnections?.();
    await api?.close();
    await server.close();
  });

  it('refuses bad stream requests with 422 naming the field, and 401 without an API key', async () => {
    const post = (body: unknown, h: Record<string, string> = headers()) =>
      fetch(`${base}/v1/streams`, { method: 'POST', headers: h, body: JSON.stringify(body) });
    const cases: [unknown, string][] = [
      [{}, 'ogsGameId'],
      [{ ogsGameId: 'abc' }, 'ogsGameId'],
      [{ ogsGameId: -4 }, 'ogsGameId'],
      [{ ogsGameId: 5, analyses: ['nonsense'] }, 'analyses'],
      [{ ogsGameId: 5, webhookUrl: 'ftp://x' }, 'webhookUrl'],
      [[1, 2], 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ statusCode: 422, field });
    }
    expect((await post({ ogsGameId: 5 }, { 'content-type': 'application/json' })).status).toBe(401);
    expect((await fetch(`${base}/v1/games/999/analyses`, { headers: headers() })).status).toBe(404);
    expect((await fetch(`${base}/v1/games/1/analyses?sinceMove=x`, { headers: headers() })).status).toBe(422);
  });

  it('two tenants follow one game: each gets every move once, in order, on its own stream; 304 polling', async () => {
    const created = await fetch(`${base}/v1/streams`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ ogsGameId: OGS_ID, analyses: ['board'], webhookUrl: hooks.url('/moves') }),
    });
    expect(created.status).toBe(201);
    const stream = (await created.json()) as { id: string; links: { events: string; analyses: string } };
    const again = await fetch(`${base}/v1/streams`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ ogsGameId: OGS_ID, analyses: ['board'], webhookUrl: hooks.url('/moves') }),
    });
    expect(again.status).toBe(200);
    // Another tenant follows the same game: a stream, jobs and webhooks of its own.
    const theirs = await fetch(`${base}/v1/streams`, {
      method: 'POST',
      headers: headers(otherKey),
      body: JSON.stringify({ ogsGameId: OGS_ID, analyses: ['board'], webhookUrl: hooks.url('/moves-b') }),
    });
    expect(theirs.status).toBe(201);
    const streamB = (await theirs.json()) as { id: string; links: { events: string } };
    expect(streamB.id).not.toBe(stream.id);
    expect(streamB.links.events).toBe(stream.links.events); // the same OGS id, resolved per tenant
    for (const [id, k] of [
      [stream.id, otherKey],
      [streamB.id, key],
    ]) {
      expect((await fetch(`${base}/v1/streams/${id}`, { headers: headers(k) })).status).toBe(404);
      expect((await fetch(`${base}/v1/games/${id}/analyses`, { headers: headers(k) })).status).toBe(404);
    }

    const sse = await fetch(`${base}${stream.links.events}`, { headers: headers() });
    expect(sse.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = readSse(sse);
    const otherEvents = readSse(
      await fetch(`${base}${streamB.links.events}`, { headers: headers(otherKey) }),
    );
    await ingest.get(FollowService).coordinator.scan();
    // Both streams are followed, on one shared OGS connection.
    expect(ingest.get(FollowService).coordinator.followedStreams.sort()).toEqual(
      [stream.id, streamB.id].sort(),
    );
    await server.replay(OGS_ID, {
      moveIntervalMs: 10,
      dropAfter: [25, 80],
      repeat: [3, 44, 45],
      swapWithNext: [15, 99],
      skip: [60],
    });
    const [got, otherGot] = await withDiagnosis(Promise.all([events, otherEvents]), async () => {
      const prisma = api.get(PrismaService).client;
      const stream = await prisma.gameStream.findMany({ where: { ogsGameId: OGS_ID } });
      const jobs = await prisma.job.groupBy({ by: ['status'], _count: true });
      const open = await prisma.job.findMany({
        where: { status: { not: 'completed' } },
        select: { id: true },
      });
      return JSON.stringify({
        stream,
        jobs,
        open,
        followed: ingest.get(FollowService).coordinator.followedGames,
      });
    });

    const prisma = api.get(PrismaService).client;
    // Each tenant's events: every move once, in order, each from a job of that tenant only.
    const jobIdsOf = async (t: string) =>
      new Set((await prisma.job.findMany({ where: { tenantId: t }, select: { id: true } })).map((j) => j.id));
    for (const [stream, t] of [
      [got, tenantId],
      [otherGot, otherTenantId],
    ] as const) {
      const own = await jobIdsOf(t);
      const analyses = stream.filter((e) => e.type === 'analysis');
      expect(analyses.map((e) => Number(e.id))).toEqual(Array.from({ length: 130 }, (_, i) => i + 1));
      for (const e of analyses) {
        const d = e.data as {
          moveNumber: number;
          jobId: string;
          status: string;
          result: { board: { moveNumber: number } };
        };
        expect(d.status).toBe('completed');
        expect(d.result.board.moveNumber).toBe(d.moveNumber);
        expect(own.has(d.jobId)).toBe(true);
      }
      expect(stream.filter((e) => e.type === 'rewind')).toEqual([]);
      expect(stream.at(-1)).toMatchObject({ type: 'finished', data: { status: 'finished', lastMove: 130 } });
    }
    // The final analysis: the last position with territory, dead stones and score.
    const final = (
      got.at(-1)!.data as { final: { status: string; result: { analyses: Record<string, unknown> } } }
    ).final;
    expect(final.status).toBe('completed');
    expect(Object.keys(final.result.analyses).sort()).toEqual(['board', 'deadStones', 'score', 'territory']);

    const poll = await fetch(`${base}${stream.links.analyses}?sinceMove=125`, { headers: headers() });
    expect(poll.status).toBe(200);
    const body = (await poll.json()) as {
      analyses: { moveNumber: number }[];
      status: string;
      final: { jobId: string; status: string; result: unknown };
    };
    expect(body.status).toBe('finished');
    expect(body.final).toEqual(final);
    expect(body.analyses.map((a) => a.moveNumber)).toEqual([126, 127, 128, 129, 130]);
    const etag = poll.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const same = await fetch(`${base}${stream.links.analyses}?sinceMove=125`, {
      headers: { ...headers(), 'if-none-match': etag },
    });
    expect(same.status).toBe(304);
    const other = await fetch(`${base}${stream.links.analyses}?sinceMove=0`, {
      headers: { ...headers(), 'if-none-match': etag },
    });
    expect(other.status).toBe(200);

    // Each move analysed once per tenant: one job, one attempt and one result per move (and the
    // final) for each of the two streams, and no job shared between them.
    // Results by job id (job_results has no relation to jobs: partitioned by the job's day).
    const results = new Set(
      (await prisma.jobResult.findMany({ select: { jobId: true } })).map((r) => r.jobId),
    );
    const withResult = <J extends { id: string }>(js: J[]) =>
      js.map((j) => ({ ...j, result: results.has(j.id) }));
    const jobs = withResult(await prisma.job.findMany({ where: { tenantId } }));
    const otherJobs = withResult(await prisma.job.findMany({ where: { tenantId: otherTenantId } }));
    for (const js of [jobs, otherJobs]) {
      expect(js).toHaveLength(131);
      expect(js.every((j) => j.status === 'completed' && j.attempts === 1 && j.result)).toBe(true);
    }
    expect(await prisma.job.count()).toBe(262);
    expect(await prisma.jobResult.count()).toBe(262);

    // One webhook per move and one for the final analysis, each naming its job, to each tenant's URL.
    await waitFor(
      '262 webhooks',
      () => hooks.on('/moves').length >= 131 && hooks.on('/moves-b').length >= 131,
    );
    await new Promise((r) => setTimeout(r, 300)); // room for a duplicate to show up; none may
    for (const [path, js] of [
      ['/moves', jobs],
      ['/moves-b', otherJobs],
    ] as const) {
      const hookBodies = hooks.on(path).map((w) => JSON.parse(w.body) as { id: string; status: string });
      expect(hookBodies).toHaveLength(131);
      expect(new Set(hookBodies.map((b) => b.id))).toEqual(new Set(js.map((j) => j.id)));
      expect(hookBodies.every((b) => b.status === 'completed')).toBe(true);
    }

    expect(
      (await fetch(`${base}/v1/streams/${stream.id}`, { method: 'DELETE', headers: headers() })).status,
    ).toBe(204);
    const list = (await (await fetch(`${base}/v1/streams`, { headers: headers() })).json()) as {
      items: { id: string; status: string }[];
    };
    expect(list.items).toMatchObject([{ id: stream.id, status: 'finished' }]);
  }, 300_000);
});
