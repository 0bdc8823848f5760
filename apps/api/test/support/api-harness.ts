import type { INestApplication } from '@nestjs/common';
import { ApiKeyRepository, TenantRepository } from '@moyo/persistence';
import request from 'supertest';
import type { IsolatedServices } from '../../../../test/support/services';
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
