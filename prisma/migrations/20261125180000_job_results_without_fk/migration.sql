-- job_results keeps no foreign key to jobs. With it, detaching a day partition of jobs made
-- PostgreSQL check every job_results partition for rows still naming the day's jobs, under the
-- ACCESS EXCLUSIVE lock DETACH takes on jobs: 0.49 s for a 200,000-job day beside 400,000 other
-- results (measured), growing with the table, while every job query waits. A job and its result
-- share a day (job_results.job_created_at is the job's created_at), so the partition maintainer
-- drops both partitions together, the row sweep deletes a job's result with it
-- (RetentionRepository), and results are only inserted for a job that exists (ResultRepository).
-- DropForeignKey
ALTER TABLE "job_results" DROP CONSTRAINT "job_results_job_id_job_created_at_fkey";
