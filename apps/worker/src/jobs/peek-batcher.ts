import { ResultRepository, type StartedJob } from '@moyo/persistence';
import { WebhookEvent } from '@moyo/contracts';
import { Injectable } from '@nestjs/common';

interface Waiting {
  jobId: string;
  resolve: (job: StartedJob | null) => void;
  reject: (err: unknown) => void;
}

/** Most jobs read by one statement. */
export const MAX_PEEK_BATCH = 64;

/** Most read statements in flight at once (each holds one pooled connection). */
export const MAX_PEEKS_IN_FLIGHT = 2;

/**
 * Reads the jobs of quick runs (inline `board` jobs: no running state, see JobRunnerService) that
 * could not be completed unread (webhooks to call, or a job in no state to run) together in one
 * statement (ResultRepository.peekMany), as CompletionBatcher writes their ends: a read goes out
 * on the next turn of the event loop with whatever else started in that turn, unless
 * MAX_PEEKS_IN_FLIGHT reads are under way; then it waits for one of them with every other read
 * that arrives meanwhile. No timer: batches only form under load. A failed read fails
 * each job of its batch (the runner then postpones or retries it as any database error).
 */
@Injectable()
export class PeekBatcher {
  private pending: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly results: ResultRepository) {}

  /** The job as it stands (null: no such row), with its job.completed subscribers. */
  peek(jobId: string): Promise<StartedJob | null> {
    return new Promise((resolve, reject) => {
      this.pending.push({ jobId, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.inFlight >= MAX_PEEKS_IN_FLIGHT || this.scheduled || this.pending.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.inFlight >= MAX_PEEKS_IN_FLIGHT || this.pending.length === 0) return;
    const batch = this.pending.slice(0, MAX_PEEK_BATCH);
    this.pending = this.pending.slice(batch.length);
    this.inFlight++;
    try {
      const found = await this.results.peekMany(
        [...new Set(batch.map((w) => w.jobId))],
        WebhookEvent.JobCompleted,
      );
      for (const w of batch) w.resolve(found.get(w.jobId) ?? null);
    } catch (err) {
      for (const w of batch) w.reject(err);
    } finally {
      this.inFlight--;
      this.schedule();
    }
  }
}
