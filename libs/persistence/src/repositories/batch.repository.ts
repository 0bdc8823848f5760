import { Injectable } from '@nestjs/common';
import type { Batch, Job } from '../generated/prisma/client';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { jobsForTenant } from './job-rows';

export interface NewBatch {
  id: string;
  tenantId: string;
  jobIds: string[];
  idempotencyKey?: string | null;
  requestHash?: string | null;
}

/** A batches row as `pg` returns it (BATCH_COLUMNS). */
interface BatchRow {
  id: string;
  tenant_id: string;
  size: number;
  job_ids: string[];
  idempotency_key: string | null;
  request_hash: string | null;
  created_at: Date;
}

const BATCH_COLUMNS = Prisma.raw(
  'id::text AS id, tenant_id::text AS tenant_id, size, job_ids, idempotency_key, request_hash, created_at',
);

const batchOfRow = (r: BatchRow): Batch => ({
  id: r.id,
  tenantId: r.tenant_id,
  size: r.size,
  jobIds: r.job_ids,
  idempotencyKey: r.idempotency_key,
  requestHash: r.request_hash,
  createdAt: r.created_at,
});

/** A batch with its jobs in the batch's order (jobs rows only, no results). */
export type BatchWithJobs = Batch & { jobRows: Job[] };

/** Batches: several jobs from one request (`analyzeTurns`). Reads take the tenant. */
@Injectable()
export class BatchRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Inserts the batch unless the tenant already has one with the same idempotency key; returns the
   * stored batch and whether this call created it.
   */
  async createIfAbsent(batch: NewBatch): Promise<{ batch: Batch; created: boolean }> {
    // Prepared statements on the pool, not Prisma (its query compiler cost each analyzeTurns
    // request about 1 ms of the api's CPU per query).
    const [row] = await this.prisma.query<BatchRow>(
      Prisma.sql`INSERT INTO batches (id, tenant_id, size, job_ids, idempotency_key, request_hash)
                 VALUES (${batch.id}::uuid, ${batch.tenantId}::uuid, ${batch.jobIds.length}::int,
                         ${batch.jobIds}::text[], ${batch.idempotencyKey ?? null}, ${batch.requestHash ?? null})
                 ON CONFLICT DO NOTHING
                 RETURNING ${BATCH_COLUMNS}`,
      'batches.insert',
    );
    if (row) return { batch: batchOfRow(row), created: true };
    const existing =
      batch.idempotencyKey != null
        ? await this.findByIdempotencyKey(batch.tenantId, batch.idempotencyKey)
        : await this.prisma.client.batch.findUnique({ where: { id: batch.id } });
    if (!existing) throw new Error(`batch ${batch.id}: insert skipped but no conflicting row found`);
    return { batch: existing, created: false };
  }

  async findByIdempotencyKey(tenantId: string, idempotencyKey: string): Promise<Batch | null> {
    const [row] = await this.prisma.query<BatchRow>(
      Prisma.sql`SELECT ${BATCH_COLUMNS} FROM batches
                  WHERE tenant_id = ${tenantId}::uuid AND idempotency_key = ${idempotencyKey}`,
      'batches.findByIdempotencyKey',
    );
    return row ? batchOfRow(row) : null;
  }

  /** The tenant's batch with its jobs in order, or null (another tenant's batch included). */
  async findForTenant(id: string, tenantId: string): Promise<BatchWithJobs | null> {
    // Prepared statements on the pool, not Prisma: GET /v1/batches/:id is what a batch's client polls.
    const [row] = await this.prisma.query<BatchRow>(
      Prisma.sql`SELECT ${BATCH_COLUMNS} FROM batches WHERE id = ${id}::uuid AND tenant_id = ${tenantId}::uuid`,
      'batches.findForTenant',
    );
    if (!row) return null;
    const batch = batchOfRow(row);
    const jobs = await jobsForTenant(this.prisma, batch.jobIds, tenantId);
    const byId = new Map(jobs.map((j) => [j.id, j]));
    const jobRows = batch.jobIds.map((jid) => byId.get(jid)).filter((j): j is Job => j !== undefined);
    return { ...batch, jobRows };
  }
}
