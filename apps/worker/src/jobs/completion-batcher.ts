import { ResultRepository, type JobCompletion } from '@moyo/persistence';
import { Injectable } from '@nestjs/common';

interface Waiting {
  completion: JobCompletion;
  /** A quick job's completion without reading it first (ResultRepository.completeQuickMany). */
  quick: boolean;
  resolve: (v: { completedNow: boolean }) => void;
  reject: (err: unknown) => void;
}

/** Most completions written by one statement. */
export const MAX_COMPLETION_BATCH = 64;

/** Most batch statements in flight at once (each holds one pooled connection). */
export const MAX_BATCHES_IN_FLIGHT = 4;

/**
 * Writes job completions in batches: one statement (one transaction, one WAL flush) for the
 * jobs that finished together. Nothing waits for a timer: a completion goes out on the next turn
 * of the event loop with whatever else finished in that turn, unless MAX_BATCHES_IN_FLIGHT
 * statements are being written; then it waits for one of them, with every other completion that
 * arrives meanwhile. So batches only form under load. A failed batch fails each of its completions (the caller's retry sends it again, possibly
 * with others). Quick completions (`completeQuick`) go in batches of their own.
 */
@Injectable()
export class CompletionBatcher {
  private pending: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly results: ResultRepository) {}

  /** Stores a completion (see ResultRepository.complete); resolves once its batch is committed. */
  complete(completion: JobCompletion): Promise<{ completedNow: boolean }> {
    return this.add(completion, false);
  }

  /**
   * Completes a quick job that was not read first (ResultRepository.completeQuickMany): resolves
   * with completedNow false, writing nothing, when the job is in no state to complete or has
   * webhooks to call; the caller then reads it and completes it with `complete`.
   */
  completeQuick(completion: JobCompletion): Promise<{ completedNow: boolean }> {
    return this.add(completion, true);
  }

  private add(completion: JobCompletion, quick: boolean): Promise<{ completedNow: boolean }> {
    return new Promise((resolve, reject) => {
      this.pending.push({ completion, quick, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.inFlight >= MAX_BATCHES_IN_FLIGHT || this.scheduled || this.pending.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.inFlight >= MAX_BATCHES_IN_FLIGHT || this.pending.length === 0) return;
    // One completion per job in a batch: a second one for the same job waits for the next. A
    // batch is of the first waiting completion's kind (quick or not).
    const quick = this.pending[0].quick;
    const batch: Waiting[] = [];
    const ids = new Set<string>();
    const rest: Waiting[] = [];
    for (const w of this.pending) {
      if (w.quick === quick && batch.length < MAX_COMPLETION_BATCH && !ids.has(w.completion.jobId)) {
        ids.add(w.completion.jobId);
        batch.push(w);
      } else rest.push(w);
    }
    this.pending = rest;
    this.inFlight++;
    // What is left (the other kind, or past the batch's size) goes on the next turn.
    this.schedule();
    try {
      const completions = batch.map((w) => w.completion);
      const outcomes = quick
        ? await this.results.completeQuickMany(completions)
        : batch.length === 1
          ? [await this.results.complete(completions[0])]
          : await this.results.completeMany(completions);
      batch.forEach((w, i) => w.resolve(outcomes[i]));
    } catch (err) {
      for (const w of batch) w.reject(err);
    } finally {
      this.inFlight--;
      this.schedule();
    }
  }
}
