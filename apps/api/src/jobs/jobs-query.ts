import type { JobKind, JobListCursor, JobListFilter, JobStatus } from '@moyo/persistence';
import { FieldError } from '../errors/api-errors';

const STATUSES: JobStatus[] = ['queued', 'running', 'completed', 'failed', 'cancelled'];
const KINDS: JobKind[] = ['position', 'eyegraph'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `GET /v1/jobs` query, validated. */
export interface JobsQuery {
  filter: JobListFilter;
  limit: number;
  cursor?: JobListCursor;
}

function single(query: Record<string, unknown>, name: string): string | undefined {
  const v = query[name];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string') throw new FieldError(name, 'must be given once');
  return v;
}

function date(query: Record<string, unknown>, name: string): Date | undefined {
  const v = single(query, name);
  if (v === undefined) return undefined;
  const d = new Date(v);
  if (Number.isNaN(d.getTime()))
    throw new FieldError(name, 'must be an ISO 8601 time like 2026-01-31T12:00:00Z');
  return d;
}

/** A page cursor as given to clients: base64url of `{"t": <ISO time>, "id": <job id>}`. */
export function encodeCursor(cursor: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify({ t: cursor.createdAt.toISOString(), id: cursor.id })).toString(
    'base64url',
  );
}

/** Reads a cursor made by `encodeCursor`; FieldError naming `field` for anything else. */
export function decodeCursor(text: string, field = 'cursor'): { createdAt: Date; id: string } {
  try {
    const v = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { t?: unknown; id?: unknown };
    const createdAt = new Date(String(v.t));
    if (typeof v.id === 'string' && v.id.length <= 200 && !Number.isNaN(createdAt.getTime())) {
      return { createdAt, id: v.id };
    }
  } catch {
    // reported below
  }
  throw new FieldError(field, 'is not a cursor from a previous page (use nextCursor as given)');
}

/** Reads `limit` (1..100, default 20). */
export function parseLimit(query: Record<string, unknown>, max = 100, fallback = 20): number {
  const text = single(query, 'limit');
  if (text === undefined) return fallback;
  if (!/^\d{1,4}$/.test(text) || Number(text) < 1 || Number(text) > max) {
    throw new FieldError('limit', `must be an integer from 1 to ${max}`);
  }
  return Number(text);
}

/** Validates the `GET /v1/jobs` query: status (comma-separated), kind, batchId, createdAfter/Before, limit, cursor. */
export function parseJobsQuery(query: Record<string, unknown>): JobsQuery {
  const filter: JobListFilter = {};
  const status = single(query, 'status');
  if (status !== undefined) {
    const list = status.split(',').map((s) => s.trim());
    for (const s of list) {
      if (!STATUSES.includes(s as JobStatus))
        throw new FieldError('status', `must be among ${STATUSES.join(', ')}; got ${JSON.stringify(s)}`);
    }
    filter.status = list as JobStatus[];
  }
  const kind = single(query, 'kind');
  if (kind !== undefined) {
    if (!KINDS.includes(kind as JobKind)) throw new FieldError('kind', `must be ${KINDS.join(' or ')}`);
    filter.kind = kind as JobKind;
  }
  const batchId = single(query, 'batchId');
  if (batchId !== undefined) {
    if (!UUID.test(batchId)) throw new FieldError('batchId', 'must be a batch id (a UUID)');
    filter.batchId = batchId;
  }
  filter.createdAfter = date(query, 'createdAfter');
  filter.createdBefore = date(query, 'createdBefore');
  const cursorText = single(query, 'cursor');
  return {
    filter,
    limit: parseLimit(query),
    cursor: cursorText === undefined ? undefined : decodeCursor(cursorText),
  };
}
