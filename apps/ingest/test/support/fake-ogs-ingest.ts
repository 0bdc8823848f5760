import type { INestApplicationContext } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { FakeOgsServer } from '../../../../test/support/fake-ogs-server';
import { useIsolatedServices } from '../../../../test/support/services';
import { createIngestApp } from '../../src/bootstrap';
import { IngestConfig } from '../../src/config/ingest-config';

/** A game record of apps/ingest/test/fixtures, e.g. `gnugo-selfplay-13x13.sgf`. */
export function fixtureSgf(name: string): string {
  return readFileSync(join(__dirname, '../fixtures', name), 'utf8');
}

/** Polls `done` every 20 ms until it holds; throws "timed out waiting for <what>" after `timeoutMs`. */
export async function until(
  done: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * An ingest suite's setup, for its describe block: a private PostgreSQL database and Redis prefix
 * (useIsolatedServices), a fake OGS server, and `start` for the ingest apps following it. The apps,
 * then the server, are closed after the suite; with `ignoreCloseErrors` an app that fails to close
 * (e.g. one a test cut off from Redis) does not fail the suite.
 */
export function useFakeOgsIngest(options: { ignoreCloseErrors?: boolean } = {}) {
  const services = useIsolatedServices();
  const server = new FakeOgsServer();
  const apps: INestApplicationContext[] = [];
  let url: string | undefined;
  afterAll(async () => {
    for (const app of apps) {
      if (options.ignoreCloseErrors) await app.close().catch(() => undefined);
      else await app.close();
    }
    await server.close();
  });
  return {
    services,
    server,
    /**
     * An ingest app on the suite's services and the fake server (listening from the first call),
     * `env` over those variables. Add the server's games first: the app follows at once.
     */
    async start(env: Record<string, string> = {}): Promise<INestApplicationContext> {
      url ??= (await server.listen()).replace(/^ws/, 'http');
      const app = await createIngestApp(IngestConfig.fromEnv({ ...services().env, OGS_URL: url, ...env }));
      apps.push(app);
      return app;
    },
    /** Closes an app `start` made before the suite ends (it is then not closed again). */
    async stop(app: INestApplicationContext): Promise<void> {
      await app.close();
      apps.splice(apps.indexOf(app), 1);
    },
  };
}
