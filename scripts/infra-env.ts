/**
 * Does a deployment give each app the configuration the app validates at boot? Shared by the
 * compose and Kubernetes tests: the env schemas come from @moyo/contracts, the environments
 * from docker-compose.yml or the rendered manifests plus the image's own ENV.
 */
import { ConfigError } from '@moyo/contracts';
import type { z } from 'zod';

/** Settings the deployment holds for tools other than the apps (no app reads them). */
export const INFRA_ONLY_VARIABLES: Record<string, string> = {
  REDIS_ADDRESS: 'KEDA reads the waiting lists at this host:port',
  REDIS_PASSWORD: 'KEDA authenticates to Redis with it (TriggerAuthentication)',
  POSTGRES_PASSWORD: 'the dev overlay’s in-cluster PostgreSQL',
};

/** The variable names an app's env schema (a zod object) reads. */
export function schemaVariables(schema: z.ZodObject): string[] {
  return Object.keys(schema.shape).sort();
}

export const APPS = ['api', 'worker', 'ingest'] as const;
export type AppName = (typeof APPS)[number];

/** How an app reads its environment: the variables (its schema) and its own boot-time validation. */
export interface AppEnvSpec {
  schema: z.ZodObject;
  /** Throws ConfigError as the app would at boot (the config class's `fromEnv`). */
  validate(env: Record<string, string | undefined>): void;
}

const isZodObject = (v: unknown): v is z.ZodObject =>
  !!v &&
  typeof v === 'object' &&
  'shape' in v &&
  typeof (v as { safeParse?: unknown }).safeParse === 'function';

/**
 * Each app's env spec, from `apps/<app>/src/config/<app>-config.ts`: the config class (the export
 * with a static `fromEnv`) validates, and the schema is the widest zod object that module
 * exports (an app that extends the shared schema with its own variables exports the extension),
 * else the app's schema in @moyo/contracts. So variables an app adds are checked without
 * touching this file.
 */
export async function appEnvSpecs(): Promise<Record<AppName, AppEnvSpec>> {
  const contracts = (await import('@moyo/contracts')) as unknown as Record<string, unknown>;
  const specs = {} as Record<AppName, AppEnvSpec>;
  for (const app of APPS) {
    const mod = (await import(`../apps/${app}/src/config/${app}-config`)) as Record<string, unknown>;
    const config = Object.values(mod).find(
      (v): v is { fromEnv(env: Record<string, string | undefined>): unknown } =>
        typeof v === 'function' && typeof (v as { fromEnv?: unknown }).fromEnv === 'function',
    );
    if (!config) throw new Error(`apps/${app}/src/config/${app}-config.ts exports no class with fromEnv`);
    const schemas = Object.values(mod).filter(isZodObject);
    const widest = schemas.sort((a, b) => Object.keys(b.shape).length - Object.keys(a.shape).length)[0];
    const schema = widest ?? (contracts[`${app}EnvSchema`] as z.ZodObject);
    specs[app] = { schema, validate: (env) => void config.fromEnv(env) };
  }
  return specs;
}

export interface AppEnvCheck {
  spec: AppEnvSpec;
  /** What the process starts with (image ENV, then the deployment's variables). */
  env: Record<string, string | undefined>;
  /** Variables the deployment may leave unset on purpose, with the reason. */
  unsetOnPurpose?: Record<string, string>;
}

/**
 * Problems with one app's environment: what the app's own validation refuses (the message it
 * would stop with), and each variable it reads that the deployment leaves unset (so a default
 * nobody chose applies, or, for a secret, the app stops at boot).
 */
export function checkAppEnv(app: string, check: AppEnvCheck): string[] {
  const problems: string[] = [];
  try {
    check.spec.validate(check.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    for (const p of err.problems) problems.push(`${app}: the app refuses ${p}`);
  }
  const onPurpose = check.unsetOnPurpose ?? {};
  for (const name of schemaVariables(check.spec.schema)) {
    if (check.env[name] !== undefined || name in onPurpose) continue;
    problems.push(`${app}: ${name} is read by the app but not set by the deployment`);
  }
  return problems;
}

/**
 * Variables a deployment sets that no app in `readers` reads and that are not infrastructure
 * settings: a misspelt name (`WORKER_CONCURENCY`) that the app would silently ignore.
 */
export function unreadVariables(names: string[], readers: z.ZodObject[]): string[] {
  const read = new Set(readers.flatMap(schemaVariables));
  return names.filter((n) => !read.has(n) && !(n in INFRA_ONLY_VARIABLES)).sort();
}
