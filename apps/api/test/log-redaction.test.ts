import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { apiLogger, redactUrlSecrets, requestLogger } from '../src/logging/request-logger';

/** A server answering `status` through the request logger at `level`; the lines it logged. */
async function logged(
  level: string,
  path: string,
  headers: Record<string, string>,
  status = 200,
): Promise<{ lines: Record<string, unknown>[]; requestId: string | null }> {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const log = requestLogger(apiLogger(level, sink));
  const server = createServer((req, res) =>
    log(req, res, () => {
      (req as { tenantId?: string }).tenantId = 'tenant-1';
      res.statusCode = status;
      res.end('ok');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let requestId: string | null;
  try {
    const port = (server.address() as AddressInfo).port;
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
    await res.text();
    requestId = res.headers.get('x-request-id');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  const lines = chunks
    .join('')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { lines, requestId };
}

describe('api request logs', () => {
  it('replace the values of credential parameters in a URL', () => {
    expect(redactUrlSecrets('/v1/jobs/x/events?access_token=moyo_abc&since=3')).toBe(
      '/v1/jobs/x/events?access_token=[Redacted]&since=3',
    );
    expect(redactUrlSecrets('/v1/jobs?limit=2&api_key=s3cret#top')).toBe(
      '/v1/jobs?limit=2&api_key=[Redacted]#top',
    );
    expect(redactUrlSecrets('/v1/jobs?monkey=1')).toBe('/v1/jobs?monkey=1');
  });

  it('never contain an API key, whether sent as a header or in the query', async () => {
    const { lines } = await logged('info', '/v1/jobs?access_token=SECRET_QUERY&limit=1', {
      Authorization: 'Bearer SECRET_BEARER',
      'X-Api-Key': 'SECRET_HEADER',
      Cookie: 'session=SECRET_COOKIE',
    });
    const log = JSON.stringify(lines);
    expect(log).toContain('/v1/jobs?access_token=[Redacted]&limit=1');
    for (const secret of ['SECRET_QUERY', 'SECRET_BEARER', 'SECRET_HEADER', 'SECRET_COOKIE'])
      expect(log).not.toContain(secret);
  });

  it('write one line per request with its id, status and tenant; none for probes', async () => {
    const { lines, requestId } = await logged('info', '/v1/jobs', { 'X-Request-Id': 'trace-42' });
    expect(requestId).toBe('trace-42');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      app: 'api',
      msg: 'request completed',
      reqId: 'trace-42',
      tenantId: 'tenant-1',
      req: { id: 'trace-42', method: 'GET', url: '/v1/jobs' },
      res: { statusCode: 200 },
    });
    expect(typeof lines[0].responseTime).toBe('number');
    const probe = await logged('info', '/healthz', { 'X-Request-Id': 'bad id' });
    expect(probe.lines).toHaveLength(0);
    expect(probe.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('log a 5xx at error level, and nothing of a 2xx above info', async () => {
    const failed = await logged('warn', '/v1/jobs', {}, 500);
    expect(failed.lines).toHaveLength(1);
    expect(failed.lines[0]).toMatchObject({ level: 50, msg: 'request errored', res: { statusCode: 500 } });
    expect((await logged('warn', '/v1/jobs', {})).lines).toHaveLength(0);
  });
});
