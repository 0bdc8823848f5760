import { createHash, timingSafeEqual } from 'node:crypto';
import { CanActivate, ExecutionContext, HttpException, Injectable } from '@nestjs/common';
import { bearerToken } from '../auth/api-keys';
import { ApiConfig } from '../config/api-config';
import { errorBody } from '../errors/api-errors';

interface MetricsRequest {
  headers: { authorization?: string };
}

interface HeaderResponse {
  setHeader(name: string, value: string): unknown;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics with METRICS_TOKEN set: `Authorization: Bearer <token>` or 401 (compared in
 * constant time, over SHA-256 digests so the length does not show either). Unset: open.
 */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  private readonly expected: Buffer | null;

  constructor(config: ApiConfig) {
    this.expected = config.metricsToken === null ? null : digest(config.metricsToken);
  }

  canActivate(context: ExecutionContext): boolean {
    if (this.expected === null) return true;
    const token = bearerToken(context.switchToHttp().getRequest<MetricsRequest>().headers.authorization);
    if (token && timingSafeEqual(digest(token), this.expected)) return true;
    context
      .switchToHttp()
      .getResponse<HeaderResponse>()
      .setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
    throw new HttpException(
      errorBody(401, 'metrics need Authorization: Bearer <METRICS_TOKEN>', { field: 'Authorization' }),
      401,
    );
  }
}
