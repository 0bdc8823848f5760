import { Injectable } from '@nestjs/common';
import type { Batch, Job } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

export interface NewBatch {
  id: string;
  tenantId: string;
  jobIds: string[];
  idempotencyKey?: string | null;
  requestHash?: string | null;
}

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
    const rows = await this.prisma.client.batch.createManyAndReturn({
      data: [{ ...batch, size: batch.jobIds.length }],
      skipDuplicates: true,
    });
    if (rows.length === 1) return { batch: rows[0], created: true };
    const existing =
      batch.idempotencyKey != null
        ? await this.findByIdempotencyKey(batch.tenantId, batch.idempotencyKey)
        : await this.prisma.client.batch.findUnique({ where: { id: batch.id } });
    if (!existing) throw new Error(`batch ${batch.id}: insert skipped but no conflicting row found`);
    return { batch: existing, created: false };
  }

  findByIdempotencyKey(tenantId: string, idempotencyKey: string): Promise<Batch | null> {
    return this.prisma.client.batch.findUnique({
      where: { tenantId_idempotencyKey: { tenantId, idempotencyKey } },
    });
  }

  /** The tenant's batch with its jobs in order, or null (another tenant's batch included). */
  async findForTenant(id: string, tenantId: string): Promise<BatchWithJobs | null> {
    const batch = await this.prisma.client.batch.findFirst({ where: { id, tenantId } });
    if (!batch) return null;
    const jobs = await this.prisma.client.job.findMany({ where: { id: { in: batch.jobIds }, tenantId } });
    const byId = new Map(jobs.map((j) => [j.id, j]));
    const jobRows = batch.jobIds.map((jid) => byId.get(jid)).filter((j): j is Job => j !== undefined);
    return { ...batch, jobRows };
  }
}
