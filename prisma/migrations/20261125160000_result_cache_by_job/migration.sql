-- A result is stored once: a result-cache entry names the job whose job_results row holds the
-- result (job_id) instead of holding a second copy of it, and goes with that row (retention).
-- Entries written before keep their copy in "result" (job_id NULL), and readers take either.
-- AlterTable
ALTER TABLE "result_cache" ADD COLUMN     "job_id" VARCHAR(200),
ALTER COLUMN "result" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "result_cache_job_id_idx" ON "result_cache"("job_id");

-- AddForeignKey
ALTER TABLE "result_cache" ADD CONSTRAINT "result_cache_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "job_results"("job_id") ON DELETE CASCADE ON UPDATE CASCADE;
