import 'reflect-metadata';
import { exitIfShutdownHangs } from '@moyo/contracts';
import { Logger } from 'nestjs-pino';
import { createIngestApp, unreachableDependencies } from './bootstrap';
import { loadIngestConfigOrExit } from './config/ingest-config';
import { drainOnSignals } from './shutdown/drain';

async function main(): Promise<void> {
  // SIGTERM drains (leases released), but never for longer than this.
  exitIfShutdownHangs('ingest', 10_000);
  const config = loadIngestConfigOrExit();
  const app = await createIngestApp(config);
  drainOnSignals(app);
  const logger = app.get(Logger);
  const down = await unreachableDependencies(app);
  if (down.length > 0)
    logger.warn(`not reachable yet: ${down.join(', ')} (retrying in the background)`, 'Bootstrap');
  logger.log(
    `ingest started (OGS ${config.ogsUrl}, auto-follow ${config.autoFollow ? 'on' : 'off'})`,
    'Bootstrap',
  );
}

main().catch((err: unknown) => {
  process.stderr.write(
    `moyo ingest: failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
