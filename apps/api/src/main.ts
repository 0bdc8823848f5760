import 'reflect-metadata';
import { exitIfShutdownHangs } from '@moyo/contracts';
import { Logger } from 'nestjs-pino';
import { createApiApp } from './bootstrap';
import { loadApiConfigOrExit } from './config/api-config';

async function main(): Promise<void> {
  // SIGTERM drains (requests in flight), but never for longer than this.
  exitIfShutdownHangs('api', 10_000);
  const config = loadApiConfigOrExit();
  const app = await createApiApp(config);
  await app.listen(config.port, config.host);
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
