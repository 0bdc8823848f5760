-- jobs_input_hash_idx served no query (nothing reads jobs by input_hash), yet every job wrote an
-- entry in it twice: when inserted, and when completed (an update of status, an indexed column,
-- writes a new entry in every index of the row). Its partitions' indexes go with it.
-- Measured on 2,000 jobs inserted, read and completed as the api and worker do (a private
-- PostgreSQL 15, alternating): WAL records per job 23.4 -> 21.3, WAL bytes 7,040-7,190 ->
-- 6,720-6,750, statement CPU the same within the machine's noise.

-- DropIndex
DROP INDEX "jobs_input_hash_idx";
