import { checkWebhookUrl, WebhookTargetRefusedError, type WebhookAllowlist } from '@moyo/contracts';
import { ANALYSES } from '@moyo/engine';
import type { GameStream } from '@moyo/persistence';
import { z } from 'zod';

/** Analyses a stream gets when the request names none (those registered in this build). */
export const DEFAULT_STREAM_ANALYSES = ['board', 'bouzy', 'territory'];

/** A request field that is missing or wrong: becomes a 422 naming the field. */
export class StreamRequestError extends Error {
  constructor(
    readonly field: string,
    readonly detail: string,
  ) {
    super(`${field}: ${detail}`);
    this.name = 'StreamRequestError';
  }
}

const bodySchema = z.object({
  ogsGameId: z
    .number({ error: 'must be an OGS game id (a positive integer)' })
    .int('must be an OGS game id (a positive integer)')
    .min(1, 'must be an OGS game id (a positive integer)')
    .max(2_147_483_647, 'is too large for an OGS game id'),
  analyses: z
    .array(z.string({ error: 'must be analysis names' }), { error: 'must be an array of analysis names' })
    .max(32, 'at most 32 analyses')
    .optional(),
  webhookUrl: z
    .string({ error: 'must be an http(s) URL' })
    .max(2000, 'is longer than 2000 characters')
    .refine((s) => {
      try {
        return ['http:', 'https:'].includes(new URL(s).protocol);
      } catch {
        return false;
      }
    }, 'must be an http(s) URL')
    .optional(),
});

export interface StreamRequest {
  ogsGameId: number;
  analyses: string[];
  webhookUrl: string | null;
}

/**
 * Validates a POST /v1/streams body; `webhookUrl` must also be a target `allowlist` lets webhooks
 * reach (no DNS lookup: see checkWebhookUrl). Throws StreamRequestError naming the first bad field.
 */
export function parseStreamRequest(body: unknown, allowlist: WebhookAllowlist): StreamRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new StreamRequestError('body', 'must be a JSON object like {"ogsGameId": 12345}');
  }
  const r = bodySchema.safeParse(body);
  if (!r.success) {
    const issue = r.error.issues[0];
    const field = issue.path.length ? issue.path.join('.') : 'body';
    const message =
      issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
    throw new StreamRequestError(field, message);
  }
  if (r.data.webhookUrl !== undefined) {
    try {
      checkWebhookUrl(r.data.webhookUrl, allowlist);
    } catch (err) {
      if (err instanceof WebhookTargetRefusedError) throw new StreamRequestError('webhookUrl', err.message);
      throw err;
    }
  }
  const analyses = r.data.analyses ?? DEFAULT_STREAM_ANALYSES.filter((n) => ANALYSES.has(n));
  const unknown = analyses.filter((n) => !ANALYSES.has(n));
  if (unknown.length) {
    throw new StreamRequestError(
      'analyses',
      `unknown analysis ${unknown.map((n) => JSON.stringify(n)).join(', ')} (known: ${[...ANALYSES.keys()].join(', ')})`,
    );
  }
  return {
    ogsGameId: r.data.ogsGameId,
    analyses: [...new Set(analyses)],
    webhookUrl: r.data.webhookUrl ?? null,
  };
}

/**
 * A move number from the query (`sinceMove`) or a header (`Last-Event-ID`): absent = 0, else a
 * non-negative integer. Throws StreamRequestError naming `field`.
 */
export function parseSinceMove(value: unknown, field = 'sinceMove'): number {
  if (value === undefined || value === '') return 0;
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) {
    throw new StreamRequestError(field, 'must be a non-negative integer move number');
  }
  return Number(value);
}

/** The JSON a stream is shown as. */
export function streamView(s: GameStream) {
  return {
    id: s.id,
    ogsGameId: s.ogsGameId,
    status: s.status,
    analyses: s.analyses,
    webhookUrl: s.webhookUrl,
    lastMove: s.lastMove,
    meta: s.meta ?? null,
    createdAt: s.createdAt.toISOString(),
    links: {
      self: `/v1/streams/${s.id}`,
      analyses: `/v1/games/${s.ogsGameId}/analyses`,
      events: `/v1/games/${s.ogsGameId}/events`,
    },
  };
}
