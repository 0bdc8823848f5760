import { RedisService } from '@moyo/persistence';
import { Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiConfig } from '../config/api-config';

/** The outcome of counting one request against a key's budget. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (Retry-After when refused). */
  resetSeconds: number;
}

/** Failed authentications one client address may make per minute before it is refused (429). */
export const AUTH_FAILURES_PER_MINUTE = 30;

/**
 * Per-API-key request budget: RATE_LIMIT_REQUESTS per RATE_LIMIT_WINDOW_SECONDS, a fixed window
 * counted in Redis (rate-limiter-flexible: one atomic INCR+PEXPIRE script) so every api replica
 * shares it. While Redis is away a per-process in-memory limiter with the same budget stands in.
 * Also counts failed authentications per client address (AUTH_FAILURES_PER_MINUTE), so guessing
 * keys is slow and an unknown key cannot make a database lookup per request without limit.
 */
@Injectable()
export class RateLimitService {
  private readonly limiter: RateLimiterRedis;
  private readonly limit: number;
  private readonly authFailures: RateLimiterRedis;

  constructor(redis: RedisService, config: ApiConfig) {
    this.limit = config.rateLimit.requests;
    const options = { points: config.rateLimit.requests, duration: config.rateLimit.windowSeconds };
    this.limiter = new RateLimiterRedis({
      ...options,
      storeClient: redis.client,
      keyPrefix: redis.key('ratelimit'),
      insuranceLimiter: new RateLimiterMemory(options),
    });
    const failures = { points: AUTH_FAILURES_PER_MINUTE, duration: 60 };
    this.authFailures = new RateLimiterRedis({
      ...failures,
      storeClient: redis.client,
      keyPrefix: redis.key('authfail'),
      insuranceLimiter: new RateLimiterMemory(failures),
    });
  }

  /**
   * Seconds until `address` may try to authenticate again, or 0: it has used up its failed
   * authentications for the minute.
   */
  async authBlockedFor(address: string): Promise<number> {
    const r = await this.authFailures.get(address).catch(() => null);
    if (!r || r.consumedPoints < AUTH_FAILURES_PER_MINUTE) return 0;
    return Math.max(1, Math.ceil(r.msBeforeNext / 1000));
  }

  /** Counts one failed authentication of `address` (a refusal when over the limit is not an error). */
  async countAuthFailure(address: string): Promise<void> {
    await this.authFailures.consume(address).catch(() => undefined);
  }

  /** Counts one request of `subject` (an API key id) and says whether it may proceed. */
  async consume(subject: string): Promise<RateLimitDecision> {
    try {
      const r = await this.limiter.consume(subject);
      return this.decision(true, r);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return this.decision(false, rejection);
      throw rejection;
    }
  }

  private decision(allowed: boolean, r: RateLimiterRes): RateLimitDecision {
    return {
      allowed,
      limit: this.limit,
      remaining: Math.max(0, r.remainingPoints),
      resetSeconds: Math.max(1, Math.ceil(r.msBeforeNext / 1000)),
    };
  }
}
