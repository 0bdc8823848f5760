import { checkWebhookUrl, WebhookTargetRefusedError } from '@moyo/contracts';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Agent, request } from 'undici';
import { WorkerConfig } from '../config/worker-config';
import { guardedLookup } from './ssrf-guard';

/** What one POST to a webhook URL gave. */
export interface SendOutcome {
  /** The HTTP status, or null when no answer came (refused target, network error, timeout). */
  status: number | null;
  latencyMs: number;
  /** Why it is not a success (null on 2xx). */
  error: string | null;
  /** The target was refused by the SSRF guard: retrying cannot help. */
  refused: boolean;
}

/**
 * POSTs webhook bodies: no redirects followed, the whole exchange bounded by WEBHOOK_TIMEOUT_MS,
 * every connection checked by the SSRF guard (on the resolved address), answers read and
 * discarded (at most 64 kB).
 */
@Injectable()
export class WebhookSenderService implements OnModuleDestroy {
  private readonly agent: Agent;

  constructor(private readonly config: WorkerConfig) {
    this.agent = new Agent({
      connect: { lookup: guardedLookup(config.webhookAllowlist), timeout: config.webhookTimeoutMs },
      headersTimeout: config.webhookTimeoutMs,
      bodyTimeout: config.webhookTimeoutMs,
      keepAliveTimeout: 4_000,
    });
  }

  /** Sends `body` to `url` with `headers`; never throws. */
  async send(url: string, body: string, headers: Record<string, string>): Promise<SendOutcome> {
    const t0 = performance.now();
    const latency = () => Math.round(performance.now() - t0);
    try {
      checkWebhookUrl(url, this.config.webhookAllowlist);
      const res = await request(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'user-agent': 'moyo-webhooks/1', ...headers },
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.config.webhookTimeoutMs),
      });
      await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      return {
        status: res.statusCode,
        latencyMs: latency(),
        error: ok ? null : `HTTP ${res.statusCode}`,
        refused: false,
      };
    } catch (err) {
      const refused = findCause(err, WebhookTargetRefusedError);
      if (refused) return { status: null, latencyMs: latency(), error: refused.message, refused: true };
      return { status: null, latencyMs: latency(), error: describe(err), refused: false };
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.agent.close();
  }
}

/** `err` or an error in its `cause` chain of class `cls`. */
function findCause<T extends Error>(err: unknown, cls: new (...args: never[]) => T): T | null {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof cls) return e;
  }
  return null;
}

/** A short message for a failed request: timeouts and network errors named plainly. */
function describe(err: unknown): string {
  const e = err as {
    name?: string;
    code?: string;
    message?: string;
    cause?: { code?: string; message?: string };
  };
  if (
    e?.name === 'TimeoutError' ||
    e?.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    e?.code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return 'timed out';
  }
  const code = e?.code ?? e?.cause?.code;
  const message = e?.message ?? String(err);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
