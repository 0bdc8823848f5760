import { availableParallelism } from 'node:os';
import {
  CommonConfig,
  loadConfigOrExit,
  parseEnv,
  webhookSecurityFromEnv,
  workerEnvSchema,
  type WebhookAllowlist,
  type WorkerEnv,
} from '@moyo/contracts';

/** The worker's configuration, read once from the environment and validated (see .env.example). */
export class WorkerConfig extends CommonConfig {
  readonly concurrency: number;
  readonly eyegraphConcurrency: number;
  /** BullMQ lockDuration of every queue this worker consumes. */
  readonly lockDurationMs: number;
  /** BullMQ stalledInterval: how often stalled jobs are looked for. */
  readonly stalledIntervalMs: number;
  /** SIGTERM: how long jobs in flight may take to finish before the worker exits anyway. */
  readonly drainTimeoutMs: number;
  /** The reconciler's period and the age below which it leaves jobs alone. */
  readonly reconcileIntervalMs: number;
  readonly reconcileGraceMs: number;
  /** Days ended rows are kept (0: for ever), the retention sweep's period and batch size. */
  readonly retentionDays: number;
  readonly retentionIntervalMs: number;
  readonly retentionBatchSize: number;
  /** Engine threads for position jobs. */
  readonly engineThreads: number;
  readonly webhookConcurrency: number;
  readonly webhookTimeoutMs: number;
  readonly webhookBackoffBaseMs: number;
  readonly webhookRetryWindowMs: number;
  /** Private targets webhooks may still reach (WEBHOOK_ALLOWLIST). */
  readonly webhookAllowlist: WebhookAllowlist;
  /** The AES key of stored signing secrets (from WEBHOOK_SECRET_KEY). */
  readonly webhookSecretKey: Buffer;

  private constructor(env: WorkerEnv) {
    super(env);
    this.concurrency = env.WORKER_CONCURRENCY;
    this.eyegraphConcurrency = env.WORKER_EYEGRAPH_CONCURRENCY;
    this.lockDurationMs = env.WORKER_LOCK_DURATION_MS;
    this.stalledIntervalMs = env.WORKER_STALLED_INTERVAL_MS;
    this.drainTimeoutMs = env.WORKER_DRAIN_TIMEOUT_MS;
    this.reconcileIntervalMs = env.RECONCILE_INTERVAL_MS;
    this.reconcileGraceMs = env.RECONCILE_GRACE_MS;
    this.retentionDays = env.RESULT_RETENTION_DAYS;
    this.retentionIntervalMs = env.RETENTION_INTERVAL_MS;
    this.retentionBatchSize = env.RETENTION_BATCH_SIZE;
    this.engineThreads =
      env.WORKER_ENGINE_THREADS ?? Math.min(env.WORKER_CONCURRENCY, availableParallelism());
    this.webhookConcurrency = env.WEBHOOK_CONCURRENCY;
    this.webhookTimeoutMs = env.WEBHOOK_TIMEOUT_MS;
    this.webhookBackoffBaseMs = env.WEBHOOK_BACKOFF_BASE_MS;
    this.webhookRetryWindowMs = env.WEBHOOK_RETRY_WINDOW_MS;
    const webhooks = webhookSecurityFromEnv(env);
    this.webhookAllowlist = webhooks.allowlist;
    this.webhookSecretKey = webhooks.secretKey;
  }

  /** Validates `env`; throws ConfigError naming each missing or malformed variable. */
  static fromEnv(env: Record<string, string | undefined>): WorkerConfig {
    return new WorkerConfig(parseEnv(workerEnvSchema, env));
  }
}

/** For main.ts: the config, or a message on stderr naming the bad variables and exit code 1. */
export function loadWorkerConfigOrExit(env: Record<string, string | undefined> = process.env): WorkerConfig {
  return loadConfigOrExit('worker', () => WorkerConfig.fromEnv(env));
}
