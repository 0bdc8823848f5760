import { describe, expect, it } from 'vitest';
import { bullConnectionOptions, RedisService } from '../src';

describe('bullConnectionOptions', () => {
  it('reads host, port, credentials, database and TLS from the URL', () => {
    expect(bullConnectionOptions('redis://127.0.0.1:6380/2')).toMatchObject({
      host: '127.0.0.1',
      port: 6380,
      db: 2,
      username: undefined,
      password: undefined,
      tls: undefined,
      maxRetriesPerRequest: null,
    });
    expect(bullConnectionOptions('rediss://user:p%40ss@cache.example:6390')).toMatchObject({
      host: 'cache.example',
      port: 6390,
      db: 0,
      username: 'user',
      password: 'p@ss',
      tls: {},
    });
    expect(bullConnectionOptions('redis://localhost').port).toBe(6379);
  });
});

describe('RedisService.key', () => {
  it('puts every key under the configured prefix', async () => {
    const redis = new RedisService({ redisUrl: 'redis://127.0.0.1:1', redisPrefix: 'moyo_x' });
    try {
      expect(redis.key('ratelimit', 'k1')).toBe('moyo_x:ratelimit:k1');
      expect(redis.key('lease', 'game', 42)).toBe('moyo_x:lease:game:42');
    } finally {
      await redis.onModuleDestroy();
    }
  });
});
