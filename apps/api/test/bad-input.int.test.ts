import { PrismaService } from '@moyo/persistence';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { smallPosition, useApi } from './support/api-harness';

/** A 2 MB JSON body (over the default 1 MiB limit). */
const HUGE = JSON.stringify({ ...smallPosition(), padding: 'x'.repeat(2 * 1024 * 1024) });

interface Case {
  name: string;
  path: string;
  body: unknown;
  status: number;
  /** The field the error must name, and a piece of its message. */
  field?: string;
  message?: RegExp;
  raw?: string;
}

const CASES: Case[] = [
  {
    name: 'invalid SGF',
    path: '/v1/positions',
    body: { sgf: '(;GM[1]SZ[9];B[cc' },
    status: 422,
    field: 'sgf',
    message: /SGF/,
  },
  {
    name: 'SGF without a game tree',
    path: '/v1/positions',
    body: { sgf: 'hello' },
    status: 422,
    field: 'sgf',
    message: /no game tree/,
  },
  {
    name: 'illegal move in an SGF (occupied point)',
    path: '/v1/positions',
    body: { sgf: '(;GM[1]SZ[9];B[cc];W[cc])' },
    status: 422,
    field: 'sgf',
    message: /node 2, move 2, property W: illegal move W\[cc\].*occupied/,
  },
  {
    name: 'illegal move in KataGo moves (occupied point)',
    path: '/v1/positions',
    body: smallPosition({
      moves: [
        ['B', 'E5'],
        ['W', 'E5'],
      ],
    }),
    status: 422,
    field: 'moves[1]',
    message: /illegal move W E5: occupied/,
  },
  {
    name: 'suicide',
    path: '/v1/positions',
    body: {
      boardXSize: 9,
      initialStones: [
        ['W', 'A2'],
        ['W', 'B1'],
      ],
      moves: [['B', 'A1']],
    },
    status: 422,
    field: 'moves[0]',
    message: /suicide/,
  },
  {
    name: 'vertex off the board',
    path: '/v1/positions',
    body: smallPosition({ moves: [['B', 'Z9']] }),
    status: 422,
    field: 'moves[0]',
  },
  {
    name: 'board size 1',
    path: '/v1/positions',
    body: { boardXSize: 1, boardYSize: 1, moves: [] },
    status: 422,
    field: 'boardXSize',
    message: /2 to 25/,
  },
  {
    name: 'board size 40',
    path: '/v1/positions',
    body: { boardXSize: 40, boardYSize: 40, moves: [] },
    status: 422,
    field: 'boardXSize',
    message: /2 to 25/,
  },
  {
    name: 'SGF board size 1',
    path: '/v1/positions',
    body: { sgf: '(;GM[1]SZ[1])' },
    status: 422,
    field: 'sgf',
    message: /board size/,
  },
  {
    name: 'SGF board size 40',
    path: '/v1/positions',
    body: { sgf: '(;GM[1]SZ[40])' },
    status: 422,
    field: 'sgf',
    message: /board size/,
  },
  {
    name: 'board too short',
    path: '/v1/positions',
    body: { boardXSize: 9, boardYSize: 1, moves: [] },
    status: 422,
    field: 'boardYSize',
  },
  {
    name: 'moves not an array',
    path: '/v1/positions',
    body: { moves: 'B Q16' },
    status: 422,
    field: 'moves',
    message: /array/,
  },
  {
    name: 'komi as a string',
    path: '/v1/positions',
    body: smallPosition({ komi: '6.5' }),
    status: 422,
    field: 'komi',
    message: /number/,
  },
  {
    name: 'komi not a half',
    path: '/v1/positions',
    body: smallPosition({ komi: 6.3 }),
    status: 422,
    field: 'komi',
  },
  {
    name: 'unknown rules',
    path: '/v1/positions',
    body: smallPosition({ rules: 'ing-goe' }),
    status: 422,
    field: 'rules',
  },
  {
    name: 'unknown analysis',
    path: '/v1/positions',
    body: smallPosition({ analyses: ['ownership'] }),
    status: 422,
    field: 'analyses[0]',
    message: /unknown analysis/,
  },
  {
    name: 'options for an analysis not asked for',
    path: '/v1/positions',
    body: smallPosition({ analyses: ['bouzy'], analysisOptions: { territory: {} } }),
    status: 422,
    field: 'analysisOptions.territory',
  },
  {
    name: 'turn past the end',
    path: '/v1/positions',
    body: smallPosition({ analyzeTurns: [2, 9] }),
    status: 422,
    field: 'analyzeTurns[1]',
  },
  {
    name: 'moveNumber past the end',
    path: '/v1/positions',
    body: { sgf: '(;GM[1]SZ[9];B[cc])', moveNumber: 5 },
    status: 422,
    field: 'moveNumber',
  },
  {
    name: 'sgf and moves together',
    path: '/v1/positions',
    body: { sgf: '(;SZ[9])', moves: [] },
    status: 422,
    field: 'moves',
  },
  {
    name: 'unknown field',
    path: '/v1/positions',
    body: smallPosition({ maxVisits: 10 }),
    status: 422,
    field: 'maxVisits',
  },
  { name: 'empty object', path: '/v1/positions', body: {}, status: 422, field: 'moves' },
  {
    name: 'webhookUrl not http',
    path: '/v1/positions',
    body: smallPosition({ webhookUrl: 'ftp://x/y' }),
    status: 422,
    field: 'webhookUrl',
  },
  { name: 'body is an array', path: '/v1/positions', body: [1, 2], status: 400, field: 'body' },
  {
    name: 'malformed JSON',
    path: '/v1/positions',
    body: undefined,
    raw: '{"moves": [',
    status: 400,
    message: /not valid JSON/,
  },
  {
    name: 'malformed eye graph',
    path: '/v1/eyegraphs',
    body: { graph: 'OO!%O#X' },
    status: 422,
    field: 'graph',
    message: /unknown character '#'/,
  },
  {
    name: 'eye graph with no points',
    path: '/v1/eyegraphs',
    body: { graph: 'OOO%OOO' },
    status: 422,
    field: 'graph',
    message: /no points/,
  },
  { name: 'eye graph as a number', path: '/v1/eyegraphs', body: { graph: 12 }, status: 422, field: 'graph' },
  {
    name: 'eye graph too long',
    path: '/v1/eyegraphs',
    body: { graph: '.'.repeat(5000) },
    status: 422,
    field: 'graph',
  },
  {
    name: 'outerLiberties out of range',
    path: '/v1/eyegraphs',
    body: { graph: '!..', outerLiberties: 9 },
    status: 422,
    field: 'outerLiberties',
  },
  {
    name: 'webhook url missing',
    path: '/v1/webhooks',
    body: { events: ['job.completed'] },
    status: 422,
    field: 'url',
    message: /required/,
  },
  {
    name: 'webhook unknown event',
    path: '/v1/webhooks',
    body: { url: 'https://example.com/h', events: ['job.started'] },
    status: 422,
    field: 'events[0]',
  },
  // Text PostgreSQL cannot store: refused up front (these were 500s from the database).
  {
    name: 'NUL in a webhook URL',
    path: '/v1/positions',
    body: smallPosition({ webhookUrl: 'https://example.com/a\u0000b' }),
    status: 400,
    field: 'webhookUrl',
    message: /NUL/,
  },
  {
    name: 'NUL in an analysis option key',
    path: '/v1/positions',
    body: smallPosition({ analysisOptions: { bouzy: { ['dil\u0000ations']: 5 } } }),
    status: 400,
    field: 'analysisOptions.bouzy.dil\u0000ations',
    message: /\(a key\) must not contain the NUL/,
  },
  {
    name: 'NUL in a registered webhook URL',
    path: '/v1/webhooks',
    body: { url: 'https://example.com/\u0000', events: ['job.completed'] },
    status: 400,
    field: 'url',
  },
  {
    name: 'lone surrogate in an SGF comment',
    path: '/v1/positions',
    body: { sgf: '(;GM[1]SZ[9]C[\ud800])' },
    status: 400,
    field: 'sgf',
    message: /surrogate/,
  },
  {
    name: 'JSON nested 100 deep',
    path: '/v1/positions',
    raw: `{"analysisOptions": ${'{"a":'.repeat(100)}1${'}'.repeat(100)}}`,
    body: undefined,
    status: 400,
    message: /nested deeper than 64 levels/,
  },
];

describe('bad input answers 4xx naming the field, never 5xx, and creates nothing', () => {
  const api = useApi({ MAX_SGF_BYTES: '4096' });
  let key: string;
  let prisma: PrismaService;

  beforeAll(async () => {
    key = (await api.newTenant()).key;
    prisma = api.app.get(PrismaService);
  });

  it.each(CASES)('$name → $status', async (c) => {
    let req = request(api.server).post(c.path).set('Authorization', `Bearer ${key}`);
    if (c.raw !== undefined) req = req.set('Content-Type', 'application/json').send(c.raw);
    else req = req.send(c.body as object);
    const res = await req;
    expect(res.status).toBe(c.status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.statusCode).toBe(c.status);
    expect(typeof res.body.message).toBe('string');
    if (c.field) expect(res.body.field).toBe(c.field);
    if (c.message) expect(res.body.message).toMatch(c.message);
  });

  it.each([
    ['/v1/jobs?limit=abc', 422, 'limit'],
    ['/v1/jobs?limit=0', 422, 'limit'],
    ['/v1/jobs?status=queued&status=running', 422, 'status'],
    ['/v1/jobs?kind=go', 422, 'kind'],
    ['/v1/jobs?batchId=12', 422, 'batchId'],
    ['/v1/jobs?createdAfter=yesterday', 422, 'createdAfter'],
    ['/v1/jobs?cursor=not-a-cursor', 422, 'cursor'],
    [`/v1/jobs/${'x'.repeat(300)}`, 404, undefined],
    ['/v1/jobs/%E0%A4%A', 400, undefined],
    ['/v1/batches/not-a-uuid', 404, undefined],
    ['/v1/webhooks/not-a-uuid/deliveries', 404, undefined],
    ['/v1/jobs/position-%00', 400, 'path'],
    ['/v1/jobs?kind=%00', 400, 'query.kind'],
    ['/v1/webhooks/%00/deliveries', 400, 'path'],
  ])('GET %s → %i', async (path, status, field) => {
    const res = await request(api.server).get(path).set('Authorization', `Bearer ${key}`);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    if (field) expect(res.body.field).toBe(field);
  });

  it('refuses a 2 MB body with 413 JSON (Content-Length known)', async () => {
    const res = await request(api.server)
      .post('/v1/positions')
      .set('Authorization', `Bearer ${key}`)
      .set('Content-Type', 'application/json')
      .send(HUGE);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    expect(res.body.message).toMatch(/limit/);
  });

  it('refuses a 2 MB chunked body with 413 JSON (no Content-Length)', async () => {
    const { Readable } = await import('node:stream');
    const address = await new Promise<string>((resolve) => {
      const server = api.app.getHttpServer();
      if (!server.listening)
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`));
      else resolve(`http://127.0.0.1:${server.address().port}`);
    });
    const res = await fetch(`${address}/v1/positions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: Readable.toWeb(
        Readable.from([HUGE.slice(0, 1_000_000), HUGE.slice(1_000_000)]),
      ) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { statusCode: number }).statusCode).toBe(413);
  });

  it('refuses an SGF over MAX_SGF_BYTES with 422 naming sgf', async () => {
    const sgf = `(;GM[1]SZ[9]C[${'x'.repeat(5000)}])`;
    const res = await request(api.server)
      .post('/v1/positions')
      .set('Authorization', `Bearer ${key}`)
      .send({ sgf });
    expect(res.status).toBe(422);
    expect(res.body.field).toBe('sgf');
    expect(res.body.message).toMatch(/limit of 4096/);
  });

  it('created no job and no batch for any of them', async () => {
    expect(await prisma.client.job.count()).toBe(0);
    expect(await prisma.client.batch.count()).toBe(0);
    expect(await prisma.client.webhook.count()).toBe(0);
  });
});
