import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiConfig, loadApiConfigOrExit } from '../src/config/api-config';

describe('api config', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads typed values from the environment', () => {
    const config = ApiConfig.fromEnv({
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/moyo',
      PORT: '8080',
      REDIS_PREFIX: 'p1',
    });
    expect(config).toMatchObject({ port: 8080, redisPrefix: 'p1', logLevel: 'info', host: '0.0.0.0' });
  });

  it('reads the gateway limits and refuses malformed ones by name', () => {
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/moyo',
    };
    expect(ApiConfig.fromEnv(env)).toMatchObject({
      rateLimit: { requests: 6000, windowSeconds: 60 },
      bodyLimitBytes: 1024 * 1024,
      maxSgfBytes: 256 * 1024,
    });
    expect(() => ApiConfig.fromEnv({ ...env, RATE_LIMIT_REQUESTS: '0', BODY_LIMIT_BYTES: 'lots' })).toThrow(
      /RATE_LIMIT_REQUESTS: must be an integer between 1 and .*\n.*BODY_LIMIT_BYTES: must be an integer/s,
    );
  });

  it('reads METRICS_TOKEN (unset: open /metrics) and refuses a short or spaced one by name', () => {
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/moyo',
    };
    expect(ApiConfig.fromEnv(env).metricsToken).toBeNull();
    expect(ApiConfig.fromEnv({ ...env, METRICS_TOKEN: '' }).metricsToken).toBeNull();
    expect(ApiConfig.fromEnv({ ...env, METRICS_TOKEN: 'a'.repeat(32) }).metricsToken).toBe('a'.repeat(32));
    for (const bad of ['short', 'sixteen chars but spaced'])
      expect(() => ApiConfig.fromEnv({ ...env, METRICS_TOKEN: bad })).toThrow(
        /METRICS_TOKEN: must be 16 to 512/,
      );
  });

  it('parses WEBHOOK_ALLOWLIST as the worker does and names a malformed entry', () => {
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/moyo',
    };
    const config = ApiConfig.fromEnv({ ...env, WEBHOOK_ALLOWLIST: '127.0.0.1, hooks.internal' });
    expect([...config.webhookAllowlist.hosts]).toEqual(['hooks.internal']);
    expect(config.webhookAllowlist.ranges).toHaveLength(1);
    expect(ApiConfig.fromEnv(env).webhookAllowlist.ranges).toEqual([]);
    expect(() => ApiConfig.fromEnv({ ...env, WEBHOOK_ALLOWLIST: '10.0.0.0/40' })).toThrow(
      /WEBHOOK_ALLOWLIST: "10\.0\.0\.0\/40" is not a valid CIDR range/,
    );
  });

  it('needs WEBHOOK_SECRET_KEY in production and uses a development key elsewhere', () => {
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/moyo',
    };
    expect(() => ApiConfig.fromEnv({ ...env, NODE_ENV: 'production' })).toThrow(
      /WEBHOOK_SECRET_KEY: is required/,
    );
    const dev = ApiConfig.fromEnv(env).webhookSecretKey;
    const prod = ApiConfig.fromEnv({
      ...env,
      NODE_ENV: 'production',
      WEBHOOK_SECRET_KEY: 'x'.repeat(32),
    }).webhookSecretKey;
    expect(dev).toHaveLength(32);
    expect(prod).toHaveLength(32);
    expect(prod.equals(dev)).toBe(false);
  });

  it('stops the process with a message naming the bad variables', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(() => loadApiConfigOrExit({ DATABASE_URL: 'postgresql://h/db', PORT: 'x' })).toThrow('exit 1');
    expect(exit).toHaveBeenCalledWith(1);
    const message = String(stderr.mock.calls[0][0]);
    expect(message).toContain('REDIS_URL: is required');
    expect(message).toContain('PORT: must be an integer');
    expect(message).not.toContain('DATABASE_URL');
  });
});
