import { existsSync } from 'node:fs';
import { request } from 'node:http';

/**
 * True if a Docker engine answers `GET /_ping` within `timeoutMs`. Checks DOCKER_HOST
 * (unix:// or tcp://) or the default socket; never waits longer than the timeout.
 */
export async function dockerReachable(timeoutMs = 1000): Promise<boolean> {
  const host = process.env.DOCKER_HOST;
  let target: { socketPath: string } | { host: string; port: number };
  if (host?.startsWith('tcp://')) {
    const u = new URL(host.replace(/^tcp:/, 'http:'));
    target = { host: u.hostname, port: Number(u.port || 2375) };
  } else {
    const socketPath = host?.startsWith('unix://') ? host.slice('unix://'.length) : '/var/run/docker.sock';
    if (!existsSync(socketPath)) return false;
    target = { socketPath };
  }
  return new Promise((resolve) => {
    const req = request({ ...target, path: '/_ping', method: 'GET', timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}
