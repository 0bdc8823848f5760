import { HttpException, Injectable } from '@nestjs/common';
import { RequestThread } from '../../request-thread/request-thread.service';
import { worthAThread } from '../../request-thread/worth-a-thread';
import {
  normalizePositionRequest,
  type NormalizedPositionRequest,
  type PositionRequestLimits,
} from '../dto/position-request';
import type { NormalizeOutcome, NormalizeTask } from './normalize.thread';
import { portableAllowlist } from './portable-allowlist';

/**
 * Validates and normalises POST /v1/positions bodies (`normalizePositionRequest`): small ones in
 * place, large ones (a long game, an SGF) on the api's request thread (`RequestThread`), so the
 * event loop keeps answering other requests (and /healthz) while a 2000-move game is replayed.
 * 503 when MAX_QUEUED large bodies wait for the thread already.
 */
@Injectable()
export class PositionNormalizer {
  constructor(private readonly thread: RequestThread) {}

  async normalize(body: unknown, limits: PositionRequestLimits): Promise<NormalizedPositionRequest> {
    if (!worthAThread(body)) return normalizePositionRequest(body, limits);
    const task: NormalizeTask = {
      body,
      maxSgfBytes: limits.maxSgfBytes,
      allowlist: portableAllowlist(limits.webhookAllowlist),
    };
    const outcome = await this.thread.run<NormalizeOutcome>('normalize', task);
    if (!outcome.ok) throw new HttpException(outcome.response, outcome.status);
    return outcome.request;
  }
}
