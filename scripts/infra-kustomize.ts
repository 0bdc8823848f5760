/**
 * Rendering the Kubernetes manifests (kustomize v5, built into kubectl >= 1.27, preinstalled on this
 * project's machines; see findKustomize) and checking each object against its schema (npm's
 * kubernetes-models and its KEDA models, so nothing is downloaded at run time). Part of the
 * manifest checks of infra-manifests.ts.
 */
import { execFile, execFileSync } from 'node:child_process';
import { relative, resolve } from 'node:path';
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
