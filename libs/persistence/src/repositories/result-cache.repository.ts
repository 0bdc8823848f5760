import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { expandResult } from './board-result';

/**
 * Analysis results by what determines them (see the worker's cache keys: engine version,
 * position hash, analyses, options), shared by every tenant so one position is computed once. An
 * entry names the job whose job_results row holds the result (older entries hold a copy).
 * Writes happen inside ResultRepository's completion transaction.
 */
@Injectable()
export class ResultCacheRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The cached result under `key`, or null. */
  async find(key: string): Promise<Prisma.JsonValue | null> {
    // Raw SQL: this runs for every job.
    const rows = await this.prisma.client.$queryRaw<{ result: Prisma.JsonValue }[]>`
      SELECT COALESCE(c.result, r.result) AS result
        FROM result_cache c LEFT JOIN job_results r ON r.job_id = c.job_id WHERE c.key = ${key}`;
    const result = rows[0]?.result ?? null;
    return result === null ? null : expandResult(result);
  }

  /** Hit count and last hit of `key` (null when absent). */
  stats(key: string): Promise<{ hits: number; lastHitAt: Date | null } | null> {
    return this.prisma.client.resultCache.findUnique({
      where: { key },
      select: { hits: true, lastHitAt: true },
    });
  }
}
