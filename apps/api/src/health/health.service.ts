import { QueueName } from '@moyo/contracts';
import { HealthRepository, RedisService } from '@moyo/persistence';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';

export type DependencyName = 'redis' | 'postgres';

export interface DependencyCheck {
  status: 'up' | 'down';
  latencyMs: number;
  error?: string;
}

export interface Readiness {
  status: 'ok' | 'unavailable';
  /** The dependencies that did not answer, by name. */
  down: DependencyName[];
  checks: Record<DependencyName, DependencyCheck>;
}

/** A probe slower than this counts as down: readiness must answer quickly. */
const PROBE_TIMEOUT_MS = 2000;

@Injectable()
export class HealthService {
  constructor(
    private readonly redis: RedisService,
    private readonly database: HealthRepository,
    @InjectQueue(QueueName.Positions) private readonly queue: Pick<Queue, 'client'>,
  ) {}

  /**
   * Pings Redis and PostgreSQL in parallel. Redis counts as up only when the job queue's own
   * connection is ready too (it reconnects on its own schedule): until then submissions fail.
   */
  async readiness(): Promise<Readiness> {
    const [redis, postgres] = await Promise.all([
      check(async () => {
        await this.redis.ping();
        const client = await this.queue.client;
        if (client.status !== 'ready') throw new Error(`the job queue's connection is ${client.status}`);
      }),
      check(() => this.database.ping()),
    ]);
    const checks = { redis, postgres };
    const down = (Object.keys(checks) as DependencyName[]).filter((name) => checks[name].status === 'down');
    return { status: down.length === 0 ? 'ok' : 'unavailable', down, checks };
  }
}

async function check(probe: () => Promise<void>): Promise<DependencyCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)),
          PROBE_TIMEOUT_MS,
        );
      }),
    ]);
    return { status: 'up', latencyMs: elapsed(started) };
  } catch (err) {
    return {
      status: 'down',
      latencyMs: elapsed(started),
      error: err instanceof Error ? err.message : String(err),
    };
  } finally {
    clearTimeout(timer);
  }
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}
