import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, parseEnv, workerEnvSchema } from '@moyo/contracts';
import { describe, expect, it } from 'vitest';
import {
  containerEnv,
  apiGetRoutes,
  checkProbes,
  checkReferences,
  checkSelectorsReachPods,
  checkWorkloadCommands,
  checkWorkloadSelectors,
  pickKustomize,
  K8sObject,
  KUSTOMIZATIONS,
  renderKustomize,
  validateSchema,
} from '../../scripts/infra-manifests';
import { appEnvSpecs, checkAppEnv, unreadVariables } from '../../scripts/infra-env';
import { unknownFields } from '../../scripts/infra-strict';
import { rendered, renderVariantsBeforeAll, tmpDir } from './support/k8s-rendered';

renderVariantsBeforeAll();

// Negative tests: each breaks one thing in a copy of the rendered dev set and expects the
// check responsible for it to say so.
describe('broken manifests are caught', () => {
  const copy = () => structuredClone(rendered.get('dev')!);
  const get = (objs: K8sObject[], kind: string, name: string) =>
    objs.find((o) => o.kind === kind && o.metadata.name === name)!;

  it('schema: a string containerPort and a missing container image', async () => {
    const objs = copy();
    const api = get(objs, 'Deployment', 'api');
    api.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    expect((await validateSchema(api)).join()).toContain('containerPort must be integer');
    const worker = get(objs, 'Deployment', 'worker');
    worker.spec.template.spec.containers[0].name = undefined;
    expect((await validateSchema(worker)).join()).toMatch(/name/);
    expect(
      await validateSchema({ apiVersion: 'apps/v1', kind: 'Deploymnet', metadata: { name: 'x' } }),
    ).toHaveLength(1);
  });

  it('schema: misspelt fields (unknown to the declared types)', () => {
    const objs = copy();
    const api = get(objs, 'Deployment', 'api');
    api.spec.template.spec.containers[0].readinesProbe = api.spec.template.spec.containers[0].readinessProbe;
    api.spec.template.metadata.lables = { a: 'b' };
    get(objs, 'NetworkPolicy', 'default-deny').spec.podselector = {};
    expect(unknownFields(objs)).toEqual([
      'Deployment/api: spec.template.metadata.lables: unknown field',
      'Deployment/api: spec.template.spec.containers[0].readinesProbe: unknown field',
      'NetworkPolicy/default-deny: spec.podselector: unknown field',
    ]);
  });

  it('schema: a ScaledObject without a scale target', async () => {
    const objs = structuredClone(rendered.get('prod')!);
    const so = get(objs, 'ScaledObject', 'worker');
    delete so.spec.scaleTargetRef;
    expect((await validateSchema(so)).join()).toMatch(/scaleTargetRef/);
  });

  it('selectors: a Deployment whose selector misses its pods, a Service that selects nothing', () => {
    const objs = copy();
    get(objs, 'Deployment', 'worker').spec.selector.matchLabels['app.kubernetes.io/component'] = 'workers';
    get(objs, 'Service', 'api').spec.selector['app.kubernetes.io/component'] = 'gateway';
    expect(checkWorkloadSelectors(objs).join()).toContain('Deployment/worker: selector');
    expect(checkSelectorsReachPods(objs).join()).toContain('Service/api: selector');
  });

  it('references: a missing ConfigMap, Secret key, Service port and scale target', () => {
    const objs = copy();
    get(objs, 'Deployment', 'ingest').spec.template.spec.containers[0].envFrom[0].configMapRef.name =
      'moyo-settings';
    get(objs, 'Deployment', 'api').spec.template.spec.containers[0].env[0].valueFrom.secretKeyRef.key =
      'DB_URL';
    get(objs, 'Ingress', 'api').spec.rules[0].http.paths[0].backend.service.port = { name: 'https' };
    get(objs, 'HorizontalPodAutoscaler', 'worker').spec.scaleTargetRef.name = 'workers';
    const problems = checkReferences(objs).join('\n');
    expect(problems).toContain('ConfigMap moyo-settings does not exist');
    expect(problems).toMatch(/Secret moyo-secrets-\w+ has no key DB_URL/);
    expect(problems).toContain('has no port {"name":"https"}');
    expect(problems).toContain('scale target Deployment/workers does not exist');
    // And prod may not refer to an undocumented key of the out-of-band Secret.
    const prod = structuredClone(rendered.get('prod')!);
    get(prod, 'Deployment', 'worker').spec.template.spec.containers[0].env[0].valueFrom.secretKeyRef.key =
      'PGPASSWORD';
    expect(checkReferences(prod, KUSTOMIZATIONS[1].external).join()).toContain(
      'not documented with key PGPASSWORD',
    );
  });

  it('probes: a path the api does not serve, a port name the container does not have', () => {
    const objs = copy();
    const c = get(objs, 'Deployment', 'api').spec.template.spec.containers[0];
    c.readinessProbe.httpGet.path = '/ready';
    c.livenessProbe.httpGet.port = 'metrics';
    const problems = checkProbes(objs, apiGetRoutes()).join('\n');
    expect(problems).toContain('readinessProbe path /ready is not a route of the api');
    expect(problems).toContain('livenessProbe port metrics is not a container port');
  });

  it('configuration: a value the app would refuse at boot, a variable left out, a misspelt one', async () => {
    const specs = await appEnvSpecs();
    const objs = copy();
    const cm = objs.find((o) => o.kind === 'ConfigMap')!;
    cm.data.LOG_LEVEL = 'verbose';
    cm.data.WORKER_CONCURRENCY = 'two';
    delete cm.data.INGEST_LEASE_TTL_MS;
    const env = { NODE_ENV: 'production', ...containerEnv(objs, get(objs, 'Deployment', 'worker')) };
    expect(() => parseEnv(workerEnvSchema, env)).toThrow(ConfigError);
    const problems = checkAppEnv('worker', { spec: specs.worker, env }).join('\n');
    expect(problems).toMatch(/worker: the app refuses LOG_LEVEL: must be one of/);
    expect(problems).toMatch(/worker: the app refuses WORKER_CONCURRENCY: must be an integer/);
    const ingestEnv = containerEnv(objs, get(objs, 'Deployment', 'ingest'));
    expect(checkAppEnv('ingest', { spec: specs.ingest, env: ingestEnv }).join()).toContain(
      'ingest: INGEST_LEASE_TTL_MS is read by the app but not set by the deployment',
    );
    expect(unreadVariables(['WORKER_CONCURENCY', 'REDIS_ADDRESS', 'LOG_LEVEL'], [workerEnvSchema])).toEqual([
      'WORKER_CONCURENCY',
    ]);
  });

  it('commands: an entry point no build produces', () => {
    const objs = copy();
    get(objs, 'Deployment', 'worker').spec.template.spec.containers[0].command = [
      'node',
      'apps/worker/dist/index.js',
    ];
    expect(checkWorkloadCommands(objs, /(^|\/)moyo(-migrate)?(:|$)/).join()).toContain(
      'apps/worker/src/index.ts, which does not exist',
    );
  });

  it('rendering: a kustomize too old for components is refused with what to install', () => {
    // What Debian bookworm's kubernetes-client prints (kubectl 1.20, kustomize v2.0.3 inside).
    const debian = JSON.stringify({ clientVersion: { gitVersion: 'v1.20.2' } });
    const refused = pickKustomize(null, debian);
    expect(refused.tool).toBeNull();
    expect(refused.why).toContain('too old: kubectl v1.20.2');
    expect(pickKustomize(null, null).why).toMatch(/^no kustomize >= v5 on PATH: install kubectl >= 1.27/);
    const current = JSON.stringify({ clientVersion: { gitVersion: 'v1.32.4' }, kustomizeVersion: 'v5.5.0' });
    expect(pickKustomize(null, current).tool?.command).toEqual(['kubectl', 'kustomize']);
    expect(pickKustomize('v5.7.1', debian).tool?.command).toEqual(['kustomize', 'build']);
    expect(pickKustomize('{Version:kustomize/v4.5.7 GitCommit:x}', null).tool).toBeNull();
  });

  it('rendering: a kustomization naming a missing file fails with kustomize’s message', () => {
    const dir = mkdtempSync(join(tmpDir(), 'broken-'));
    writeFileSync(join(dir, 'kustomization.yaml'), 'resources: [missing.yaml]\n');
    expect(() => renderKustomize(dir)).toThrow(/kustomize failed .*missing\.yaml/s);
  });
});
