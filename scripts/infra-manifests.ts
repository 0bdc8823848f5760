/**
 * Checks for the Kubernetes manifests, used by test/infra/*.test.ts (the Dockerfile and compose
 * checks are in infra-docker.ts, the unknown-field check in infra-strict.ts). The parts:
 * infra-kustomize.ts renders and validates against the schemas, infra-k8s-checks.ts cross-checks
 * the objects, infra-entry-points.ts checks the containers' commands, infra-source-scan.ts reads
 * the api's routes and the metric names from the source; this file runs them all and holds what
 * the repository ships (kustomizations, example Secret, container environments).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkWorkloadCommands } from './infra-entry-points';
import {
  checkProbes,
  checkReferences,
  checkSelectorsReachPods,
  checkWorkloadSelectors,
  keysOf,
  type ExternalRefs,
} from './infra-k8s-checks';
import { parseYamlDocuments, ROOT, validateSchema, type K8sObject } from './infra-kustomize';
import { apiGetRoutes } from './infra-source-scan';

export {
  findKustomize,
  MIN_KUSTOMIZE_MAJOR,
  objName,
  parseYamlDocuments,
  pickKustomize,
  renderKustomize,
  renderKustomizeAsync,
  ROOT,
  validateSchema,
  type K8sObject,
  type Kustomize,
} from './infra-kustomize';
export {
  checkProbes,
  checkReferences,
  checkSelectorsReachPods,
  checkWorkloadSelectors,
  matchesSelector,
  podTemplates,
  type ExternalRefs,
  type PodSource,
} from './infra-k8s-checks';
export {
  checkCommand,
  checkWorkloadCommands,
  isRealEntryPoint,
  workspaceBins,
  workspaces,
} from './infra-entry-points';
export { apiGetRoutes, exposedMetricNames } from './infra-source-scan';

export interface ManifestReport {
  objects: K8sObject[];
  problems: string[];
}

/** All the checks on one rendered set of objects. */
export async function checkManifests(
  objects: K8sObject[],
  opts: { external?: ExternalRefs; apiRoutes?: Set<string>; ownImages?: RegExp } = {},
): Promise<string[]> {
  const problems: string[] = [];
  for (const obj of objects) problems.push(...(await validateSchema(obj)));
  problems.push(...checkWorkloadSelectors(objects));
  problems.push(...checkSelectorsReachPods(objects));
  problems.push(...checkReferences(objects, opts.external));
  problems.push(...checkProbes(objects, opts.apiRoutes ?? apiGetRoutes()));
  problems.push(...checkWorkloadCommands(objects, opts.ownImages ?? /(^|\/)moyo(-migrate)?(:|$)/));
  return problems;
}

/** The kustomizations this repository ships, and what each may leave to the cluster's operator. */
export const KUSTOMIZATIONS: { name: string; dir: string; external: ExternalRefs }[] = [
  {
    name: 'dev',
    dir: join(ROOT, 'infra/k8s/overlays/dev'),
    external: {},
  },
  {
    name: 'prod',
    dir: join(ROOT, 'infra/k8s/overlays/prod'),
    // moyo-secrets is created by the operator with the keys of base/secret.example.yaml;
    // moyo-tls by cert-manager from the Ingress annotation.
    external: { secrets: { 'moyo-secrets': exampleSecretKeys(), 'moyo-tls': null } },
  },
];

/** Keys documented in infra/k8s/base/secret.example.yaml. */
export function exampleSecretKeys(): string[] {
  const file = join(ROOT, 'infra/k8s/base/secret.example.yaml');
  if (!existsSync(file)) return [];
  const [secret] = parseYamlDocuments(readFileSync(file, 'utf8'));
  return [...keysOf(secret)];
}

/**
 * The environment a container of a workload starts with, as far as the manifests define it:
 * envFrom ConfigMaps/Secrets, then env (values, ConfigMap and Secret keys). Secrets missing
 * from the set are looked up in `externalSecrets` (e.g. the documented example Secret).
 */
export function containerEnv(
  objects: K8sObject[],
  workload: K8sObject,
  externalSecrets: Record<string, Record<string, string>> = {},
): Record<string, string> {
  const data = (kind: string, name: string): Record<string, string> => {
    const obj = objects.find((o) => o.kind === kind && o.metadata.name === name);
    if (!obj) return kind === 'Secret' ? (externalSecrets[name] ?? {}) : {};
    const decoded: Record<string, string> = { ...(obj.stringData ?? {}) };
    for (const [k, v] of Object.entries<string>(obj.data ?? {})) {
      decoded[k] = kind === 'Secret' ? Buffer.from(v, 'base64').toString('utf8') : v;
    }
    return decoded;
  };
  const c = workload.spec.template.spec.containers[0];
  const env: Record<string, string> = {};
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, data('ConfigMap', from.configMapRef.name));
    if (from.secretRef) Object.assign(env, data('Secret', from.secretRef.name));
  }
  for (const e of c.env ?? []) {
    if (e.value !== undefined) env[e.name] = e.value;
    const cm = e.valueFrom?.configMapKeyRef;
    if (cm) env[e.name] = data('ConfigMap', cm.name)[cm.key];
    const sk = e.valueFrom?.secretKeyRef;
    if (sk) env[e.name] = data('Secret', sk.name)[sk.key];
  }
  return env;
}

/** The example Secret's values, by Secret name (for checking prod's configuration). */
export function exampleSecrets(): Record<string, Record<string, string>> {
  const file = join(ROOT, 'infra/k8s/base/secret.example.yaml');
  const [secret] = parseYamlDocuments(readFileSync(file, 'utf8'));
  return { [secret.metadata.name]: { ...(secret.stringData ?? {}) } };
}
