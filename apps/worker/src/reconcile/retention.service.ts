import { randomUUID } from 'node:crypto';
import { RedisService, RetentionRepository, type RetentionBatch } from '@moyo/persistence';
import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { WorkerConfig } from '../config/worker-config';
import { PeriodicSweep } from './periodic-sweep';

const DAY_MS = 86_400_000;
/** Batches one sweep runs per table at most; the rest waits for the next sweep. */
const MAX_BATCHES_PER_TABLE = 100;

/** What one retention sweep removed. */
export interface RetentionCounts {
  cutoff: Date;
  jobs: number;
  deliveries: number;
  cacheEntries: number;
  /** DELETE statements run (each at most RETENTION_BATCH_SIZE rows). */
  batches: number;
  /** False when a table still had expired rows after MAX_BATCHES_PER_TABLE batches. */
  complete: boolean;
  /** Milliseconds spent on each table. */
  ms: { deliveries: number; cacheEntries: number; jobs: number };
}

/**
 * Keeps storage bounded: every RETENTION_INTERVAL_MS one worker replica (the one that takes the
 * Redis key `<prefix>:retention:lock`, SET NX PX, as the reconciler's lock) removes ended jobs
 * with their results, ended webhook deliveries and unused result-cache entries older than
 * RESULT_RETENTION_DAYS, in batches of RETENTION_BATCH_SIZE rows (RetentionRepository: each batch
 * one short statement, rows taken FOR UPDATE SKIP LOCKED, so two sweeps at once never remove a
 * row twice nor wait on each other). Idempotent: a sweep after a complete one removes nothing.
 * RESULT_RETENTION_DAYS=0 turns it off.
 */
@Injectable()
export class RetentionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly periodic: PeriodicSweep;

  constructor(
    private readonly retention: RetentionRepository,
    private readonly redis: RedisService,
    private readonly config: WorkerConfig,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext(RetentionService.name);
    this.periodic = new PeriodicSweep(
      config.retentionIntervalMs,
      () => this.sweepIfLeader(),
      (err: unknown) => this.logger.warn({ err }, 'retention sweep failed; next one will retry'),
    );
  }

  onApplicationBootstrap(): void {
    if (this.config.retentionDays > 0) this.periodic.start();
  }

  /** Stops the timer; a sweep in progress ends after its current batch. */
  async onModuleDestroy(): Promise<void> {
    await this.periodic.stop();
  }

  /** The cutoff at `now`: rows older than this are expired. */
  cutoffAt(now: Date): Date {
    return new Date(now.getTime() - this.config.retentionDays * DAY_MS);
  }

  /** Sweeps when this replica gets the lock for this interval; null when another has it (or off). */
  async sweepIfLeader(now: Date = new Date()): Promise<RetentionCounts | null> {
    if (this.config.retentionDays <= 0) return null;
    const lock = await this.redis.client.set(
      this.redis.key('retention', 'lock'),
      randomUUID(),
      'PX',
      Math.max(1000, Math.floor(this.config.retentionIntervalMs * 0.7)),
      'NX',
    );
    if (lock !== 'OK') return null;
    const counts = await this.sweep(now);
    if (counts.jobs + counts.deliveries + counts.cacheEntries > 0) {
      this.logger.info({ ...counts }, 'retention: removed expired rows');
    }
    return counts;
  }

  /** One sweep at `now` (no lock: tests and the leader call it; safe to run concurrently). */
  async sweep(now: Date = new Date()): Promise<RetentionCounts> {
    const cutoff = this.cutoffAt(now);
    const counts: RetentionCounts = {
      cutoff,
      jobs: 0,
      deliveries: 0,
      cacheEntries: 0,
      batches: 0,
      complete: true,
      ms: { deliveries: 0, cacheEntries: 0, jobs: 0 },
    };
    const size = this.config.retentionBatchSize;
    const drain = async (step: (cutoff: Date, limit: number) => Promise<RetentionBatch>) => {
      let total = 0;
      for (let i = 0; i < MAX_BATCHES_PER_TABLE; i++) {
        if (this.periodic.stopped) return total;
        const { deleted } = await step(cutoff, size);
        counts.batches++;
        total += deleted;
        // Fewer than asked: nothing left that this sweep could take (rows another sweep holds
        // locked are skipped; that sweep removes them).
        if (deleted < size) return total;
      }
      counts.complete = false;
      return total;
    };
    // Jobs last: a job's deliveries are not tied to it by a foreign key, and its cache entries
    // (which name its result) go with it by cascade, hit or not.
    let t = performance.now();
    const lap = () => {
      const ms = Math.round(performance.now() - t);
      t = performance.now();
      return ms;
    };
    counts.deliveries = await drain((c, n) => this.retention.deleteExpiredDeliveries(c, n));
    counts.ms.deliveries = lap();
    counts.cacheEntries = await drain((c, n) => this.retention.deleteExpiredCache(c, n));
    counts.ms.cacheEntries = lap();
    counts.jobs = await drain((c, n) => this.retention.deleteExpiredJobs(c, n));
    counts.ms.jobs = lap();
    return counts;
  }
}
