import type { INestApplication } from '@nestjs/common';
import { ApiKeyRepository, TenantRepository } from '@moyo/persistence';
import type { Response } from 'superagent';
import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import { useIsolatedServices, type IsolatedServices } from '../../../../test/support/services';
import { KeyAdmin, type CreatedKey } from '../../src/admin/key-admin';
import { createApiApp } from '../../src/bootstrap';
import { ApiConfig } from '../../src/config/api-config';

/** An api app on real services, with helpers to make keys and authorised requests. */
export interface ApiHarness {
  app: INestApplication;
  server: Parameters<typeof request>[0];
  /** A new tenant with one key. */
  newTenant(name?: string): Promise<CreatedKey>;
  /** Another key of an existing tenant. */
  newKey(tenantId: string, name?: string): Promise<CreatedKey>;
  close(): Promise<void>;
}

/** Boots the api (not listening) on the suite's isolated services with optional env overrides. */
export async function bootApi(
  services: IsolatedServices,
  env: Record<string, string> = {},
): Promise<ApiHarness> {
  const app = await createApiApp(ApiConfig.fromEnv({ ...services.env, ...env }));
  await app.init();
  const admin = new KeyAdmin(app.get(TenantRepository), app.get(ApiKeyRepository));
  let n = 0;
  return {
    app,
    server: app.getHttpServer(),
    newTenant: (name) => admin.create(name ?? `tenant-${++n}`),
    newKey: (tenantId, name) => admin.create(name ?? `key-${++n}`, tenantId),
    close: () => app.close(),
  };
}

/**
 * Registers the hooks of an api suite: its isolated services (useIsolatedServices), then the api
 * booted on them with `env` (bootApi) before the suite's tests, and closed after them (after the
 * suite's own afterAll hooks). The harness it returns works inside tests and in the hooks the
 * suite registers after this call; `services` is the suite's services getter.
 */
export function useApi(env: Record<string, string> = {}): ApiHarness & { services: () => IsolatedServices } {
  const services = useIsolatedServices();
  let booted: ApiHarness | undefined;
  const harness = (): ApiHarness => {
    if (!booted) throw new Error('useApi: the api is not booted yet (use it in tests or later hooks)');
    return booted;
  };
  beforeAll(async () => {
    booted = await bootApi(services(), env);
  });
  afterAll(async () => {
    await booted?.close();
  });
  return {
    services,
    get app() {
      return harness().app;
    },
    get server() {
      return harness().server;
    },
    newTenant: (name) => harness().newTenant(name),
    newKey: (tenantId, name) => harness().newKey(tenantId, name),
    close: () => harness().close(),
  };
}

/**
 * A supertest parser that keeps the body as UTF-8 text whatever its type (supertest buffers only
 * text types as `text`): `.buffer(true).parse(textBody)`.
 */
export function textBody(res: Response, done: (err: Error | null, body: string) => void): void {
  let text = '';
  res.on('data', (c: Buffer) => (text += c.toString('utf8')));
  res.on('end', () => done(null, text));
}

/** A KataGo-style 9x9 position with a few moves. */
export function smallPosition(extra: Record<string, unknown> = {}) {
  return {
    boardXSize: 9,
    boardYSize: 9,
    komi: 6.5,
    rules: 'japanese',
    moves: [
      ['B', 'C3'],
      ['W', 'G7'],
      ['B', 'C7'],
      ['W', 'G3'],
      ['B', 'E5'],
    ],
    ...extra,
  };
}
