/** Cross-checks of a rendered set of Kubernetes objects (selectors, references, probes). */
import { objName, type K8sObject } from './infra-kustomize';

type Labels = Record<string, string>;

const WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Job']);

export interface PodSource {
  owner: K8sObject;
  labels: Labels;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec: any;
}

/** Pod templates of the workloads, with their labels. */
export function podTemplates(objects: K8sObject[]): PodSource[] {
  return objects
    .filter((o) => WORKLOAD_KINDS.has(o.kind))
    .map((o) => ({
      owner: o,
      labels: o.spec?.template?.metadata?.labels ?? {},
      spec: o.spec?.template?.spec ?? {},
    }));
}

function matchesLabels(selector: Labels | undefined, labels: Labels): boolean {
  return Object.entries(selector ?? {}).every(([k, v]) => labels[k] === v);
}

/** Whether a LabelSelector (matchLabels and matchExpressions) selects `labels`; `{}` selects all. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function matchesSelector(selector: any, labels: Labels): boolean {
  if (!selector) return false;
  if (!matchesLabels(selector.matchLabels, labels)) return false;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  for (const expr of (selector.matchExpressions ?? []) as any[]) {
    const has = Object.prototype.hasOwnProperty.call(labels, expr.key);
    const value = labels[expr.key];
    if (expr.operator === 'In' && !(has && expr.values.includes(value))) return false;
    if (expr.operator === 'NotIn' && has && expr.values.includes(value)) return false;
    if (expr.operator === 'Exists' && !has) return false;
    if (expr.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

function isEmptySelector(selector: unknown): boolean {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const s = selector as any;
  return !s || (Object.keys(s.matchLabels ?? {}).length === 0 && (s.matchExpressions ?? []).length === 0);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function allContainers(podSpec: any): any[] {
  return [...(podSpec?.initContainers ?? []), ...(podSpec?.containers ?? [])];
}

/** Workload selectors must select their own pod template, and be non-empty. */
export function checkWorkloadSelectors(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const o of objects.filter((x) => WORKLOAD_KINDS.has(x.kind) && x.kind !== 'Job')) {
    const labels = o.spec?.template?.metadata?.labels ?? {};
    if (isEmptySelector(o.spec?.selector)) problems.push(`${objName(o)}: empty selector`);
    else if (!matchesSelector(o.spec.selector, labels)) {
      problems.push(
        `${objName(o)}: selector ${JSON.stringify(o.spec.selector)} does not match its pod labels ${JSON.stringify(labels)}`,
      );
    }
  }
  return problems;
}

/**
 * Services, PodDisruptionBudgets and NetworkPolicies must select at least one pod template;
 * a Service's targetPort (by name or number) must be a port of every pod it selects.
 */
export function checkSelectorsReachPods(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const pods = podTemplates(objects);
  for (const svc of objects.filter((o) => o.kind === 'Service')) {
    const selected = pods.filter((p) => matchesLabels(svc.spec?.selector, p.labels));
    if (isEmptySelector({ matchLabels: svc.spec?.selector }) || selected.length === 0) {
      problems.push(`${objName(svc)}: selector ${JSON.stringify(svc.spec?.selector)} selects no pod`);
      continue;
    }
    for (const port of svc.spec?.ports ?? []) {
      const target = port.targetPort ?? port.port;
      for (const pod of selected) {
        const ports = allContainers(pod.spec).flatMap((c) => c.ports ?? []);
        const ok = ports.some((p) =>
          typeof target === 'string' ? p.name === target : p.containerPort === target,
        );
        if (!ok)
          problems.push(`${objName(svc)}: targetPort ${target} is not a port of ${objName(pod.owner)}`);
      }
    }
  }
  for (const pdb of objects.filter((o) => o.kind === 'PodDisruptionBudget')) {
    if (!pods.some((p) => matchesSelector(pdb.spec?.selector, p.labels))) {
      problems.push(`${objName(pdb)}: selector selects no pod`);
    }
  }
  for (const np of objects.filter((o) => o.kind === 'NetworkPolicy')) {
    const sel = np.spec?.podSelector;
    if (!isEmptySelector(sel) && !pods.some((p) => matchesSelector(sel, p.labels))) {
      problems.push(`${objName(np)}: podSelector selects no pod`);
    }
    for (const rule of [...(np.spec?.ingress ?? []), ...(np.spec?.egress ?? [])]) {
      for (const peer of [...(rule.from ?? []), ...(rule.to ?? [])]) {
        if (peer.podSelector && !peer.namespaceSelector && !isEmptySelector(peer.podSelector)) {
          if (!pods.some((p) => matchesSelector(peer.podSelector, p.labels))) {
            problems.push(
              `${objName(np)}: peer podSelector ${JSON.stringify(peer.podSelector)} selects no pod`,
            );
          }
        }
      }
    }
  }
  return problems;
}

/** Names a rendered set of objects defines, by kind. */
function namesOf(objects: K8sObject[], kind: string): Set<string> {
  return new Set(objects.filter((o) => o.kind === kind).map((o) => o.metadata.name));
}

export interface ExternalRefs {
  /** Secrets created outside the manifests (by an operator or cert-manager), with the keys they must have. */
  secrets?: Record<string, string[] | null>;
}

/** Keys that a Secret or ConfigMap object holds. */
export function keysOf(obj: K8sObject): Set<string> {
  return new Set([...Object.keys(obj.data ?? {}), ...Object.keys(obj.stringData ?? {})]);
}

/**
 * Every ConfigMap, Secret, Service, ServiceAccount, scale target and TriggerAuthentication that
 * an object refers to exists in the set (or is declared external), with the keys referred to.
 */
export function checkReferences(objects: K8sObject[], external: ExternalRefs = {}): string[] {
  const problems: string[] = [];
  const configMaps = new Map(objects.filter((o) => o.kind === 'ConfigMap').map((o) => [o.metadata.name, o]));
  const secrets = new Map(objects.filter((o) => o.kind === 'Secret').map((o) => [o.metadata.name, o]));
  const externalSecrets = external.secrets ?? {};

  const needConfigMap = (where: string, name: string, key?: string) => {
    const cm = configMaps.get(name);
    if (!cm) problems.push(`${where}: ConfigMap ${name} does not exist`);
    else if (key !== undefined && !keysOf(cm).has(key))
      problems.push(`${where}: ConfigMap ${name} has no key ${key}`);
  };
  const needSecret = (where: string, name: string, key?: string) => {
    const s = secrets.get(name);
    if (s) {
      if (key !== undefined && !keysOf(s).has(key))
        problems.push(`${where}: Secret ${name} has no key ${key}`);
      return;
    }
    if (Object.prototype.hasOwnProperty.call(externalSecrets, name)) {
      const keys = externalSecrets[name];
      if (key !== undefined && keys && !keys.includes(key)) {
        problems.push(`${where}: external Secret ${name} is not documented with key ${key}`);
      }
      return;
    }
    problems.push(`${where}: Secret ${name} does not exist`);
  };

  for (const pod of podTemplates(objects)) {
    const where = objName(pod.owner);
    const sa = pod.spec.serviceAccountName;
    if (sa && !namesOf(objects, 'ServiceAccount').has(sa))
      problems.push(`${where}: ServiceAccount ${sa} does not exist`);
    for (const c of allContainers(pod.spec)) {
      for (const from of c.envFrom ?? []) {
        if (from.configMapRef && !from.configMapRef.optional) needConfigMap(where, from.configMapRef.name);
        if (from.secretRef && !from.secretRef.optional) needSecret(where, from.secretRef.name);
      }
      for (const env of c.env ?? []) {
        const cmk = env.valueFrom?.configMapKeyRef;
        if (cmk && !cmk.optional) needConfigMap(where, cmk.name, cmk.key);
        const sk = env.valueFrom?.secretKeyRef;
        if (sk && !sk.optional) needSecret(where, sk.name, sk.key);
      }
      const mounts = new Set((c.volumeMounts ?? []).map((m: { name: string }) => m.name));
      const volumes = new Set([
        ...(pod.spec.volumes ?? []).map((v: { name: string }) => v.name),
        ...(pod.owner.spec?.volumeClaimTemplates ?? []).map(
          (v: { metadata: { name: string } }) => v.metadata.name,
        ),
      ]);
      for (const m of mounts)
        if (!volumes.has(m as string)) problems.push(`${where}: volumeMount ${String(m)} has no volume`);
    }
    for (const v of pod.spec.volumes ?? []) {
      if (v.configMap && !v.configMap.optional) needConfigMap(where, v.configMap.name);
      if (v.secret && !v.secret.optional) needSecret(where, v.secret.secretName);
    }
  }

  const services = new Map(objects.filter((o) => o.kind === 'Service').map((o) => [o.metadata.name, o]));
  for (const ing of objects.filter((o) => o.kind === 'Ingress')) {
    for (const rule of ing.spec?.rules ?? []) {
      for (const path of rule.http?.paths ?? []) {
        const backend = path.backend?.service;
        const svc = backend && services.get(backend.name);
        if (!svc) {
          problems.push(`${objName(ing)}: Service ${backend?.name} does not exist`);
          continue;
        }
        const port = backend.port ?? {};
        const ok = (svc.spec?.ports ?? []).some((p: { name?: string; port: number }) =>
          port.name !== undefined ? p.name === port.name : p.port === port.number,
        );
        if (!ok)
          problems.push(`${objName(ing)}: Service ${backend.name} has no port ${JSON.stringify(port)}`);
      }
    }
    for (const tls of ing.spec?.tls ?? []) if (tls.secretName) needSecret(objName(ing), tls.secretName);
  }

  const workloads = objects.filter((o) => WORKLOAD_KINDS.has(o.kind));
  for (const scaler of objects.filter(
    (o) => o.kind === 'ScaledObject' || o.kind === 'HorizontalPodAutoscaler',
  )) {
    const ref = scaler.spec?.scaleTargetRef ?? {};
    const kind = ref.kind ?? 'Deployment';
    if (!workloads.some((w) => w.kind === kind && w.metadata.name === ref.name)) {
      problems.push(`${objName(scaler)}: scale target ${kind}/${ref.name} does not exist`);
    }
    for (const trigger of scaler.spec?.triggers ?? []) {
      const auth = trigger.authenticationRef?.name;
      if (auth && !namesOf(objects, 'TriggerAuthentication').has(auth)) {
        problems.push(`${objName(scaler)}: TriggerAuthentication ${auth} does not exist`);
      }
    }
  }
  for (const ta of objects.filter((o) => o.kind === 'TriggerAuthentication')) {
    for (const ref of ta.spec?.secretTargetRef ?? []) needSecret(objName(ta), ref.name, ref.key);
  }
  // Two autoscalers on one workload fight each other.
  const targets = objects
    .filter((o) => o.kind === 'ScaledObject' || o.kind === 'HorizontalPodAutoscaler')
    .map((o) => `${o.spec?.scaleTargetRef?.kind}/${o.spec?.scaleTargetRef?.name}`);
  for (const t of new Set(targets)) {
    if (targets.filter((x) => x === t).length > 1) problems.push(`${t} has more than one autoscaler`);
  }
  return problems;
}

/**
 * Container port names that probes use exist, and every HTTP probe path is a route of the api
 * (for containers running the api entry point).
 */
export function checkProbes(
  objects: K8sObject[],
  apiRoutes: Set<string>,
  apiEntry = 'apps/api/dist/main.js',
): string[] {
  const problems: string[] = [];
  for (const pod of podTemplates(objects)) {
    // Prometheus scrape annotations must name a port and a route the api really has.
    const annotations = pod.owner.spec?.template?.metadata?.annotations ?? {};
    const runsApiPod = allContainers(pod.spec).some((c) =>
      [...(c.command ?? []), ...(c.args ?? [])].includes(apiEntry),
    );
    if (runsApiPod && annotations['prometheus.io/scrape'] === 'true') {
      const path = annotations['prometheus.io/path'] ?? '/metrics';
      if (!apiRoutes.has(path))
        problems.push(`${objName(pod.owner)}: prometheus.io/path ${path} is not a route of the api`);
      const port = Number(annotations['prometheus.io/port']);
      const ports = allContainers(pod.spec).flatMap((c) => c.ports ?? []);
      if (!ports.some((p: { containerPort: number }) => p.containerPort === port)) {
        problems.push(
          `${objName(pod.owner)}: prometheus.io/port ${annotations['prometheus.io/port']} is not a container port`,
        );
      }
    }
    for (const c of allContainers(pod.spec)) {
      const where = `${objName(pod.owner)} container ${c.name}`;
      const ports = c.ports ?? [];
      for (const probeName of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
        const probe = c[probeName];
        const http = probe?.httpGet;
        if (!http) continue;
        const portOk =
          typeof http.port === 'string'
            ? ports.some((p: { name?: string }) => p.name === http.port)
            : ports.some((p: { containerPort: number }) => p.containerPort === http.port);
        if (!portOk) problems.push(`${where}: ${probeName} port ${http.port} is not a container port`);
        const runsApi = [...(c.command ?? []), ...(c.args ?? [])].includes(apiEntry);
        if (runsApi && !apiRoutes.has(http.path)) {
          problems.push(`${where}: ${probeName} path ${http.path} is not a route of the api`);
        }
      }
    }
  }
  return problems;
}
