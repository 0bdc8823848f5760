import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { dockerReachable } from './docker';
import { deadPort } from './services';

describe('dockerReachable', () => {
  const saved = process.env.DOCKER_HOST;
  let server: Server | undefined;
  afterEach(async () => {
    if (saved === undefined) delete process.env.DOCKER_HOST;
    else process.env.DOCKER_HOST = saved;
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
  });

  it('is false when nothing listens at DOCKER_HOST', async () => {
    process.env.DOCKER_HOST = `tcp://127.0.0.1:${await deadPort()}`;
    expect(await dockerReachable(500)).toBe(false);
  });

  it('is false for a missing socket', async () => {
    process.env.DOCKER_HOST = 'unix:///nonexistent/docker.sock';
    expect(await dockerReachable(500)).toBe(false);
  });

  it('is true when an engine answers /_ping, false when the answer is not 200', async () => {
    let status = 200;
    server = createServer((req, res) => {
      res.statusCode = req.url === '/_ping' ? status : 404;
      res.end('OK');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    process.env.DOCKER_HOST = `tcp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    expect(await dockerReachable(1000)).toBe(true);
    status = 500;
    expect(await dockerReachable(1000)).toBe(false);
  });
});
