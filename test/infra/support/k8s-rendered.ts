import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  findKustomize,
  K8sObject,
  KUSTOMIZATIONS,
  renderKustomizeAsync,
  ROOT,
} from '../../../scripts/infra-manifests';

// The kustomizations the k8s tests check, rendered once per test file (renderVariantsBeforeAll).

export const K8S = join(ROOT, 'infra/k8s');
export const rendered = new Map<string, K8sObject[]>();
let tmp: string;

/** The scratch directory of the file's kustomizations made on the fly (removed after the file). */
export function tmpDir(): string {
  return tmp;
}

/** A kustomization made on the fly from overlays and components of the repo (paths relative, as kustomize wants). */
export function composeKustomization(resources: string[], components: string[] = []): string {
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

export const variants = [
  ...KUSTOMIZATIONS,
  // Production on a cluster without KEDA: the CPU HPA component on top of the prod overlay.
  {
    name: 'prod+worker-cpu-hpa',
    dir: '',
    external: KUSTOMIZATIONS.find((k) => k.name === 'prod')!.external,
  },
];

/**
 * Registers the hooks that render every variant into `rendered` before the file's tests (failing
 * with why when no kustomize v5 is on PATH) and remove the scratch directory after them.
 */
export function renderVariantsBeforeAll(): void {
  // Not a skip: the manifests must be checked wherever the tests run (beforeAll fails with why).
  const kustomize = findKustomize();
  if (!kustomize.tool) console.error(`[test/infra/k8s] ${kustomize.why}`);

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
}

export const find = (name: string, kind: string, objectName: string) => {
  const o = rendered.get(name)!.find((x) => x.kind === kind && x.metadata.name === objectName);
  expect(o, `${kind}/${objectName} in ${name}`).toBeDefined();
  return o!;
};
export const configOf = (name: string) =>
  rendered.get(name)!.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('moyo-config'))!
    .data as Record<string, string>;
