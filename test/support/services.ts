import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';

import { afterAll, beforeAll, inject } from 'vitest';
import { deleteKeys, dropDatabase, TEST_PREFIX } from './cleanup';
import { createMigratedDatabase } from './database';
import type { ServiceEndpoints } from './endpoints';

/** One suite's own PostgreSQL database and Redis key prefix. */
export interface IsolatedServices {
  /** URL of a fresh database with every migration applied. */
  databaseUrl: string;
  redisUrl: string;
  /** Prefix for every Redis key the suite's apps write (BullMQ prefix, leases, counters). */
  redisPrefix: string;
  /** The same as environment variables, for app configs and child processes. */
  env: { DATABASE_URL: string; REDIS_URL: string; REDIS_PREFIX: string; LOG_LEVEL: string; NODE_ENV: string };
  /** Drops the database and deletes the prefixed Redis keys. */
  dispose(): Promise<void>;
}

/** The endpoints chosen by global-setup.ts (containers or local services). */
export function serviceEndpoints(): ServiceEndpoints {
  return inject('services');
}

export { migrationScripts } from './database';

/**
 * Creates `moyo_test_<random>` on the test PostgreSQL, applies the migrations to it, and picks a
 * Redis key prefix `moyo_test_<random>`, so suites running in parallel never see each other's
 * rows, queues or keys. Call `dispose()` when the suite ends (or use `useIsolatedServices`).
 */
export async function createIsolatedServices(endpoints = serviceEndpoints()): Promise<IsolatedServices> {
  const name = `${TEST_PREFIX}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await createMigratedDatabase(endpoints.databaseUrl, name);

  const redisPrefix = name;
  return {
    databaseUrl,
    redisUrl: endpoints.redisUrl,
    redisPrefix,
    env: {
      DATABASE_URL: databaseUrl,
      REDIS_URL: endpoints.redisUrl,
      REDIS_PREFIX: redisPrefix,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      NODE_ENV: 'test',
    },
    dispose: async () => {
      await dropDatabase(endpoints.databaseUrl, name);
      await deleteKeys(endpoints.redisUrl, redisPrefix);
    },
  };
}

/**
 * Registers beforeAll/afterAll hooks that create and dispose a suite's isolated services; the
 * returned getter is valid inside tests and later hooks.
 */
export function useIsolatedServices(): () => IsolatedServices {
  let services: IsolatedServices | undefined;
  beforeAll(async () => {
    services = await createIsolatedServices();
  });
  afterAll(async () => {
    await services?.dispose();
  });
  return () => {
    if (!services) throw new Error('isolated services are not ready: use the getter inside tests or hooks');
    return services;
  };
}

/** A TCP port on 127.0.0.1 with nothing listening (bound, then released). */
export async function deadPort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}
