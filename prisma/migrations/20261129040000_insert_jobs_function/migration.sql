-- The api's job insert (JobRepository.insertIfAbsent) as one function, called as a prepared
-- statement: its plans are made once per connection and reused. Sent as two statements in one
-- simple query (the advisory locks, then the INSERT with its job as a literal), every insert was
-- parsed and planned again, and the plan of an INSERT whose existence checks probe every
-- partition of jobs grows with the partitions: measured per single-job insert (backend CPU, 1,000
-- inserts, synchronous_commit off), 1 partition 0.46-0.60 -> 0.10-0.13 ms, 31 partitions (30 days
-- kept) 1.31-1.60 -> 0.23-0.29 ms.
--
-- The existence checks are scalar subqueries, probed by index for each job: the plan is made
-- once per connection, and as NOT EXISTS the planner made it a hash anti join reading all of jobs
-- when the plan was made on a small table (measured under bench:pipeline: 1.4 ms per insert and
-- growing with the table, against 0.26 ms planned each time).
--
-- The locks come first and the INSERT is a statement of its own: in a VOLATILE function each
-- statement takes a new snapshot (READ COMMITTED), so the existence checks see every row committed
-- before the locks were granted, as with the two statements before. `buckets` must be sorted
-- (every caller takes its buckets in the same order: no deadlock between callers).
--
-- The body is an escape string with every semicolon written as the octal escape 073: prisma
-- migrate deploy splits a migration at each semicolon, even inside dollar quotes or strings.
CREATE FUNCTION moyo_insert_jobs(rows jsonb, lock_namespace int, buckets int[]) RETURNS SETOF jobs
LANGUAGE plpgsql VOLATILE AS E'
BEGIN
  PERFORM pg_advisory_xact_lock(lock_namespace, b) FROM unnest(buckets) AS b\073
  RETURN QUERY
  WITH inserted AS (
    INSERT INTO jobs (id, tenant_id, kind, input, options, input_hash, batch_id, webhook_url, idempotency_key)
    SELECT DISTINCT ON (j.id) j.id, j."tenantId"::uuid, j.kind::"JobKind", j.input, j.options, j."inputHash",
           j."batchId"::uuid, j."webhookUrl", j."idempotencyKey"
      FROM jsonb_to_recordset(rows) AS j(id text, "tenantId" text, kind text, input jsonb, options jsonb,
           "inputHash" text, "batchId" text, "webhookUrl" text, "idempotencyKey" text)
     WHERE (SELECT true FROM jobs x WHERE x.id = j.id LIMIT 1) IS NULL
       AND (j."idempotencyKey" IS NULL OR j."tenantId" IS NULL OR (
             SELECT true FROM jobs x WHERE x.tenant_id = j."tenantId"::uuid AND x.idempotency_key = j."idempotencyKey"
              LIMIT 1) IS NULL)
     ORDER BY j.id
    RETURNING *)
  SELECT * FROM inserted\073
END
';
