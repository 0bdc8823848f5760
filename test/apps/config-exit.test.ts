import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const TSX = resolve(ROOT, 'node_modules/tsx/dist/cli.mjs');

/** Runs an app's real entry point (main.ts through tsx) with exactly `env`; returns exit code and stderr. */
function start(app: string, env: Record<string, string>): { status: number | null; stderr: string } {
  const { PATH, HOME } = process.env;
  const run = spawnSync(process.execPath, [TSX, `apps/${app}/src/main.ts`], {
    cwd: ROOT,
    env: { PATH, HOME, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stderr: run.stderr };
}

describe('each app stops at boot on a missing or malformed variable, naming it', () => {
  it.each([
    ['api', { PORT: 'eighty' }, 'PORT: must be an integer between 1 and 65535 (got "eighty")'],
    ['worker', { WORKER_CONCURRENCY: '0' }, 'WORKER_CONCURRENCY: must be an integer between 1 and 256'],
    ['ingest', { OGS_URL: 'online-go.com' }, 'OGS_URL: must be a URL like https://online-go.com'],
  ])('%s', (app, bad, message) => {
    const missing = start(app, { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/moyo' });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(`moyo ${app}: Invalid configuration:`);
    expect(missing.stderr).toContain('REDIS_URL: is required');
    expect(missing.stderr).not.toContain('DATABASE_URL');

    const malformed = start(app, {
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/moyo',
      REDIS_URL: 'redis://127.0.0.1:6379',
      ...bad,
    });
    expect(malformed.status).toBe(1);
    expect(malformed.stderr).toContain(message);
  });
});
