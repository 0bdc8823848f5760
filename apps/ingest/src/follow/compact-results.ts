import { compactReport, type StreamCompactionRepository } from '@moyo/persistence';

/** Move results compacted per statement (one read and one write of this many rows). */
const RESULT_BATCH = 64;

/**
 * Bounded storage: replaces the stored result of each ended move of the finished stream by its
 * compact form (`compactReport`: what the viewer and the SGF export read, marked `compacted`),
 * RESULT_BATCH rows per statement. Idempotent and safe from several replicas: the rows taken are
 * those not compacted yet, and the write skips a row compacted meanwhile. Returns the number of
 * results compacted.
 */
export async function compactFinishedResults(
  compaction: StreamCompactionRepository,
  streamId: string,
): Promise<number> {
  let compacted = 0;
  for (;;) {
    const due = await compaction.resultsToCompact(streamId, RESULT_BATCH);
    if (due.length === 0) return compacted;
    const replaced = await compaction.storeCompactResults(
      due.map((d) => ({ jobId: d.jobId, jobCreatedAt: d.jobCreatedAt, result: compactReport(d.result) as never })),
    );
    compacted += replaced;
    // A short batch is the last; nothing replaced means another replica is on the same rows.
    if (due.length < RESULT_BATCH || replaced === 0) return compacted;
  }
}
