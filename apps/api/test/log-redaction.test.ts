import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pinoHttp } from 'pino-http';
import { describe, expect, it } from 'vitest';
import { apiLogOptions, redactUrlSecrets } from '../src/logging/logger.module';

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
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pinoHttp(apiLogOptions('info'), sink);
    const server = createServer((req, res) => {
      logger(req, res);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      await fetch(`http://127.0.0.1:${port}/v1/jobs?access_token=SECRET_QUERY&limit=1`, {
        headers: {
          Authorization: 'Bearer SECRET_BEARER',
          'X-Api-Key': 'SECRET_HEADER',
          Cookie: 'session=SECRET_COOKIE',
        },
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const log = lines.join('');
    expect(log).toContain('/v1/jobs?access_token=[Redacted]&limit=1');
    for (const secret of ['SECRET_QUERY', 'SECRET_BEARER', 'SECRET_HEADER', 'SECRET_COOKIE'])
      expect(log).not.toContain(secret);
  });
});
