import { PrismaService } from '@moyo/persistence';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { smallPosition, useApi } from './support/api-harness';

/** The four places a client names a webhook target: path, body with the URL in it, and the field. */
const ROUTES: [string, (url: string, n: number) => Record<string, unknown>, string][] = [
  ['/v1/webhooks', (url) => ({ url }), 'url'],
  ['/v1/positions', (url) => smallPosition({ webhookUrl: url }), 'webhookUrl'],
  ['/v1/eyegraphs', (url) => ({ graph: 'OO!%O.X%!..', webhookUrl: url }), 'webhookUrl'],
  ['/v1/streams', (url, n) => ({ ogsGameId: 7000 + n, webhookUrl: url }), 'webhookUrl'],
];

describe('webhook targets are checked when registered (WEBHOOK_ALLOWLIST=10.1.0.0/16,localhost)', () => {
  const api = useApi({ WEBHOOK_ALLOWLIST: '10.1.0.0/16,localhost' });
  let key: string;
  let n = 0;

  beforeAll(async () => {
    key = (await api.newTenant('targets')).key;
  });

  const post = (path: string, body: object) =>
    request(api.server).post(path).set('Authorization', `Bearer ${key}`).send(body);

  it.each(ROUTES)(
    '%s refuses private, loopback, link-local, localhost and credentialed URLs with 422',
    async (path, body, field) => {
      const refused: [string, RegExp][] = [
        ['http://10.0.0.5/hook', /10\.0\.0\.5 \(private\).*WEBHOOK_ALLOWLIST/],
        ['http://169.254.169.254/latest/meta-data', /linkLocal/],
        ['http://[::1]:8080/x', /::1 \(loopback\)/],
        ['http://127.0.0.1:9/x', /127\.0\.0\.1 \(loopback\)/],
        ['http://api.localhost/x', /loopback name/],
        ['https://user:pw@hooks.example.com/x', /credentials/],
      ];
      const prisma = api.app.get(PrismaService).client;
      const before = await Promise.all([
        prisma.webhook.count(),
        prisma.job.count(),
        prisma.gameStream.count(),
      ]);
      for (const [url, message] of refused) {
        const res = await post(path, body(url, n++));
        expect(res.status, url).toBe(422);
        expect(res.body).toMatchObject({ statusCode: 422, field });
        expect(res.body.message).toMatch(new RegExp(`^${field}: `));
        expect(res.body.message).toMatch(message);
      }
      const after = await Promise.all([
        prisma.webhook.count(),
        prisma.job.count(),
        prisma.gameStream.count(),
      ]);
      expect(after).toEqual(before);
    },
  );

  it.each(ROUTES)('%s accepts allowlisted and public targets', async (path, body) => {
    for (const url of [
      'http://10.1.2.3/hook',
      'http://localhost:9/hook',
      'http://[::ffff:10.1.0.9]/hook',
      'https://hooks.example.com/h',
    ]) {
      const res = await post(path, body(url, n++));
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
  });
});
