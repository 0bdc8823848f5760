/** Where the integration tests find PostgreSQL and Redis (decided once by global-setup.ts). */
export interface ServiceEndpoints {
  /** An admin connection: may CREATE and DROP databases. */
  databaseUrl: string;
  redisUrl: string;
  /** 'containers' (testcontainers, Docker reachable) or 'local' (REDIS_URL / DATABASE_URL). */
  source: 'containers' | 'local';
}

export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

declare module 'vitest' {
  export interface ProvidedContext {
    services: ServiceEndpoints;
  }
}
