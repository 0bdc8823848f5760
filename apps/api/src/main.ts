import 'reflect-metadata';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { exitIfShutdownHangs } from '@moyo/contracts';
import { Logger } from 'nestjs-pino';
import { createApiApp } from './bootstrap';
import { loadApiConfigOrExit } from './config/api-config';

/**
 * SIGTERM / SIGINT: stop accepting connections and let the requests in flight finish (idle
 * keep-alive connections are closed, busy ones after their next answer), then close the app (its database pool and Redis clients),
 * then exit with 0. Nest's own shutdown hooks would close the database before the HTTP server, so
 * requests still in flight got 503s, and it ends by raising the signal again (status 143).
 */
function drainOnSignals(app: INestApplication): void {
  let draining = false;
  const drain = async (): Promise<void> => {
    if (draining) return;
    draining = true;
    const server = app.getHttpServer() as Server;
    // Keep-alive clients busy with requests would hold their connections open forever: every
    // answer from now on closes its connection.
    server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
      if (!res.headersSent) res.setHeader('Connection', 'close');
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await app.close();
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void drain());
}

async function main(): Promise<void> {
  // SIGTERM drains (requests in flight), but never for longer than this.
  exitIfShutdownHangs('api', 10_000);
  const config = loadApiConfigOrExit();
  const app = await createApiApp(config);
  await app.listen(config.port, config.host);
  drainOnSignals(app);
  app
    .get(Logger)
    .log(`api listening on http://${config.host}:${config.port} (readiness: /readyz)`, 'Bootstrap');
}

main().catch((err: unknown) => {
  process.stderr.write(
    `moyo api: failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
