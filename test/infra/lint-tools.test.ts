/**
 * The compose file, the YAML under infra/ and the infra shell scripts through the real linters
 * Debian packages: `docker-compose config` (Debian's docker-compose 1.29: the Compose file
 * validator, which needs no Docker engine), yamllint and shellcheck. Each is skipped with a
 * message where it is not installed (`apt-get install --no-install-recommends docker-compose
 * yamllint shellcheck`; .ci/run installs them).
 * hadolint is in neither Debian nor npm: the Dockerfile goes through dockerfile-utils (docker.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRepoFile } from '../../scripts/infra-docker';
import { ROOT } from '../../scripts/infra-manifests';

const run = (cmd: string, args: string[]) =>
  spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
const installed = (cmd: string, args: string[]) => {
  const r = run(cmd, args);
  return r.error === undefined && r.status === 0;
};

/** A Compose implementation whose `config` validates without an engine: v2 plugin or Debian's v1. */
function composeCli(): string[] | null {
  if (installed('docker', ['compose', 'version'])) return ['docker', 'compose'];
  if (installed('docker-compose', ['version', '--short'])) return ['docker-compose'];
  return null;
}

const compose = composeCli();
const yamllint = installed('yamllint', ['--version']);
const shellcheck = installed('shellcheck', ['--version']);
for (const [tool, ok] of [
  ['docker-compose (or docker compose)', compose],
  ['yamllint', yamllint],
  ['shellcheck', shellcheck],
] as const) {
  if (!ok) console.warn(`[test/infra/lint-tools] SKIPPED: ${tool} is not installed`);
}

const tmp = mkdtempSync(join(tmpdir(), 'moyo-lint-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** `config -q` of a compose file, resolved against the repository (build context, .env). */
function composeConfig(file: string) {
  const [cmd, ...sub] = compose!;
  return run(cmd, [...sub, '--project-directory', ROOT, '-f', file, 'config', '-q']);
}

describe.skipIf(!compose)(`compose validator (${compose?.join(' ') ?? 'not installed'})`, () => {
  it('accepts docker-compose.yml', () => {
    const r = composeConfig(join(ROOT, 'docker-compose.yml'));
    expect(r.stderr.trim()).toBe('');
    expect(r.status).toBe(0);
  });

  it('rejects a misspelt key and an unknown depends_on condition', () => {
    const broken = readRepoFile('docker-compose.yml')
      .replace('    stop_grace_period: 2m', '    stop_grace_periode: 2m')
      .replace(/condition: service_completed_successfully/, 'condition: service_exited');
    const file = join(tmp, 'broken-compose.yml');
    writeFileSync(file, broken);
    const r = composeConfig(file);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('stop_grace_periode');
    expect(r.stderr).toContain('service_exited');
  });
});

describe.skipIf(!yamllint)('yamllint (infra/yamllint.yaml)', () => {
  const lint = (...paths: string[]) =>
    run('yamllint', ['--strict', '-f', 'parsable', '-c', 'infra/yamllint.yaml', ...paths]);

  it('passes docker-compose.yml and every YAML file under infra/', () => {
    const r = lint('docker-compose.yml', 'infra');
    expect(r.stdout.trim()).toBe('');
    expect(r.status).toBe(0);
  });

  it('catches a duplicated key and a YAML 1.1 boolean where compose wants a string', () => {
    const file = join(tmp, 'bad.yaml');
    writeFileSync(file, 'services:\n  migrate:\n    restart: no\n    image: a\n    image: b\n');
    const r = lint(file);
    expect(r.status).not.toBe(0);
    expect(r.stdout).toMatch(/:3:\d+: \[warning\] truthy value/);
    expect(r.stdout).toMatch(/:5:\d+: \[error\] duplication of key "image"/);
  });
});

describe.skipIf(!shellcheck)('shellcheck', () => {
  it('passes the infra shell scripts', () => {
    const r = run('shellcheck', ['-f', 'gcc', 'scripts/infra-simulate-image.sh']);
    expect(r.stdout.trim()).toBe('');
    expect(r.status).toBe(0);
  });

  it('catches an unquoted variable and a missing fi', () => {
    const file = join(tmp, 'bad.sh');
    writeFileSync(file, '#!/usr/bin/env bash\nrm -rf $WORK/build\nif true; then\n  echo x\n');
    const r = run('shellcheck', ['-f', 'gcc', file]);
    expect(r.status).not.toBe(0);
    expect(r.stdout).toMatch(/SC1046|SC1089|SC1073/);
  });
});
