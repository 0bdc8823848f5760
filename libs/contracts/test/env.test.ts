import { describe, expect, it } from 'vitest';
import { apiEnvSchema, ConfigError, ingestEnvSchema, parseEnv, workerEnvSchema } from '../src';

const valid = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/moyo',
};

function problems(schema: Parameters<typeof parseEnv>[0], env: Record<string, string | undefined>): string[] {
  try {
    parseEnv(schema, env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('parseEnv', () => {
  it('applies defaults to a minimal valid environment', () => {
    const env = parseEnv(apiEnvSchema, valid);
    expect(env).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', LOG_LEVEL: 'info', REDIS_PREFIX: 'moyo' });
    expect(env.REDIS_URL).toBe(valid.REDIS_URL);
  });

  it('names every missing variable', () => {
    expect(problems(apiEnvSchema, {})).toEqual(['REDIS_URL: is required', 'DATABASE_URL: is required']);
  });

  it('treats an empty value as unset', () => {
    expect(problems(apiEnvSchema, { ...valid, REDIS_URL: '' })).toEqual(['REDIS_URL: is required']);
    expect(parseEnv(apiEnvSchema, { ...valid, PORT: '' }).PORT).toBe(3000);
  });

  it('names malformed variables with what was given', () => {
    const found = problems(apiEnvSchema, {
      ...valid,
      PORT: '70000',
      REDIS_URL: 'http://x',
      LOG_LEVEL: 'loud',
    });
    expect(found).toContain('PORT: must be an integer between 1 and 65535 (got "70000")');
    expect(found).toContain('REDIS_URL: must be a URL like redis://127.0.0.1:6379 (got "http://x")');
    expect(found.some((p) => p.startsWith('LOG_LEVEL: must be one of fatal, error'))).toBe(true);
    expect(found).toHaveLength(3);
  });

  it('hides a password in a reported URL', () => {
    const [problem] = problems(apiEnvSchema, { ...valid, DATABASE_URL: 'mysql://u:secret@h/db' });
    expect(problem).toMatch(/^DATABASE_URL: must be a URL like postgresql:/);
    expect(problem).not.toContain('secret');
  });

  it('rejects a REDIS_PREFIX that would break key patterns', () => {
    expect(problems(apiEnvSchema, { ...valid, REDIS_PREFIX: 'a b*' })[0]).toMatch(/^REDIS_PREFIX: /);
  });

  it('validates the worker and ingest variables', () => {
    expect(parseEnv(workerEnvSchema, valid).WORKER_CONCURRENCY).toBe(2);
    expect(problems(workerEnvSchema, { ...valid, WORKER_CONCURRENCY: '0' })[0]).toMatch(
      /^WORKER_CONCURRENCY: /,
    );
    expect(problems(workerEnvSchema, { ...valid, WORKER_CONCURRENCY: '1.5' })[0]).toMatch(
      /^WORKER_CONCURRENCY: /,
    );
    expect(parseEnv(ingestEnvSchema, { ...valid, INGEST_AUTO_FOLLOW: 'true' }).INGEST_AUTO_FOLLOW).toBe(true);
    expect(parseEnv(ingestEnvSchema, valid)).toMatchObject({
      INGEST_AUTO_FOLLOW: false,
      OGS_URL: 'https://online-go.com',
    });
    expect(problems(ingestEnvSchema, { ...valid, INGEST_AUTO_FOLLOW: 'maybe' })).toEqual([
      'INGEST_AUTO_FOLLOW: must be true or false (got "maybe")',
    ]);
  });
});
