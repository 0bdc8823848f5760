/** Entry points: the commands the containers run must be files the image has, or bins of the workspaces. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { allContainers, podTemplates } from './infra-k8s-checks';
import { objName, ROOT, type K8sObject } from './infra-kustomize';

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
