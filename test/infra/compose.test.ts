import { apiEnvSchema, parseEnv } from '@moyo/contracts';
import { describe, expect, it } from 'vitest';
import { APPS, appEnvSpecs, checkAppEnv, unreadVariables } from '../../scripts/infra-env';
import { apiGetRoutes } from '../../scripts/infra-manifests';
import {
  checkComposeReferences,
  checkHealthcheckUrls,
  effective,
  composeEnv,
  imageEnv,
  parseCompose,
  parseDockerfile,
  readRepoFile,
  validateComposeSchema,
} from '../../scripts/infra-docker';

const text = readRepoFile('docker-compose.yml');
const dockerfile = readRepoFile('Dockerfile');
const compose = parseCompose(text);

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    expect(validateComposeSchema(compose)).toEqual([]);
  });

  it('passes the cross-checks with the Dockerfile (targets, depends_on conditions, credentials, env)', () => {
    expect(checkComposeReferences(compose, dockerfile)).toEqual([]);
  });

  it('gives every app every variable it validates, in a form it accepts, and nothing it ignores', async () => {
    const specs = await appEnvSpecs();
    const problems: string[] = [];
    for (const app of APPS) {
      const service = compose.services[app];
      const env = { ...imageEnv(dockerfile, service.build.target), ...composeEnv(service) };
      problems.push(...checkAppEnv(app, { spec: specs[app], env }));
      for (const v of unreadVariables(Object.keys(composeEnv(service)), [specs[app].schema]))
        problems.push(`${app}: sets ${v}, which the app does not read`);
    }
    expect(problems).toEqual([]);
    // The api listens on the port compose publishes.
    expect(parseEnv(apiEnvSchema, composeEnv(compose.services.api)).PORT).toBe(3000);
  });

  it('is the full stack: data stores, one-shot migration, api on port 3000, scalable worker, ingest', () => {
    const s = compose.services;
    expect(Object.keys(s).sort()).toEqual(['api', 'ingest', 'migrate', 'postgres', 'redis', 'worker']);
    expect(s.redis.command.join(' ')).toContain('--appendonly yes');
    expect(s.redis.volumes.some((v: string) => v.endsWith(':/data'))).toBe(true);
    expect(s.postgres.volumes.some((v: string) => v.endsWith(':/var/lib/postgresql/data'))).toBe(true);
    expect(s.migrate.build.target).toBe('migrate');
    expect(s.migrate.restart).toBe('no');
    expect(s.api.ports).toContain('${API_PORT:-3000}:3000');
    for (const app of ['api', 'worker', 'ingest']) {
      expect(s[app].depends_on.migrate.condition, app).toBe('service_completed_successfully');
      expect(s[app].depends_on.redis.condition, app).toBe('service_healthy');
      expect(s[app].depends_on.postgres.condition, app).toBe('service_healthy');
    }
    // `docker compose up --scale worker=4` needs no fixed name and no host port.
    expect(s.worker.container_name).toBeUndefined();
    expect(s.worker.ports).toBeUndefined();
    for (const store of ['postgres', 'redis', 'api']) expect(s[store].healthcheck?.test, store).toBeDefined();
  });
});

describe('health checks', () => {
  it('the compose and image health checks probe real api routes on the port the api listens on', () => {
    const routes = apiGetRoutes();
    const composeCheck = [compose.services.api.healthcheck.test].flat().join(' ');
    const imageCheck = effective(parseDockerfile(dockerfile), 'api', 'HEALTHCHECK')!.args;
    expect(composeCheck).toContain('/readyz');
    expect(imageCheck).toContain('/healthz');
    expect(checkHealthcheckUrls([composeCheck, imageCheck], routes, 3000)).toEqual([]);
    expect(
      checkHealthcheckUrls(
        ["fetch('http://127.0.0.1:8080/ready')", 'curl -f http://localhost/healthz', 'pg_isready'],
        routes,
        3000,
      ),
    ).toEqual([
      'healthcheck http://127.0.0.1:8080/ready: /ready is not a route of the api',
      'healthcheck http://127.0.0.1:8080/ready: the api listens on 3000',
      'healthcheck "pg_isready" probes no api URL',
    ]);
  });
});

describe('broken compose files are caught', () => {
  it('environment: a variable the app validates left out, a misspelt one, a value it refuses', async () => {
    const { worker: spec } = await appEnvSpecs();
    const worker = structuredClone(compose.services.worker);
    delete worker.environment.WORKER_CONCURRENCY;
    worker.environment.WORKER_CONCURENCY = '4';
    worker.environment.LOG_LEVEL = 'verbose';
    const env = { ...imageEnv(dockerfile, 'worker'), ...composeEnv(worker) };
    const problems = checkAppEnv('worker', { spec, env }).join('\n');
    expect(problems).toContain('worker: WORKER_CONCURRENCY is read by the app but not set by the deployment');
    expect(problems).toMatch(/worker: the app refuses LOG_LEVEL: must be one of/);
    expect(unreadVariables(Object.keys(env), [spec.schema])).toContain('WORKER_CONCURENCY');
  });

  it('image ENV: read from the target stage and the stages it builds on', () => {
    expect(imageEnv(dockerfile, 'worker').NODE_ENV).toBe('production');
    expect(imageEnv(dockerfile, 'api').PORT).toBe('3000');
    expect(imageEnv('FROM x AS a\nENV A=1 B="two words"\nFROM a AS b\nENV A 3\n', 'b')).toEqual({
      A: '3',
      B: 'two words',
    });
  });

  it('schema: an unknown service key and a wrong type', () => {
    const bad = structuredClone(compose);
    bad.services.api.helthcheck = bad.services.api.healthcheck;
    bad.services.worker.depends_on.redis.condition = 'service_ready';
    bad.services.redis.ports = '6379';
    const problems = validateComposeSchema(bad).join('\n');
    expect(problems).toContain('helthcheck');
    expect(problems).toMatch(
      /\/services\/worker\/depends_on\/redis\/condition must be equal to one of the allowed values/,
    );
    expect(problems).toMatch(/\/services\/redis\/ports must be array/);
  });

  it('references: missing service, unmet conditions, a stage that does not exist, wrong credentials', () => {
    const bad = structuredClone(compose);
    bad.services.ingest.depends_on.queue = { condition: 'service_started' };
    delete bad.services.redis.healthcheck;
    bad.services.migrate.restart = 'always';
    bad.services.worker.build.target = 'workers';
    bad.services.api.environment.DATABASE_URL = 'postgresql://moyo:secret@postgres:5432/moyo';
    delete bad.services.ingest.environment.REDIS_URL;
    const problems = checkComposeReferences(bad, dockerfile).join('\n');
    expect(problems).toContain('ingest: depends_on queue, which is not a service');
    expect(problems).toContain('api: waits for redis to be healthy, but redis has no healthcheck');
    expect(problems).toContain('api: waits for migrate to complete, but migrate restarts (always)');
    expect(problems).toContain('worker: build target workers is not a Dockerfile stage');
    expect(problems).toContain('api: DATABASE_URL password is not POSTGRES_PASSWORD');
    expect(problems).toContain('ingest: REDIS_URL is not set');
  });
});
