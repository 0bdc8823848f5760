-- Jobs and their results are partitioned by day of creation (PostgreSQL declarative partitioning,
-- RANGE on jobs.created_at and job_results.job_created_at, the job's creation time, so a job and
-- its result share a day). Retention then drops a whole day (DROP TABLE of two partitions)
-- instead of deleting rows. The worker's partition maintainer (PartitionService) creates the
-- days ahead and drops the expired ones. The tables as they were become the DEFAULT partitions
-- without a copy: rows created before the maintainer's first days, and rows it keeps past their
-- day (unfinished jobs, followed games), live there and the row sweep removes them.
-- PostgreSQL requires the partition key in every primary key and unique constraint:
--   jobs: primary key (id, created_at). The id stays unique across partitions, and so does a
--   tenant's idempotency key, through JobRepository (an advisory lock per key bucket, then the
--   insert only where no row has the id or the key).
--   job_results: primary key (job_id, job_created_at), foreign key to jobs (id, created_at).
-- Dropped foreign keys, their integrity kept by the repositories: result_cache.job_id and
-- game_move_analyses.job_id (PartitionRepository and RetentionRepository remove the cache entries
-- and clear the move references of the jobs they remove, as the cascades did, and readers join).

-- DropForeignKey
ALTER TABLE "job_results" DROP CONSTRAINT "job_results_job_id_fkey";
ALTER TABLE "result_cache" DROP CONSTRAINT "result_cache_job_id_fkey";
ALTER TABLE "game_move_analyses" DROP CONSTRAINT "game_move_analyses_job_id_fkey";
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_batch_id_fkey";
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_tenant_id_fkey";

-- jobs becomes jobs_default, the DEFAULT partition of a partitioned jobs
ALTER TABLE "jobs" RENAME TO "jobs_default";
ALTER TABLE "jobs_default" DROP CONSTRAINT "jobs_pkey";
DROP INDEX "jobs_batch_id_idx";
DROP INDEX "jobs_input_hash_idx";
DROP INDEX "jobs_status_created_at_idx";
DROP INDEX "jobs_tenant_id_created_at_idx";
DROP INDEX "jobs_tenant_id_idempotency_key_key";
DROP INDEX "jobs_tenant_id_status_created_at_idx";

CREATE TABLE "jobs" (LIKE "jobs_default" INCLUDING DEFAULTS) PARTITION BY RANGE ("created_at");
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_pkey" PRIMARY KEY ("id", "created_at");
CREATE INDEX "jobs_batch_id_idx" ON "jobs"("batch_id");
CREATE INDEX "jobs_input_hash_idx" ON "jobs"("input_hash");
CREATE INDEX "jobs_status_created_at_idx" ON "jobs"("status", "created_at");
CREATE INDEX "jobs_tenant_id_created_at_idx" ON "jobs"("tenant_id", "created_at");
CREATE INDEX "jobs_tenant_id_idempotency_key_idx" ON "jobs"("tenant_id", "idempotency_key");
CREATE INDEX "jobs_tenant_id_status_created_at_idx" ON "jobs"("tenant_id", "status", "created_at");
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "batches"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "jobs" ATTACH PARTITION "jobs_default" DEFAULT;

-- job_results gets the job's creation time and becomes job_results_default
ALTER TABLE "job_results" ADD COLUMN "job_created_at" TIMESTAMPTZ(3);
UPDATE "job_results" r SET "job_created_at" = j."created_at" FROM "jobs" j WHERE j."id" = r."job_id";
DELETE FROM "job_results" WHERE "job_created_at" IS NULL;
ALTER TABLE "job_results" ALTER COLUMN "job_created_at" SET NOT NULL;
ALTER TABLE "job_results" RENAME TO "job_results_default";
ALTER TABLE "job_results_default" DROP CONSTRAINT "job_results_pkey";

CREATE TABLE "job_results" (LIKE "job_results_default" INCLUDING DEFAULTS) PARTITION BY RANGE ("job_created_at");
ALTER TABLE "job_results" ADD CONSTRAINT "job_results_pkey" PRIMARY KEY ("job_id", "job_created_at");
ALTER TABLE "job_results" ADD CONSTRAINT "job_results_job_id_job_created_at_fkey" FOREIGN KEY ("job_id", "job_created_at") REFERENCES "jobs"("id", "created_at") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "job_results" ATTACH PARTITION "job_results_default" DEFAULT;
