import { RedisService } from '@moyo/persistence';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiConfig } from '../config/api-config';
import { LocalBudgets } from './local-budget';

/** The outcome of counting one request against a key's budget. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (Retry-After when refused). */
  resetSeconds: number;
}

/**
 * How long the counts of requests admitted without waiting for Redis are gathered before they
 * are sent (one INCRBY per key): other replicas see them this much later, well within the
 * budget's margin (a tenth of it) at any rate the budget allows.
 */
export const COUNT_EVERY_MS = 20;

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
export class RateLimitService implements OnModuleDestroy {
  private readonly limiter: RateLimiterRedis;
  private readonly limit: number;
  private readonly authFailures: RateLimiterRedis;
  private readonly budgets: LocalBudgets;
  /** Requests admitted by the local budgets whose counts are not sent yet, by subject. */
  private readonly deferred = new Map<string, number>();
  private flushTimer: NodeJS.Timeout | null = null;

  constructor(redis: RedisService, config: ApiConfig) {
    this.limit = config.rateLimit.requests;
    this.budgets = new LocalBudgets(this.limit);
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

  /**
   * Counts one request of `subject` (an API key id) and says whether it may proceed. Well within
   * the budget (LocalBudgets) the answer comes at once, without a Redis round trip, and the
   * request is counted in Redis with the others of that key admitted within COUNT_EVERY_MS (one
   * INCRBY for them all). Near the limit, and for a key this process has no answer for yet, the
   * request waits for Redis as before, its count sent together with the key's counts not sent
   * yet, so Redis decides on every request this process admitted.
   */
  consume(subject: string): Promise<RateLimitDecision> {
    const early = this.budgets.admit(subject);
    if (!early) {
      const deferred = this.deferred.get(subject) ?? 0;
      this.deferred.delete(subject);
      this.budgets.sent(subject);
      return this.count(subject, deferred + 1);
    }
    this.deferred.set(subject, (this.deferred.get(subject) ?? 0) + 1);
    if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => this.flush(), COUNT_EVERY_MS);
      this.flushTimer.unref();
    }
    return Promise.resolve({ allowed: true, limit: this.limit, ...early });
  }

  /** Sends the admitted requests' counts (at shutdown too: best effort, Redis may be closing). */
  onModuleDestroy(): void {
    this.flush();
  }

  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    // Their answers only update the views (a refusal means other replicas spent the margin).
    for (const [subject, points] of this.deferred) this.count(subject, points).catch(() => undefined);
    this.deferred.clear();
  }

  /** Counts `points` requests of `subject`; the decision is the last one's. */
  private async count(subject: string, points: number): Promise<RateLimitDecision> {
    try {
      const r = await this.limiter.consume(subject, points);
      this.budgets.answered(subject, { counted: r.consumedPoints, msBeforeReset: r.msBeforeNext }, points);
      return this.decision(true, r);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        const answer = { counted: rejection.consumedPoints, msBeforeReset: rejection.msBeforeNext };
        this.budgets.answered(subject, answer, points);
        return this.decision(false, rejection);
      }
      this.budgets.answered(subject, null, points);
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
