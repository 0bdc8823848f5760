import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/infra-manifests';

// `npm ci` (CI, and every image build) refuses a lockfile that lacks an entry for an optional
// dependency, even one for another platform.
const script = join(ROOT, 'scripts/infra-lockfile-platforms.js');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { cwd: ROOT, encoding: 'utf8' });

describe('package-lock.json', () => {
  it('has an entry for every optional dependency, so npm ci accepts it on a fresh clone', () => {
    const r = run('--check');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('a lockfile without a platform entry is caught, and the script restores it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'moyo-lock-'));
    try {
      const file = join(dir, 'package-lock.json');
      copyFileSync(join(ROOT, 'package-lock.json'), file);
      const lock = JSON.parse(readFileSync(file, 'utf8'));
      const victim = Object.keys(lock.packages).find((k) => /darwin-arm64$/.test(k))!;
      expect(victim).toBeDefined();
      delete lock.packages[victim];
      writeFileSync(file, JSON.stringify(lock, null, 2));
      const broken = run('--check', file);
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain(victim.replace('node_modules/', ''));
      expect(run(file).status).toBe(0);
      expect(run('--check', file).status).toBe(0);
      expect(JSON.parse(readFileSync(file, 'utf8')).packages[victim].os).toEqual(['darwin']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
