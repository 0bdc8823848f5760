import type { JobStatus } from '../generated/prisma/client';
import { Prisma } from '../generated/prisma/client';
import { expandInput } from './job-input';

/** The columns of a job the worker needs to run it and to describe it in webhooks. */
export interface JobHeader {
  id: string;
  tenantId: string | null;
  kind: string;
  status: JobStatus;
  batchId: string | null;
  webhookUrl: string | null;
  progress: number;
  attempts: number;
  input: Prisma.JsonValue;
  options: Prisma.JsonValue;
  createdAt: Date;
  startedAt: Date | null;
}

export interface JobHeaderRow {
  id: string;
  tenant_id: string | null;
  kind: string;
  status: JobStatus;
  batch_id: string | null;
  webhook_url: string | null;
  progress: number;
  attempts: number;
  input: Prisma.JsonValue;
  options: Prisma.JsonValue;
  created_at: Date;
  started_at: Date | null;
}

export const jobHeader = (r: JobHeaderRow): JobHeader => ({
  id: r.id,
  tenantId: r.tenant_id,
  kind: r.kind,
  status: r.status,
  batchId: r.batch_id,
  webhookUrl: r.webhook_url,
  progress: r.progress,
  attempts: r.attempts,
  input: expandInput(r.input),
  options: r.options,
  createdAt: r.created_at,
  startedAt: r.started_at,
});

/** The columns of JobHeaderRow, in SQL. */
export const HEADER_COLUMNS = Prisma.raw(
  `id, tenant_id::text AS tenant_id, kind::text AS kind, status, batch_id::text AS batch_id, webhook_url,
   progress, attempts, input, options, created_at, started_at`,
);

/** A webhook a job's deliveries go to: what the worker needs of it to make one. */
export interface Subscriber {
  id: string;
  url: string;
}

/**
 * SQL: the active webhooks of the tenant `tenantId` (a uuid expression) subscribed to `event`, as
 * a JSON array of {id, url} in creation order (WebhookDeliveryRepository.subscribers' rows), so a
 * job's statement reads them with it instead of one more round trip per job.
 */
export function subscribersOf(tenantId: Prisma.Sql, event: string): Prisma.Sql {
  return Prisma.sql`(SELECT COALESCE(jsonb_agg(jsonb_build_object('id', w.id::text, 'url', w.url) ORDER BY w.created_at), '[]'::jsonb)
      FROM webhooks w
     WHERE w.tenant_id = ${tenantId} AND w.active AND (cardinality(w.events) = 0 OR ${event} = ANY(w.events)))`;
}
