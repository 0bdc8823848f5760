import type { TestProject } from 'vitest/node';
import { dockerReachable } from './docker';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, type ServiceEndpoints } from './endpoints';
import { assertPostgresAnswers, assertRedisAnswers } from './probes';
import { removeStaleTestResources } from './cleanup';

/**
 * Integration-test services, decided once per run: throwaway containers (testcontainers) when a
 * Docker engine answers, else the local PostgreSQL and Redis from DATABASE_URL / REDIS_URL.
 * MOYO_TEST_SERVICES=local|containers forces one. Each suite then isolates itself with
 * `createIsolatedServices()` (a fresh database, a Redis key prefix).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const forced = process.env.MOYO_TEST_SERVICES;
  if (forced !== undefined && forced !== 'local' && forced !== 'containers') {
    throw new Error(`MOYO_TEST_SERVICES must be "local" or "containers" (got "${forced}")`);
  }
  const useContainers = forced ? forced === 'containers' : await dockerReachable();

  let endpoints: ServiceEndpoints;
  let teardown = async () => undefined;
  if (useContainers) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const { RedisContainer } = await import('@testcontainers/redis');
    const [pg, redis] = await Promise.all([
      new PostgreSqlContainer('postgres:16-alpine').start(),
      new RedisContainer('redis:7-alpine').start(),
    ]);
    endpoints = {
      databaseUrl: pg.getConnectionUri(),
      redisUrl: redis.getConnectionUrl(),
      source: 'containers',
    };
    teardown = async () => {
      await Promise.all([pg.stop(), redis.stop()]);
    };
  } else {
    endpoints = {
      databaseUrl: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
      redisUrl: process.env.REDIS_URL || DEFAULT_REDIS_URL,
      source: 'local',
    };
  }
  await assertPostgresAnswers(endpoints.databaseUrl);
  await assertRedisAnswers(endpoints.redisUrl);
  const removed = await removeStaleTestResources(endpoints);
  if (removed.databases.length + removed.prefixes.length > 0) {
    console.log(
      `[test/support] removed ${removed.databases.length} stale test databases, ${removed.prefixes.length} Redis prefixes`,
    );
  }
  project.provide('services', endpoints);
  return teardown;
}
