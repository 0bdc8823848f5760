import { randomUUID } from 'node:crypto';
import {
  PartitionRepository,
  RedisService,
  utcDay,
  type CreateOutcome,
  type DropOutcome,
} from '@moyo/persistence';
import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { WorkerConfig } from '../config/worker-config';
import { PeriodicSweep } from './periodic-sweep';

const DAY_MS = 86_400_000;
/** Days created ahead of today: the maintainer may miss a few sweeps before rows land in the default. */
export const PARTITION_DAYS_AHEAD = 3;
/** Longest wait at shutdown for the boot-time run. */
const FIRST_RUN_WAIT_MS = 5000;

/** What one maintenance run did. */
export interface PartitionRun {
  /** Outcome per day created or checked, today first. */
  created: { day: Date; outcome: CreateOutcome }[];
  /** The expired days dropped, oldest first. */
  dropped: DropOutcome[];
}

/**
 * The partition maintainer: keeps the day partitions of jobs and job_results (migration
 * 20261125170000_partitioned_jobs) ahead of the clock and drops the expired ones whole. At boot
 * and then every RETENTION_INTERVAL_MS, one worker replica (the one that takes the Redis key
 * `<prefix>:partitions:lock`, as the other sweeps) creates today's and the next
 * PARTITION_DAYS_AHEAD days' partitions, and, with RESULT_RETENTION_DAYS > 0, drops every day
 * partition wholly older than the retention cutoff (PartitionRepository.dropDay: the rows that
 * must stay move to the default partition, where the row sweep of RetentionService handles them).
 * Creating runs even with retention off: rows of a day without a partition would go to the
 * default partition, which only row deletes can shrink.
 */
@Injectable()
export class PartitionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly periodic: PeriodicSweep;
  private first: Promise<unknown> | undefined;

  constructor(
    private readonly partitions: PartitionRepository,
    private readonly redis: RedisService,
    private readonly config: WorkerConfig,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext(PartitionService.name);
    this.periodic = new PeriodicSweep(
      config.retentionIntervalMs,
      () => this.runIfLeader(),
      (err: unknown) => this.logger.warn({ err }, 'partition maintenance failed; next sweep will retry'),
    );
  }

  onApplicationBootstrap(): void {
    // At once (today's partition may be missing after a deploy), without holding the boot up.
    this.first = this.runIfLeader()
      .catch((err: unknown) =>
        this.logger.warn({ err }, 'partition maintenance failed at boot; next sweep will retry'),
      )
      .finally(() => this.periodic.start());
  }

  /**
   * Stops the timer; waits for a run in progress at most FIRST_RUN_WAIT_MS at boot (a database
   * that hangs must not hold the shutdown up: the run's transaction dies with the connection).
   */
  async onModuleDestroy(): Promise<void> {
    await this.periodic.stop();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.first,
      new Promise((resolve) => {
        timer = setTimeout(resolve, FIRST_RUN_WAIT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
  }

  /** Runs when this replica gets the lock for this interval; null when another has it. */
  async runIfLeader(now: Date = new Date()): Promise<PartitionRun | null> {
    const lock = await this.redis.client.set(
      this.redis.key('partitions', 'lock'),
      randomUUID(),
      'PX',
      Math.max(1000, Math.floor(this.config.retentionIntervalMs * 0.7)),
      'NX',
    );
    if (lock !== 'OK') return null;
    const run = await this.run(now);
    const blocked = run.created.filter((c) => c.outcome === 'blocked');
    if (blocked.length) {
      this.logger.warn(
        { days: blocked.map((c) => c.day) },
        'partitions: default partition holds rows of these days',
      );
    }
    if (run.dropped.length) this.logger.info({ dropped: run.dropped }, 'partitions: dropped expired days');
    return run;
  }

  /** One maintenance run at `now` (no lock: tests and the leader call it). */
  async run(now: Date = new Date()): Promise<PartitionRun> {
    const today = utcDay(now);
    const created: PartitionRun['created'] = [];
    for (let i = 0; i <= PARTITION_DAYS_AHEAD; i++) {
      const day = new Date(today.getTime() + i * DAY_MS);
      created.push({ day, outcome: await this.partitions.createDay(day) });
    }
    const dropped: DropOutcome[] = [];
    if (this.config.retentionDays > 0) {
      const cutoff = new Date(now.getTime() - this.config.retentionDays * DAY_MS);
      for (const { day } of await this.partitions.days()) {
        if (this.periodic.stopped) break;
        if (day.getTime() + DAY_MS > cutoff.getTime()) continue;
        const outcome = await this.partitions.dropDay(day, cutoff);
        if (outcome) dropped.push(outcome);
      }
    }
    return { created, dropped };
  }
}
