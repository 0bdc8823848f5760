import { describe, expect, it } from 'vitest';
import { apiEnvSchema, ConfigError, ingestEnvSchema, parseEnv, workerEnvSchema } from '../src';

const valid = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/moyo',
};

function problems(env: Record<string, string | undefined>): string[] {
  try {
    parseEnv(apiEnvSchema, env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('REDIS_CLUSTER_NODES', () => {
  it('is absent by default: the single Redis of REDIS_URL', () => {
    expect(parseEnv(apiEnvSchema, valid).REDIS_CLUSTER_NODES).toBeUndefined();
    expect(parseEnv(apiEnvSchema, { ...valid, REDIS_CLUSTER_NODES: '' }).REDIS_CLUSTER_NODES).toBeUndefined();
  });

  it('lists host:port nodes, spaces and empty entries dropped, in every app', () => {
    const env = { ...valid, REDIS_CLUSTER_NODES: ' 10.0.0.1:7000, redis-1.moyo.svc:7001,,[::1]:7002 ' };
    const nodes = ['10.0.0.1:7000', 'redis-1.moyo.svc:7001', '[::1]:7002'];
    expect(parseEnv(apiEnvSchema, env).REDIS_CLUSTER_NODES).toEqual(nodes);
    expect(parseEnv(workerEnvSchema, env).REDIS_CLUSTER_NODES).toEqual(nodes);
    expect(parseEnv(ingestEnvSchema, env).REDIS_CLUSTER_NODES).toEqual(nodes);
  });

  it.each(['10.0.0.1', '10.0.0.1:0', 'host:70000', 'redis://10.0.0.1:7000', 'a b:7000', ',', 'h:1,h'])(
    'names the variable when it is malformed: %j',
    (value) => {
      expect(problems({ ...valid, REDIS_CLUSTER_NODES: value })).toEqual([
        `REDIS_CLUSTER_NODES: must be comma-separated host:port pairs, like 10.0.0.1:6379,10.0.0.2:6379 (got ${JSON.stringify(value)})`,
      ]);
    },
  );
});
