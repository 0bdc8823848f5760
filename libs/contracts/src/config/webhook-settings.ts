import { webhookSecretKeyFromText } from '../queues/webhook-secret-box';
import { parseWebhookAllowlist, type WebhookAllowlist } from '../webhooks/ssrf';
import { ConfigError } from './env';

/** The webhook settings the api and the worker both read from their environment. */
export interface WebhookSecurity {
  /** WEBHOOK_ALLOWLIST parsed: private targets webhooks may still reach. */
  allowlist: WebhookAllowlist;
  /** The AES key that seals webhook signing secrets at rest (from WEBHOOK_SECRET_KEY). */
  secretKey: Buffer;
}

/**
 * Parses WEBHOOK_ALLOWLIST and WEBHOOK_SECRET_KEY (already validated as strings by the app's env
 * schema). Throws ConfigError with one line for each of the two that is malformed.
 */
export function webhookSecurityFromEnv(env: {
  WEBHOOK_ALLOWLIST: string;
  WEBHOOK_SECRET_KEY?: string;
  NODE_ENV: string;
}): WebhookSecurity {
  const problems: string[] = [];
  let allowlist = parseWebhookAllowlist('');
  try {
    allowlist = parseWebhookAllowlist(env.WEBHOOK_ALLOWLIST);
  } catch (err) {
    problems.push(`WEBHOOK_ALLOWLIST: ${(err as Error).message}`);
  }
  let secretKey: Buffer = Buffer.alloc(0);
  try {
    secretKey = webhookSecretKeyFromText(env.WEBHOOK_SECRET_KEY, env.NODE_ENV);
  } catch (err) {
    problems.push(`WEBHOOK_SECRET_KEY: ${(err as Error).message}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { allowlist, secretKey };
}

/**
 * For an app's main.ts: the config `load` returns, or, when it throws ConfigError, the message on
 * stderr prefixed with `moyo <app>:` and exit code 1.
 */
export function loadConfigOrExit<T>(app: string, load: () => T): T {
  try {
    return load();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`moyo ${app}: ${err.message}\n`);
    process.exit(1);
  }
}
