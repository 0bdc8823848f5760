import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { deadPort, useIsolatedServices } from '../../../test/support/services';
import { createApiApp } from '../src/bootstrap';
import { ApiConfig } from '../src/config/api-config';

describe('api /healthz, /readyz and /metrics against real Redis and PostgreSQL', () => {
  const services = useIsolatedServices();
  let app: INestApplication | undefined;

  async function boot(overrides: Record<string, string> = {}): Promise<INestApplication> {
    app = await createApiApp(ApiConfig.fromEnv({ ...services().env, ...overrides }));
    await app.init();
    return app;
  }

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers /healthz 200', async () => {
    const res = await request((await boot()).getHttpServer()).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    // Security headers on every answer.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers /readyz 200 when Redis and PostgreSQL both answer', async () => {
    const res = await request((await boot()).getHttpServer()).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.down).toEqual([]);
    expect(res.body.checks.redis.status).toBe('up');
    expect(res.body.checks.postgres.status).toBe('up');
  });

  it('answers /readyz 503 naming redis when REDIS_URL points at a dead port', async () => {
    const port = await deadPort();
    const res = await request((await boot({ REDIS_URL: `redis://127.0.0.1:${port}` })).getHttpServer()).get(
      '/readyz',
    );
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.status).toBe('unavailable');
    expect(res.body.down).toEqual(['redis']);
    expect(res.body.checks.postgres.status).toBe('up');
    expect(res.body.checks.redis.error).toEqual(expect.any(String));
  });

  it('answers /readyz 503 naming postgres when DATABASE_URL points at a dead port', async () => {
    const port = await deadPort();
    const db = new URL(services().databaseUrl);
    db.port = String(port);
    const res = await request((await boot({ DATABASE_URL: db.toString() })).getHttpServer()).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body.down).toEqual(['postgres']);
    expect(res.body.checks.redis.status).toBe('up');
  });

  it('serves Prometheus metrics with the depth of every queue', async () => {
    const res = await request((await boot()).getHttpServer()).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain;.*version=0.0.4/);
    for (const queue of ['positions', 'eyegraphs', 'webhooks']) {
      expect(res.text).toContain(`moyo_queue_jobs{queue="${queue}",state="waiting"} 0`);
    }
    expect(res.text).toContain('moyo_api_process_cpu_seconds_total');
  });

  it('serves the OpenAPI document with the probe routes', async () => {
    const res = await request((await boot()).getHttpServer()).get('/docs-json');
    expect(res.status).toBe(200);
    expect(res.body.info.title).toBe('Moyo');
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
  });

  it('tags each response with a request id, keeping a well-formed one from the caller', async () => {
    const server = (await boot()).getHttpServer();
    const given = await request(server).get('/healthz').set('X-Request-Id', 'trace-123');
    expect(given.headers['x-request-id']).toBe('trace-123');
    const fresh = await request(server).get('/healthz').set('X-Request-Id', 'bad id\twith spaces');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
