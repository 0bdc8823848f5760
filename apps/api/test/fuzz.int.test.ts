import { PrismaService } from '@moyo/persistence';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { smallPosition, useApi } from './support/api-harness';
import { seededRandom as prng } from '@moyo/engine';
import { REQUEST_FIELDS } from './support/fixtures';

const FIELDS = [...REQUEST_FIELDS, '__proto__', 'constructor'];
const STRINGS = [
  '',
  'B',
  'W',
  'b',
  'pass',
  'Q16',
  'A1',
  'T19',
  'Z99',
  'I5',
  'tt',
  'japanese',
  'chinese',
  'aga',
  'nope',
  'territory',
  'bouzy',
  'score',
  'eyegraph',
  'job.completed',
  'http://127.0.0.1/x',
  'https://',
  'javascript:alert(1)',
  '(;GM[1]SZ[9];B[ee];W[ee])',
  '(;SZ[19]',
  '(;GM[1]SZ[9]AB[aa:ii];W[ee])',
  '(;SZ[3])',
  'OO!%O.X%!..',
  '.%.%.',
  '\u0000',
  '\ud83d\ude00',
  '%',
  '$$$',
  '1e309',
];

function randomValue(rnd: () => number, depth: number): unknown {
  const r = rnd();
  if (depth > 3 || r < 0.15) return STRINGS[Math.floor(rnd() * STRINGS.length)];
  if (r < 0.3)
    return [0, 1, -1, 5, 9, 19, 25, 26, 40, 6.5, 0.25, -0.5, 1e12, -1e21, 2 ** 53][Math.floor(rnd() * 15)];
  if (r < 0.38) return rnd() < 0.5;
  if (r < 0.43) return null;
  if (r < 0.48) return 'x'.repeat(Math.floor(rnd() * 20_000));
  if (r < 0.75) {
    const n = Math.floor(rnd() * 6);
    return Array.from({ length: n }, () => randomValue(rnd, depth + 1));
  }
  const out: Record<string, unknown> = {};
  const n = Math.floor(rnd() * 5);
  for (let i = 0; i < n; i++) {
    const key = rnd() < 0.7 ? FIELDS[Math.floor(rnd() * FIELDS.length)] : `k${Math.floor(rnd() * 100)}`;
    out[key] = randomValue(rnd, depth + 1);
  }
  return out;
}

/** A random body: fully random JSON, or a valid request with one field replaced by a random value. */
function randomBody(rnd: () => number, path: string): unknown {
  if (rnd() < 0.5) return randomValue(rnd, 0);
  const base: Record<string, unknown> =
    path === '/v1/positions'
      ? smallPosition({ analyses: ['bouzy'] })
      : path === '/v1/eyegraphs'
        ? { graph: 'OO!%O.X%!..' }
        : { url: 'https://example.com/h' };
  const field = FIELDS[Math.floor(rnd() * FIELDS.length)];
  return { ...base, [field]: randomValue(rnd, 1) };
}

describe('bounded fuzz: random JSON bodies never get a 5xx, and rejected ones create nothing', () => {
  const api = useApi();
  let key: string;

  beforeAll(async () => {
    key = (await api.newTenant('fuzz')).key;
  });

  it.each(['/v1/positions', '/v1/eyegraphs', '/v1/webhooks'])('%s: 250 random bodies', async (path) => {
    const seed = 0x5eed + path.length;
    const rnd = prng(seed);
    const prisma = api.app.get(PrismaService).client;
    const accepted = new Set<string>();
    let rejected = 0;
    for (let i = 0; i < 250; i++) {
      const body = randomBody(rnd, path);
      const text = JSON.stringify(body) ?? 'null';
      const res = await request(api.server)
        .post(path)
        .set('Authorization', `Bearer ${key}`)
        .set('Content-Type', 'application/json')
        .send(text);
      if (res.status >= 500)
        throw new Error(`seed ${seed} body #${i} got ${res.status}: ${text.slice(0, 300)}`);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      if (res.status < 300) accepted.add(String(res.body.jobId ?? res.body.batchId ?? res.body.id));
      else {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(typeof res.body.message).toBe('string');
        rejected++;
      }
    }
    expect(rejected).toBeGreaterThan(150);
    // Only accepted requests made rows: every job belongs to an accepted answer (its id or its batch).
    const jobs = await prisma.job.findMany({ select: { id: true, batchId: true, kind: true } });
    const batches = await prisma.batch.findMany({ select: { id: true, jobIds: true } });
    const fromBatches = new Set(batches.filter((b) => accepted.has(b.id)).flatMap((b) => b.jobIds));
    const mine = jobs.filter((j) =>
      path === '/v1/eyegraphs' ? j.kind === 'eyegraph' : j.kind === 'position',
    );
    if (path !== '/v1/webhooks') {
      for (const job of mine) expect(accepted.has(job.id) || fromBatches.has(job.id)).toBe(true);
    } else {
      const hooks = await prisma.webhook.findMany({ select: { id: true } });
      for (const hook of hooks) expect(accepted.has(hook.id)).toBe(true);
    }
  });
});
