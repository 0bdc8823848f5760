import {
  apiEnvSchema,
  CommonConfig,
  intBetween,
  loadConfigOrExit,
  parseEnv,
  webhookSecurityFromEnv,
  type WebhookAllowlist,
} from '@moyo/contracts';
import { z } from 'zod';

/** The api's variables: the shared ones from @moyo/contracts plus the gateway's own limits. */
export const apiGatewayEnvSchema = apiEnvSchema.extend({
  /** Requests one API key may make per RATE_LIMIT_WINDOW_SECONDS; more answer 429 with Retry-After. */
  RATE_LIMIT_REQUESTS: intBetween(1, 100_000_000, 6000),
  RATE_LIMIT_WINDOW_SECONDS: intBetween(1, 86_400, 60),
  /** Largest request body (bytes); a larger one answers 413. */
  BODY_LIMIT_BYTES: intBetween(1, 64 * 1024 * 1024, 1024 * 1024),
  /** Largest `sgf` text of a position request (bytes). */
  MAX_SGF_BYTES: intBetween(1, 16 * 1024 * 1024, 256 * 1024),
  /** When set, GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>` (else 401); empty: open. */
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(
        /^[\x21-\x7e]{16,512}$/,
        'must be 16 to 512 visible ASCII characters (e.g. openssl rand -hex 32)',
      )
      .optional(),
  ),
});

type ApiEnv = z.infer<typeof apiGatewayEnvSchema>;

/** The api's configuration, read once from the environment and validated (see .env.example). */
export class ApiConfig extends CommonConfig {
  readonly port: number;
  readonly host: string;
  readonly rateLimit: { requests: number; windowSeconds: number };
  readonly bodyLimitBytes: number;
  readonly maxSgfBytes: number;
  /** AES key of stored webhook signing secrets, and the seed of per-job webhook secrets. */
  readonly webhookSecretKey: Buffer;
  /** Retry schedule of (re)deliveries the api enqueues; the same variables as the worker's. */
  readonly webhookRetry: { backoffBaseMs: number; retryWindowMs: number };
  /**
   * Private targets webhook URLs may name (WEBHOOK_ALLOWLIST, as the worker reads it): others are
   * refused when registered, not only when a delivery fails.
   */
  readonly webhookAllowlist: WebhookAllowlist;
  /** METRICS_TOKEN: the bearer token /metrics asks for; null: /metrics is open. */
  readonly metricsToken: string | null;

  private constructor(env: ApiEnv) {
    super(env);
    this.port = env.PORT;
    this.host = env.HOST;
    this.rateLimit = { requests: env.RATE_LIMIT_REQUESTS, windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS };
    this.bodyLimitBytes = env.BODY_LIMIT_BYTES;
    this.maxSgfBytes = env.MAX_SGF_BYTES;
    this.metricsToken = env.METRICS_TOKEN ?? null;
    this.webhookRetry = {
      backoffBaseMs: env.WEBHOOK_BACKOFF_BASE_MS,
      retryWindowMs: env.WEBHOOK_RETRY_WINDOW_MS,
    };
    const webhooks = webhookSecurityFromEnv(env);
    this.webhookAllowlist = webhooks.allowlist;
    this.webhookSecretKey = webhooks.secretKey;
  }

  /** Validates `env`; throws ConfigError naming each missing or malformed variable. */
  static fromEnv(env: Record<string, string | undefined>): ApiConfig {
    return new ApiConfig(parseEnv(apiGatewayEnvSchema, env));
  }
}

/** For main.ts: the config, or a message on stderr naming the bad variables and exit code 1. */
export function loadApiConfigOrExit(env: Record<string, string | undefined> = process.env): ApiConfig {
  return loadConfigOrExit('api', () => ApiConfig.fromEnv(env));
}
