import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ALL_QUEUES, ConfigError, parseEnv, workerEnvSchema } from '@moyo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  containerEnv,
  exampleSecrets,
  apiGetRoutes,
  checkCommand,
  checkManifests,
  checkProbes,
  checkReferences,
  checkSelectorsReachPods,
  checkWorkloadCommands,
  checkWorkloadSelectors,
  exampleSecretKeys,
  exposedMetricNames,
  findKustomize,
  pickKustomize,
  K8sObject,
  KUSTOMIZATIONS,
  objName,
  renderKustomize,
  renderKustomizeAsync,
  ROOT,
  validateSchema,
} from '../../scripts/infra-manifests';
import { imageEnv, readRepoFile } from '../../scripts/infra-docker';
import { DEFAULT_EYE_READING_BUDGET } from '@moyo/engine';
import { APPS, appEnvSpecs, checkAppEnv, unreadVariables } from '../../scripts/infra-env';
import { allowed, inCidr, podsOf } from '../../scripts/infra-netpol';
import { unknownFields } from '../../scripts/infra-strict';

/** Variables an app's schema reads that its Deployment leaves unset on purpose, with why. */
const UNSET_ON_PURPOSE: Record<string, Record<string, string>> = {
  ingest: { WEBHOOK_SECRET_KEY: 'ingest neither signs webhooks nor reads their stored secrets' },
};

// Not a skip: the manifests must be checked wherever the tests run (beforeAll fails with why).
const kustomize = findKustomize();
if (!kustomize.tool) console.error(`[test/infra/k8s] ${kustomize.why}`);

const K8S = join(ROOT, 'infra/k8s');
const rendered = new Map<string, K8sObject[]>();
let tmp: string;

/** A kustomization made on the fly from overlays and components of the repo (paths relative, as kustomize wants). */
function composeKustomization(resources: string[], components: string[] = []): string {
  const dir = mkdtempSync(join(tmp, 'k-'));
  const rel = (p: string) => relative(dir, join(K8S, p));
  writeFileSync(
    join(dir, 'kustomization.yaml'),
    [
      'apiVersion: kustomize.config.k8s.io/v1beta1',
      'kind: Kustomization',
      'namespace: moyo',
      `resources: [${resources.map(rel).join(', ')}]`,
      `components: [${components.map(rel).join(', ')}]`,
      '',
    ].join('\n'),
  );
  return dir;
}

const variants = [
  ...KUSTOMIZATIONS,
  // Production on a cluster without KEDA: the CPU HPA component on top of the prod overlay.
  {
    name: 'prod+worker-cpu-hpa',
    dir: '',
    external: KUSTOMIZATIONS.find((k) => k.name === 'prod')!.external,
  },
];

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'moyo-infra-'));
  await Promise.all(
    variants.map(async (v) => {
      const dir = v.dir || composeKustomization(['overlays/prod'], ['components/worker-cpu-hpa']);
      rendered.set(v.name, await renderKustomizeAsync(dir));
    }),
  );
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const find = (name: string, kind: string, objectName: string) => {
  const o = rendered.get(name)!.find((x) => x.kind === kind && x.metadata.name === objectName);
  expect(o, `${kind}/${objectName} in ${name}`).toBeDefined();
  return o!;
};
const configOf = (name: string) =>
  rendered.get(name)!.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('moyo-config'))!
    .data as Record<string, string>;

describe.each(variants.map((v) => [v.name, v] as const))('kustomization %s', (name, v) => {
  it('renders, validates against the Kubernetes schemas and passes every cross-check', async () => {
    const objects = rendered.get(name)!;
    expect(objects.length).toBeGreaterThan(10);
    const problems = await checkManifests(objects, { external: v.external });
    expect(problems).toEqual([]);
    expect(unknownFields(objects)).toEqual([]);
  });

  it('puts every object in one namespace that it also creates', () => {
    const objects = rendered.get(name)!;
    const ns = objects.filter((o) => o.kind === 'Namespace');
    expect(ns).toHaveLength(1);
    for (const o of objects.filter((x) => x.kind !== 'Namespace'))
      expect(o.metadata.namespace, `${o.kind}/${o.metadata.name}`).toBe(ns[0].metadata.name);
  });

  it('runs every Moyo pod as non-root, without privilege escalation, with resources set', () => {
    for (const o of rendered
      .get(name)!
      .filter((x) => ['Deployment', 'StatefulSet', 'Job'].includes(x.kind))) {
      const pod = o.spec.template.spec;
      expect(pod.securityContext?.runAsNonRoot, `${o.kind}/${o.metadata.name}`).toBe(true);
      for (const c of pod.containers) {
        expect(c.securityContext?.allowPrivilegeEscalation, `${o.metadata.name}/${c.name}`).toBe(false);
        expect(c.securityContext?.capabilities?.drop).toContain('ALL');
        expect(c.resources?.requests?.cpu, `${o.metadata.name}/${c.name} cpu request`).toBeDefined();
        expect(c.resources?.limits?.memory, `${o.metadata.name}/${c.name} memory limit`).toBeDefined();
      }
    }
  });

  it('lets only the api take traffic from outside the namespace', () => {
    const objects = rendered.get(name)!;
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
    const denyAll = policies.find((p) => Object.keys(p.spec.podSelector ?? {}).length === 0);
    expect(denyAll?.spec.policyTypes).toEqual(expect.arrayContaining(['Ingress', 'Egress']));
    expect(denyAll?.spec.ingress ?? []).toEqual([]);
    for (const p of policies) {
      for (const rule of p.spec.ingress ?? []) {
        const open =
          !rule.from ||
          rule.from.length === 0 ||
          rule.from.some((peer: { ipBlock?: unknown }) => peer.ipBlock);
        if (open)
          expect(p.spec.podSelector.matchLabels, `${p.metadata.name} opens ingress`).toMatchObject({
            'app.kubernetes.io/component': 'api',
          });
      }
    }
    // The workers may call out for webhooks, to public addresses only.
    const workerEgress = policies.find(
      (p) => p.spec.podSelector?.matchLabels?.['app.kubernetes.io/component'] === 'worker',
    );
    const block = workerEgress?.spec.egress?.[0]?.to?.[0]?.ipBlock;
    expect(block?.cidr).toBe('0.0.0.0/0');
    expect(block?.except).toEqual(
      expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16']),
    );
  });

  it('gives every app every variable it validates, in a form it accepts, and nothing it ignores', async () => {
    const objects = rendered.get(name)!;
    const specs = await appEnvSpecs();
    // The image (default target `api`, the command picks the app) sets NODE_ENV and PORT.
    const image = imageEnv(readRepoFile('Dockerfile'), 'api');
    const problems: string[] = [];
    for (const app of APPS) {
      const deployment = find(name, 'Deployment', app);
      const env = { ...image, ...containerEnv(objects, deployment, exampleSecrets()) };
      problems.push(...checkAppEnv(app, { spec: specs[app], env, unsetOnPurpose: UNSET_ON_PURPOSE[app] }));
      const own = (deployment.spec.template.spec.containers[0].env ?? []).map(
        (e: { name: string }) => e.name,
      );
      for (const v of unreadVariables(own, [specs[app].schema]))
        problems.push(`${app}: sets ${v}, which it does not read`);
    }
    // The ConfigMap is shared by every app (envFrom): each key must be read by one of them.
    const readers = APPS.map((app) => specs[app].schema);
    for (const v of unreadVariables(Object.keys(configOf(name)), readers))
      problems.push(`ConfigMap moyo-config: ${v} is read by no app`);
    expect(problems).toEqual([]);
  });

  it('gives the worker a grace period longer than its longest job, and the api probes on /readyz and /healthz', () => {
    const worker = find(name, 'Deployment', 'worker');
    // Longer than the longest job can run: an eye-graph reading that exhausts the reader's node
    // budget, at the reader speed infra/README.md quotes from bench:eyes; and than a webhook attempt.
    const readme = readFileSync(join(ROOT, 'infra/README.md'), 'utf8');
    const rate = Number(/measured the reader at\s+([\d ]+) nodes\/s/.exec(readme)?.[1].replace(/ /g, ''));
    expect(rate).toBeGreaterThan(0);
    const slowest = DEFAULT_EYE_READING_BUDGET / rate;
    const grace = worker.spec.template.spec.terminationGracePeriodSeconds;
    expect(grace).toBeGreaterThan(2 * slowest);
    expect(grace).toBeGreaterThan(10 * (Number(configOf(name).WEBHOOK_TIMEOUT_MS) / 1000));
    expect(worker.spec.replicas, 'autoscaled: a re-apply must not reset the replica count').toBeUndefined();
    const api = find(name, 'Deployment', 'api').spec.template.spec.containers[0];
    expect(api.readinessProbe.httpGet.path).toBe('/readyz');
    expect(api.livenessProbe.httpGet.path).toBe('/healthz');
    // The port the api listens on (PORT) is the container port the probes and Service use.
    const http = api.ports.find((p: { name: string }) => p.name === 'http');
    expect(String(http.containerPort)).toBe(configOf(name).PORT);
  });
});

describe('overlay differences', () => {
  it('dev runs PostgreSQL and Redis (append-only) in the cluster; prod points at external ones', () => {
    const dev = rendered.get('dev')!;
    expect(
      dev
        .filter((o) => o.kind === 'StatefulSet')
        .map((o) => o.metadata.name)
        .sort(),
    ).toEqual(['postgres', 'redis']);
    const redisArgs = find('dev', 'StatefulSet', 'redis').spec.template.spec.containers[0].args;
    expect(redisArgs.join(' ')).toContain('--appendonly yes');
    const devSecret = dev.find((o) => o.kind === 'Secret')!;
    const devDb = Buffer.from(devSecret.data.DATABASE_URL, 'base64').toString();
    expect(new URL(devDb).hostname).toBe('postgres');

    const prod = rendered.get('prod')!;
    expect(prod.filter((o) => o.kind === 'StatefulSet')).toEqual([]);
    expect(prod.filter((o) => o.kind === 'Secret')).toEqual([]);
    expect(configOf('prod').REDIS_ADDRESS).not.toContain('.svc.cluster.local');
    expect(find('prod', 'Deployment', 'api').spec.replicas).toBeGreaterThanOrEqual(2);
  });

  it('KEDA reaches the in-cluster Redis by a namespace-qualified address in dev', () => {
    expect(configOf('dev').REDIS_ADDRESS).toBe(
      `redis.${find('dev', 'Namespace', 'moyo-dev').metadata.name}.svc.cluster.local:6379`,
    );
  });

  it('prod scales workers with KEDA on the BullMQ waiting lists of every queue', () => {
    const so = find('prod', 'ScaledObject', 'worker');
    const prefix = configOf('prod').REDIS_PREFIX;
    const lists = so.spec.triggers.map((t: { type: string; metadata: { listName: string } }) => {
      expect(t.type).toBe('redis');
      return t.metadata.listName;
    });
    expect(lists.sort()).toEqual(['eyegraphs', 'positions', 'webhooks'].map((q) => `${prefix}:${q}:wait`));
    // Every trigger reads the address from the worker's environment (the ConfigMap).
    for (const t of so.spec.triggers) expect(configOf('prod')[t.metadata.addressFromEnv]).toBeDefined();
  });

  it('the scaler watches exactly the queues the code defines', () => {
    const so = find('prod', 'ScaledObject', 'worker');
    const prefix = configOf('prod').REDIS_PREFIX;
    const lists = so.spec.triggers.map((t: { metadata: { listName: string } }) => t.metadata.listName).sort();
    expect(lists).toEqual([...ALL_QUEUES].sort().map((q) => `${prefix}:${q}:wait`));
  });

  it('without KEDA the CPU HPA takes over and no ScaledObject is left', () => {
    const objects = rendered.get('prod+worker-cpu-hpa')!;
    expect(objects.filter((o) => o.kind === 'ScaledObject' || o.kind === 'TriggerAuthentication')).toEqual(
      [],
    );
    expect(find('prod+worker-cpu-hpa', 'HorizontalPodAutoscaler', 'worker').spec.scaleTargetRef.name).toBe(
      'worker',
    );
  });

  it('the example Secret documents every key the workloads read from moyo-secrets', () => {
    const keys = exampleSecretKeys();
    expect(keys).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'REDIS_PASSWORD', 'WEBHOOK_SECRET_KEY']),
    );
  });
});

describe('NetworkPolicies do what infra/README.md says', () => {
  const PUBLIC = { ip: '93.184.216.34' };
  const other = (namespace: string, labels: Record<string, string>) => ({ pod: 'x', namespace, labels });
  const dns = other('kube-system', { 'k8s-app': 'kube-dns' });
  const APPS_AND_MIGRATE = ['api', 'worker', 'ingest', 'migrate'];

  it('dev: every Moyo pod reaches DNS, PostgreSQL and Redis; KEDA reaches Redis; nothing else does', () => {
    const objs = rendered.get('dev')!;
    const pods = podsOf(objs);
    const [postgres, redis] = [pods.get('postgres')!, pods.get('redis')!];
    for (const app of APPS_AND_MIGRATE) {
      const from = pods.get(app)!;
      expect(allowed(objs, { from, to: dns, port: 53, protocol: 'UDP' }), `${app} -> dns`).toBe(true);
      expect(allowed(objs, { from, to: postgres, port: 5432 }), `${app} -> postgres`).toBe(true);
      expect(allowed(objs, { from, to: redis, port: 6379 }), `${app} -> redis`).toBe(true);
    }
    expect(allowed(objs, { from: other('keda', {}), to: redis, port: 6379 })).toBe(true);
    expect(allowed(objs, { from: other('keda', {}), to: postgres, port: 5432 })).toBe(false);
    expect(allowed(objs, { from: other('default', {}), to: redis, port: 6379 })).toBe(false);
    expect(allowed(objs, { from: postgres, to: PUBLIC, port: 443 })).toBe(false);
  });

  it.each(['dev', 'prod'])('%s: only the api takes traffic from outside, on its HTTP port', (name) => {
    const objs = rendered.get(name)!;
    const pods = podsOf(objs);
    const controller = other('ingress-nginx', { 'app.kubernetes.io/name': 'ingress-nginx' });
    expect(allowed(objs, { from: controller, to: pods.get('api')!, port: 3000 })).toBe(true);
    expect(allowed(objs, { from: PUBLIC, to: pods.get('api')!, port: 3000 })).toBe(true);
    expect(allowed(objs, { from: controller, to: pods.get('api')!, port: 9229 })).toBe(false);
    for (const app of ['worker', 'ingest', 'migrate'])
      expect(allowed(objs, { from: controller, to: pods.get(app)!, port: 3000 }), app).toBe(false);
  });

  it.each(['dev', 'prod'])(
    '%s: workers call public webhooks only; ingest calls HTTPS out; the api calls nothing out',
    (name) => {
      const objs = rendered.get(name)!;
      const pods = podsOf(objs);
      const worker = pods.get('worker')!;
      expect(allowed(objs, { from: worker, to: PUBLIC, port: 443 })).toBe(true);
      expect(allowed(objs, { from: worker, to: PUBLIC, port: 80 })).toBe(true);
      for (const ip of ['10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1'])
        expect(allowed(objs, { from: worker, to: { ip }, port: 443 }), ip).toBe(false);
      expect(allowed(objs, { from: pods.get('ingest')!, to: PUBLIC, port: 443 })).toBe(true);
      expect(allowed(objs, { from: pods.get('ingest')!, to: PUBLIC, port: 80 })).toBe(false);
      expect(allowed(objs, { from: pods.get('api')!, to: PUBLIC, port: 443 })).toBe(false);
    },
  );

  it('prod: every Moyo pod reaches the managed PostgreSQL and Redis on private addresses', () => {
    const objs = rendered.get('prod')!;
    const pods = podsOf(objs);
    for (const app of APPS_AND_MIGRATE) {
      const from = pods.get(app)!;
      expect(allowed(objs, { from, to: { ip: '10.0.0.5' }, port: 5432 }), app).toBe(true);
      expect(allowed(objs, { from, to: { ip: '10.0.0.6' }, port: 6380 }), app).toBe(true);
      expect(allowed(objs, { from, to: { ip: '10.0.0.7' }, port: 22 }), app).toBe(false);
    }
  });

  it('the evaluator notices a policy taken away, a port name the pod lacks, an excepted range', () => {
    const objs = structuredClone(rendered.get('dev')!);
    const pods = podsOf(objs);
    const without = objs.filter((o) => o.metadata.name !== 'allow-dns-and-datastores-egress');
    expect(allowed(without, { from: pods.get('api')!, to: pods.get('postgres')!, port: 5432 })).toBe(false);
    const renamed = { ...pods.get('redis')!, ports: [{ name: 'resp', containerPort: 6379 }] };
    expect(allowed(objs, { from: pods.get('api')!, to: renamed, port: 6379 })).toBe(false);
    expect(inCidr('10.255.0.1', '10.0.0.0/8')).toBe(true);
    expect(inCidr('11.0.0.1', '10.0.0.0/8')).toBe(false);
    expect(inCidr('8.8.8.8', '0.0.0.0/0')).toBe(true);
  });
});

describe('the api and the images', () => {
  it('the api source defines the probe routes', () => {
    const routes = apiGetRoutes();
    expect(routes).toContain('/healthz');
    expect(routes).toContain('/readyz');
    expect(routes).toContain('/metrics');
  });

  it('entry points: built files and package bins exist, invented ones do not', () => {
    expect(checkCommand(['node', 'apps/api/dist/main.js'])).toEqual([]);
    expect(checkCommand(['node', 'apps/worker/dist/main.js'])).toEqual([]);
    expect(checkCommand(['node', 'apps/ingest/dist/main.js'])).toEqual([]);
    expect(checkCommand(['moyo', 'analyze', '-'])).toEqual([]);
    expect(checkCommand(['moyo-admin', 'keys', 'list'])).toEqual([]);
    expect(checkCommand(['node', 'node_modules/prisma/build/index.js', 'migrate', 'deploy'])).toEqual([]);
    expect(checkCommand(['node', 'apps/api/dist/server.js'])[0]).toContain('does not exist');
    expect(checkCommand(['moyoctl', 'analyze'])[0]).toContain('neither node nor a bin');
  });
});

describe('infra/README.md', () => {
  it('names only Prometheus metrics the apps really register', async () => {
    const readme = readFileSync(join(ROOT, 'infra/README.md'), 'utf8');
    const named = [...new Set([...readme.matchAll(/\bmoyo_[a-z0-9_]*[a-z0-9]\b/g)].map((m) => m[0]))];
    expect(named.length).toBeGreaterThan(3);
    const exposed = await exposedMetricNames();
    expect(named.filter((n) => !exposed.has(n))).toEqual([]);
    // And the scan finds them: the api's queue gauge and a default metric under its prefix.
    expect(exposed).toContain('moyo_queue_jobs');
    expect(exposed).toContain('moyo_api_process_cpu_seconds_total');
  });

  it('names overlays, components and objects that exist', () => {
    const readme = readFileSync(join(ROOT, 'infra/README.md'), 'utf8');
    for (const m of readme.matchAll(/kubectl apply -k (\S+)/g))
      expect(existsSync(join(ROOT, m[1], 'kustomization.yaml')), m[1]).toBe(true);
    // `apply -k … -l key=value` (migrate first) picks exactly the migration Job.
    const filtered = [
      ...readme.matchAll(/kubectl apply -k infra\/k8s\/overlays\/(\w+) -l ([\w./-]+)=([\w-]+)/g),
    ];
    expect(filtered.length).toBeGreaterThan(0);
    for (const [, overlay, key, value] of filtered) {
      const picked = rendered
        .get(overlay)!
        .filter((o) => o.metadata.labels?.[key] === value)
        .map(objName);
      expect(picked).toEqual(['Job/migrate']);
    }
    for (const m of readme.matchAll(/\.\.\/\.\.\/components\/([\w-]+)/g))
      expect(existsSync(join(K8S, 'components', m[1])), m[1]).toBe(true);
    const kinds: Record<string, string> = {
      job: 'Job',
      deploy: 'Deployment',
      svc: 'Service',
      scaledobject: 'ScaledObject',
      hpa: 'HorizontalPodAutoscaler',
    };
    const all = [...rendered.get('dev')!, ...rendered.get('prod')!];
    const refs = [...readme.matchAll(/\b(job|deploy|svc)\/([\w-]+)/g)];
    expect(refs.length).toBeGreaterThan(3);
    for (const [, short, name] of refs) {
      expect(
        all.some((o) => o.kind === kinds[short] && o.metadata.name === name),
        `${short}/${name}`,
      ).toBe(true);
    }
  });
});

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
    const dir = mkdtempSync(join(tmp, 'broken-'));
    writeFileSync(join(dir, 'kustomization.yaml'), 'resources: [missing.yaml]\n');
    expect(() => renderKustomize(dir)).toThrow(/kustomize failed .*missing\.yaml/s);
  });
});
