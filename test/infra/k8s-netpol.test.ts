import { describe, expect, it } from 'vitest';
import { allowed, inCidr, podsOf } from '../../scripts/infra-netpol';
import { rendered, renderVariantsBeforeAll } from './support/k8s-rendered';

renderVariantsBeforeAll();

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
