/**
 * Unknown-field check for Kubernetes objects (what `kubeconform -strict` does): the JSON schema
 * validation of kubernetes-models accepts extra keys, so a misspelt `readinesProbe` would pass
 * it. Here each object is walked alongside the TypeScript declaration of its kind, which
 * kubernetes-models generates from the same OpenAPI definitions, using the TypeScript compiler
 * API: a key that is not a property of the declared type (and not allowed by an index
 * signature) is reported.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { K8sObject, objName, ROOT } from './infra-manifests';

/** The .d.ts that declares `I<Kind>` for an apiVersion, inside node_modules. */
function declarationFile(apiVersion: string, kind: string): string {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  if (group === 'keda.sh')
    return join(ROOT, 'node_modules/@kubernetes-models/keda/keda.sh', version, `${kind}.d.ts`);
  return join(
    ROOT,
    'node_modules/kubernetes-models',
    group === '' ? version : join(group, version),
    `${kind}.d.ts`,
  );
}

let cached: { roots: string[]; program: ts.Program } | undefined;

function programFor(files: string[]): ts.Program {
  const roots = [...new Set([...(cached?.roots ?? []), ...files])].sort();
  if (!cached || roots.length !== cached.roots.length) {
    const program = ts.createProgram(roots, {
      noEmit: true,
      skipLibCheck: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      types: [],
    });
    cached = { roots, program };
  }
  return cached.program;
}

/** Unknown keys in the objects, as `Kind/name: path: unknown field`. Kinds without declarations are skipped. */
export function unknownFields(objects: K8sObject[]): string[] {
  const files = objects.map((o) => declarationFile(o.apiVersion, o.kind));
  const program = programFor(files);
  const checker = program.getTypeChecker();
  const problems: string[] = [];

  const walk = (value: unknown, declared: ts.Type, path: string, where: string): void => {
    if (value === null || typeof value !== 'object') return;
    let type = checker.getNonNullableType(declared);
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return;
    if (type.isUnion()) {
      // e.g. IntOrString: nothing to check inside; an object union we cannot pick from: skip.
      const objectTypes = type.types.filter((t) => t.flags & ts.TypeFlags.Object);
      if (objectTypes.length !== 1) return;
      type = objectTypes[0];
    }
    if (Array.isArray(value)) {
      const element = checker.getIndexTypeOfType(type, ts.IndexKind.Number);
      if (element) value.forEach((v, i) => walk(v, element, `${path}[${i}]`, where));
      return;
    }
    const stringIndex = checker.getIndexTypeOfType(type, ts.IndexKind.String);
    const known = checker.getPropertiesOfType(type);
    if (known.length === 0 && !stringIndex) return; // free-form object
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const prop = checker.getPropertyOfType(type, key);
      if (prop) walk(v, checker.getTypeOfSymbol(prop), `${path}.${key}`, where);
      else if (stringIndex) walk(v, stringIndex, `${path}.${key}`, where);
      else problems.push(`${where}: ${path.slice(1)}.${key}: unknown field`.replace(': .', ': '));
    }
  };

  for (const obj of objects) {
    const file = program.getSourceFile(declarationFile(obj.apiVersion, obj.kind));
    if (!file) continue;
    const decl = file.statements.find(
      (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === `I${obj.kind}`,
    );
    if (!decl) continue;
    walk(obj, checker.getTypeAtLocation(decl.name), '', objName(obj));
  }
  return problems;
}
