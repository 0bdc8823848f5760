import { z } from 'zod';

/**
 * The environment variables the apps read, as zod schemas. Each app composes the parts it needs,
 * validates `process.env` once at boot with `parseEnv`, and stops with a message naming every
 * missing or malformed variable.
 */

function urlWithProtocol(protocols: string[], example: string) {
  return z
    .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string') })
    .trim()
    .min(1, 'is required')
    .refine(
      (s) => {
        try {
          return protocols.includes(new URL(s).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL like ${example}` },
    );
}

const CLUSTER_NODE = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):(\d{1,5})$/;

/** `host:port,host:port` (IPv6 hosts in brackets) as a list of `host:port`; absent: no cluster. */
function clusterNodes() {
  return z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n !== ''),
    )
    .refine(
      (nodes) =>
        nodes.length > 0 &&
        nodes.every((n) => {
          const m = CLUSTER_NODE.exec(n);
          return m !== null && Number(m[1]) >= 1 && Number(m[1]) <= 65535;
        }),
      { message: 'must be comma-separated host:port pairs, like 10.0.0.1:6379,10.0.0.2:6379' },
    )
    .optional();
}

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be an integer between 1 and 65535' })
    .int('must be an integer between 1 and 65535')
    .min(1, 'must be an integer between 1 and 65535')
    .max(65535, 'must be an integer between 1 and 65535')
    .default(fallback);

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An integer from `min` to `max` (text coerced), else "must be an integer between min and max". */
export const integerBetween = (min: number, max: number) =>
  z.coerce
    .number({ error: `must be an integer between ${min} and ${max}` })
    .int(`must be an integer between ${min} and ${max}`)
    .min(min, `must be an integer between ${min} and ${max}`)
    .max(max, `must be an integer between ${min} and ${max}`);

/** integerBetween(min, max), `fallback` when the variable is unset or empty. */
export const intBetween = (min: number, max: number, fallback: number) =>
  integerBetween(min, max).default(fallback);

/**
 * Webhook settings the api (registration, redelivery) and the worker (delivery) share. Parts of
 * `commonEnvSchema`; see libs/contracts/src/webhooks.
 */
export const webhookEnvShape = {
  /** Key (any text, hashed to 256 bits) that encrypts stored signing secrets; required in production. */
  WEBHOOK_SECRET_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * Hosts, IP addresses and CIDR ranges webhooks may target even though they are private,
   * loopback or link-local (comma-separated, e.g. `127.0.0.1,10.0.0.0/8,hooks.internal`).
   */
  WEBHOOK_ALLOWLIST: z.string().default(''),
  /** First retry wait of a failed delivery; each next one doubles (at most 4 h). */
  WEBHOOK_BACKOFF_BASE_MS: intBetween(10, 3_600_000, 30_000),
  /** Deliveries are retried until their waits add up to this much (default 12 h). */
  WEBHOOK_RETRY_WINDOW_MS: intBetween(0, 7 * 24 * 3_600_000, 12 * 3_600_000),
};

/** Variables every app reads. */
export const commonEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  REDIS_URL: urlWithProtocol(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
  /**
   * A Redis Cluster instead of the single Redis of REDIS_URL: some of its nodes as comma-separated
   * `host:port` (the client finds the others). REDIS_URL's user, password and `rediss:` (TLS)
   * then apply to every node; its host and port are not used.
   */
  REDIS_CLUSTER_NODES: clusterNodes(),
  /**
   * Shards of the positions queue (see positionQueueNames): 1 keeps the one queue `positions`; on a
   * Redis Cluster, N spreads the positions work over N queues on different masters. Every app
   * that produces or consumes position jobs must have the same value.
   */
  QUEUE_SHARDS: intBetween(1, 64, 1),
  /** Prefix of every BullMQ key; apps that share queues must share it. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 characters of A-Z a-z 0-9 _ . -')
    .default('moyo'),
  DATABASE_URL: urlWithProtocol(
    ['postgresql:', 'postgres:'],
    'postgresql://user:password@127.0.0.1:5432/moyo',
  ),
  ...webhookEnvShape,
});

export const apiEnvSchema = commonEnvSchema.extend({
  PORT: port(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
});

export const workerEnvSchema = commonEnvSchema.extend({
  /** Position jobs one worker process runs at once. */
  WORKER_CONCURRENCY: intBetween(1, 256, 2),
  /** Eye-graph jobs one worker process runs at once (each on its own engine thread). */
  WORKER_EYEGRAPH_CONCURRENCY: intBetween(1, 64, 1),
  /** Engine threads for position jobs (default: WORKER_CONCURRENCY, at most the CPU count). */
  WORKER_ENGINE_THREADS: integerBetween(1, 64).optional(),
  /**
   * How long a worker's claim on a job lasts without renewal; a job whose worker died is taken up
   * again after about this long (BullMQ lockDuration and stalledInterval).
   */
  WORKER_LOCK_DURATION_MS: intBetween(1000, 600_000, 30_000),
  /**
   * How often a worker looks for stalled jobs (their worker died: lock lapsed). A dead worker's job
   * is taken up again within about WORKER_LOCK_DURATION_MS plus this (BullMQ stalledInterval).
   */
  WORKER_STALLED_INTERVAL_MS: intBetween(500, 600_000, 5_000),
  /**
   * SIGTERM / SIGINT: how long the jobs in flight may take to finish after the worker stopped
   * taking new ones; those still running then are left to their lock (another worker takes them
   * up) and the process closes its pools and exits 0. Below the 25 s shutdown limit.
   */
  WORKER_DRAIN_TIMEOUT_MS: intBetween(0, 20_000, 15_000),
  /**
   * How often the reconciler sweeps (one worker replica at a time): jobs the jobs table holds as
   * queued or running but Redis lost are queued again; jobs BullMQ gave up on (failed, stalled
   * too often) are marked failed with the reason and their job.failed webhooks sent; pending
   * webhook deliveries that lost their queue job are queued again.
   */
  RECONCILE_INTERVAL_MS: intBetween(200, 3_600_000, 10_000),
  /** The reconciler leaves jobs and deliveries younger than this alone (their enqueue may be under way). */
  RECONCILE_GRACE_MS: intBetween(0, 3_600_000, 15_000),
  /**
   * Days ended jobs (with their results), ended webhook deliveries and unused result-cache entries
   * are kept; older ones are removed by the retention sweep (one worker replica at a time). 0 keeps
   * everything for ever (no sweep).
   */
  RESULT_RETENTION_DAYS: intBetween(0, 36_500, 30),
  /** How often the retention sweep runs, and the rows one of its DELETE statements removes at most. */
  RETENTION_INTERVAL_MS: intBetween(1000, 86_400_000, 300_000),
  RETENTION_BATCH_SIZE: intBetween(1, 100_000, 1000),
  /** Webhook deliveries one worker process sends at once. */
  WEBHOOK_CONCURRENCY: intBetween(1, 256, 16),
  /** A delivery attempt that has no complete answer after this long fails (default 10 s). */
  WEBHOOK_TIMEOUT_MS: intBetween(100, 120_000, 10_000),
});

export const ingestEnvSchema = commonEnvSchema.extend({
  OGS_URL: urlWithProtocol(['http:', 'https:'], 'https://online-go.com').default('https://online-go.com'),
  INGEST_AUTO_FOLLOW: z.stringbool({ error: 'must be true or false' }).default(false),
  /** How many of the top live games auto-follow keeps followed. */
  INGEST_AUTO_FOLLOW_COUNT: intBetween(1, 50, 5),
  /** A dead ingest replica's games move to another this long after its last lease renewal. */
  INGEST_LEASE_TTL_MS: intBetween(1000, 600_000, 15_000),
  /**
   * Analysis jobs one followed game may enqueue per second (bursts of 5 s worth): a game joined
   * late, or a takeover, catches up at this pace instead of flooding the queue.
   */
  INGEST_STREAM_JOBS_PER_SECOND: intBetween(1, 1000, 20),
});

export type CommonEnv = z.infer<typeof commonEnvSchema>;

export type ApiEnv = z.infer<typeof apiEnvSchema>;
export type WorkerEnv = z.infer<typeof workerEnvSchema>;
export type IngestEnv = z.infer<typeof ingestEnvSchema>;

/** Thrown by `parseEnv`; `problems` lists one "NAME: what is wrong" line per variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates `env` against `schema`. Empty strings count as unset, so `PORT=` falls back to the
 * default and `REDIS_URL=` is reported missing. Returns the typed values or throws ConfigError
 * naming every bad variable. Does not mutate `env`.
 */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): z.infer<S> {
  const cleaned: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v !== '') cleaned[k] = v;
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const value = issue.path.length === 1 ? cleaned[String(issue.path[0])] : undefined;
    const shown = value === undefined ? '' : ` (got ${JSON.stringify(redact(value))})`;
    return `${name}: ${issue.message}${shown}`;
  });
  throw new ConfigError(problems);
}

/** Hides a URL's password so error messages can be logged. */
function redact(value: string): string {
  try {
    const u = new URL(value);
    if (u.password) {
      u.password = '***';
      return u.toString();
    }
  } catch {
    // not a URL: shown as is
  }
  return value;
}
