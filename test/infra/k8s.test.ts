import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_QUEUES } from '@moyo/contracts';
import { describe, expect, it } from 'vitest';
import {
  containerEnv,
  exampleSecrets,
  apiGetRoutes,
  checkCommand,
  checkManifests,
  exampleSecretKeys,
  exposedMetricNames,
  objName,
  ROOT,
} from '../../scripts/infra-manifests';
import { imageEnv, readRepoFile } from '../../scripts/infra-docker';
import { DEFAULT_EYE_READING_BUDGET } from '@moyo/engine';
import { APPS, appEnvSpecs, checkAppEnv, unreadVariables } from '../../scripts/infra-env';
import { unknownFields } from '../../scripts/infra-strict';
import { configOf, find, K8S, rendered, renderVariantsBeforeAll, variants } from './support/k8s-rendered';

/** Variables an app's schema reads that its Deployment leaves unset on purpose, with why. */
const UNSET_ON_PURPOSE: Record<string, Record<string, string>> = {
  ingest: { WEBHOOK_SECRET_KEY: 'ingest neither signs webhooks nor reads their stored secrets' },
};

renderVariantsBeforeAll();

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

// The NetworkPolicies: k8s-netpol.test.ts; broken manifests caught: k8s-broken.test.ts.

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
