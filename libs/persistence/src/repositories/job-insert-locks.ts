// The advisory locks that keep job inserts unique by id and by a tenant's Idempotency-Key.

/**
 * Advisory-lock namespace of job inserts (pg_advisory_xact_lock(namespace, bucket)): jobs is
 * partitioned by day, so PostgreSQL checks (id, created_at) only, not `id` alone nor a tenant's
 * idempotency key. Inserts of the same id or key take the same bucket's lock, then insert only
 * where no row has it: the second sees the first's committed row.
 */
export const INSERT_LOCK_NAMESPACE = 20_251_125;
/** Lock buckets: a batch takes each of its buckets once, in order (no deadlock between batches). */
const INSERT_LOCK_BUCKETS = 128;

/** The lock bucket of a job id or a `<tenant>:<idempotency key>` (FNV-1a). */
function lockBucket(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return h % INSERT_LOCK_BUCKETS;
}

/** The keys' lock buckets, each once, in bucket order (the order every caller takes them in). */
export function lockBuckets(keys: string[]): number[] {
  return [...new Set(keys.map(lockBucket))].sort((a, b) => a - b);
}

/** The statement taking the buckets' advisory locks, in bucket order. */
export function lockStatement(keys: string[]): string {
  return `SELECT pg_advisory_xact_lock(${INSERT_LOCK_NAMESPACE}, b) FROM unnest(ARRAY[${lockBuckets(keys).join(',')}]::int[]) AS b`;
}
