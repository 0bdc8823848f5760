/**
 * End to end with a real container engine: builds the image, runs the engine CLI from it,
 * brings the compose stack up until the api answers /readyz, then runs one job through it.
 * Skipped, with a message saying so, where no container engine answers (as on the project's
 * CI machines; scripts/infra-simulate-image.sh replays the same path without an engine).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/infra-manifests';

function engine(): { cli: string; compose: string[] } | null {
  for (const cli of ['docker', 'podman']) {
    const info = spawnSync(cli, ['info'], { stdio: 'ignore', timeout: 20_000 });
    if (info.status !== 0) continue;
    const compose = spawnSync(cli, ['compose', 'version'], { stdio: 'ignore', timeout: 20_000 });
    if (compose.status === 0) return { cli, compose: [cli, 'compose'] };
  }
  return null;
}

const found = engine();
const reason =
  'no container engine reachable (docker/podman info failed or no compose): image build and compose stack NOT tested here';
if (!found) console.warn(`[test/infra/stack] SKIPPED: ${reason}`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const SGF = '(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[ce];B[gc];W[gg])';
const project = `moyo-e2e-${process.pid}`;

describe.skipIf(!found)(found ? 'container stack' : `container stack (${reason})`, () => {
  const { cli, compose } = found ?? { cli: 'docker', compose: [] };
  const env = { ...process.env };
  const run = (args: string[], input?: string) =>
    execFileSync(args[0], args.slice(1), {
      cwd: ROOT,
      env,
      input,
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: 20 * 60_000,
    });

  afterAll(() => {
    if (found)
      spawnSync(compose[0], [...compose.slice(1), '-p', project, 'down', '-v', '--remove-orphans'], {
        cwd: ROOT,
        env,
        stdio: 'ignore',
      });
  });

  it(
    'builds the image and runs the engine CLI from it (moyo analyze -)',
    () => {
      run([cli, 'build', '-t', `${project}:api`, '.']);
      const out = run([cli, 'run', '--rm', '-i', `${project}:api`, 'moyo', 'analyze', '-'], SGF);
      expect(out.trim().length).toBeGreaterThan(0);
      expect(run([cli, 'run', '--rm', `${project}:api`, 'id', '-u']).trim()).not.toBe('0');
    },
    25 * 60_000,
  );

  it(
    'brings the stack up: migrations run once, the api is ready on its port, workers scale',
    async () => {
      env.API_PORT = String(await freePort());
      env.POSTGRES_PORT = String(await freePort());
      env.REDIS_PORT = String(await freePort());
      run([...compose, '-p', project, 'up', '-d', '--build', '--wait', '--scale', 'worker=2']);
      const res = await fetch(`http://127.0.0.1:${env.API_PORT}/readyz`);
      expect(res.status).toBe(200);
      const ps = run([...compose, '-p', project, 'ps', '--format', 'json', 'worker']);
      expect(ps.trim().split('\n').filter(Boolean).length).toBe(2);
      const migrate = run([
        ...compose,
        '-p',
        project,
        'ps',
        '-a',
        '--format',
        '{{.Service}} {{.State}} {{.ExitCode}}',
        'migrate',
      ]);
      expect(migrate).toMatch(/migrate exited 0/);

      // One job end to end: an API key made in the api container, a position in, a worker's result out.
      const created = JSON.parse(
        run([
          ...compose,
          '-p',
          project,
          'exec',
          '-T',
          'api',
          'moyo-admin',
          'keys',
          'create',
          '--name',
          'e2e',
          '--json',
        ]),
      ) as { key: string };
      const auth = { authorization: `Bearer ${created.key}` };
      const submit = await fetch(`http://127.0.0.1:${env.API_PORT}/v1/positions`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ sgf: SGF, analyses: ['territory', 'score'] }),
      });
      expect(submit.status).toBe(202);
      const { jobId } = (await submit.json()) as { jobId: string };
      let status = '';
      for (let i = 0; i < 240 && status !== 'completed' && status !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 500));
        const job = await fetch(`http://127.0.0.1:${env.API_PORT}/v1/jobs/${jobId}`, { headers: auth });
        status = ((await job.json()) as { status: string }).status;
      }
      expect(status).toBe('completed');
    },
    25 * 60_000,
  );
});
