import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';

/** Cumulative counts of finished jobs by submit-to-finish time, per kind and final status. */
export interface LatencySeries {
  kind: string;
  status: string;
  /** count of jobs with latency <= bounds[i], in the order of the bounds asked for. */
  buckets: number[];
  count: number;
  sumSeconds: number;
}

/**
 * Aggregates for the api's /metrics, read from the tables at scrape time: every replica reports the
 * same totals, and a worker restart loses nothing. Each is one grouped query.
 */
@Injectable()
export class PipelineMetricsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Jobs by kind and status. */
  async jobCounts(): Promise<{ kind: string; status: string; count: number }[]> {
    const rows = await this.prisma.client.$queryRaw<{ kind: string; status: string; n: bigint }[]>`
      SELECT kind::text AS kind, status::text AS status, count(*) AS n FROM jobs GROUP BY 1, 2`;
    return rows.map((r) => ({ kind: r.kind, status: r.status, count: Number(r.n) }));
  }

  /** Submit-to-finish latency of completed and failed jobs, bucketed by `boundsSeconds` (ascending). */
  async jobLatency(boundsSeconds: number[]): Promise<LatencySeries[]> {
    const totals = await this.prisma.client.$queryRaw<
      { kind: string; status: string; n: bigint; total: number | null }[]
    >`
      SELECT kind::text AS kind, status::text AS status, count(*) AS n,
             sum(extract(epoch FROM finished_at - created_at))::float8 AS total
        FROM jobs
       WHERE finished_at IS NOT NULL AND status IN ('completed', 'failed')
       GROUP BY 1, 2`;
    if (totals.length === 0) return [];
    const buckets = await this.prisma.client.$queryRaw<
      { kind: string; status: string; le: number; n: bigint }[]
    >`
      SELECT j.kind::text AS kind, j.status::text AS status, b.le AS le,
             count(*) FILTER (WHERE extract(epoch FROM j.finished_at - j.created_at) <= b.le) AS n
        FROM jobs j CROSS JOIN unnest(${boundsSeconds}::float8[]) AS b(le)
       WHERE j.finished_at IS NOT NULL AND j.status IN ('completed', 'failed')
       GROUP BY 1, 2, 3
       ORDER BY 1, 2, 3`;
    return totals.map((t) => ({
      kind: t.kind,
      status: t.status,
      buckets: buckets.filter((b) => b.kind === t.kind && b.status === t.status).map((b) => Number(b.n)),
      count: Number(t.n),
      sumSeconds: t.total ?? 0,
    }));
  }

  /** Webhook deliveries by status (pending, delivered, failed). */
  async deliveryCounts(): Promise<{ status: string; count: number }[]> {
    const rows = await this.prisma.client.$queryRaw<{ status: string; n: bigint }[]>`
      SELECT status::text AS status, count(*) AS n FROM webhook_deliveries GROUP BY 1`;
    return rows.map((r) => ({ status: r.status, count: Number(r.n) }));
  }

  /** Delivery attempts by outcome: `success` (2xx), `http_error` (another status), `network_error` (none). */
  async attemptOutcomes(): Promise<{ outcome: string; count: number }[]> {
    const rows = await this.prisma.client.$queryRaw<{ outcome: string; n: bigint }[]>`
      SELECT CASE WHEN response_code BETWEEN 200 AND 299 THEN 'success'
                  WHEN response_code IS NOT NULL THEN 'http_error'
                  ELSE 'network_error' END AS outcome,
             count(*) AS n
        FROM webhook_delivery_attempts GROUP BY 1`;
    return rows.map((r) => ({ outcome: r.outcome, count: Number(r.n) }));
  }
}
