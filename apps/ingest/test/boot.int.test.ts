import type { INestApplicationContext } from '@nestjs/common';
import { afterEach, describe, expect, it } from 'vitest';
import { deadPort, useIsolatedServices } from '../../../test/support/services';
import { createIngestApp, unreachableDependencies } from '../src/bootstrap';
import { IngestConfig } from '../src/config/ingest-config';

describe('ingest boots against real Redis and PostgreSQL', () => {
  const services = useIsolatedServices();
  let app: INestApplicationContext | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('reaches both services', async () => {
    app = await createIngestApp(IngestConfig.fromEnv(services().env));
    expect(await unreachableDependencies(app)).toEqual([]);
    expect(app.get(IngestConfig)).toMatchObject({ ogsUrl: 'https://online-go.com', autoFollow: false });
  });

  it('still boots, and names Redis, when Redis is down', async () => {
    const env = { ...services().env, REDIS_URL: `redis://127.0.0.1:${await deadPort()}` };
    app = await createIngestApp(IngestConfig.fromEnv(env));
    expect(await unreachableDependencies(app)).toEqual(['redis']);
  });
});
