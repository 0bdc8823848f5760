/**
 * A task of the api's request thread (`request-thread/request.thread.ts`): validates and
 * normalises a large POST /v1/positions body (zod, the SGF parse, the replay of every move, the
 * turns' inputs) away from the event loop. Errors meant for the client come back as data, because
 * an exception crossing the thread boundary loses its class and so its HTTP status.
 */
import { HttpException } from '@nestjs/common';
import { normalizePositionRequest, type NormalizedPositionRequest } from '../dto/position-request';
import { allowlistOf, type PortableAllowlist } from './portable-allowlist';

export interface NormalizeTask {
  body: unknown;
  maxSgfBytes: number;
  allowlist: PortableAllowlist;
}

export type NormalizeOutcome =
  { ok: true; request: NormalizedPositionRequest } | { ok: false; status: number; response: string | object };

export function normalize(task: NormalizeTask): NormalizeOutcome {
  try {
    const limits = { maxSgfBytes: task.maxSgfBytes, webhookAllowlist: allowlistOf(task.allowlist) };
    return { ok: true, request: normalizePositionRequest(task.body, limits) };
  } catch (err) {
    if (err instanceof HttpException)
      return { ok: false, status: err.getStatus(), response: err.getResponse() };
    throw err;
  }
}
