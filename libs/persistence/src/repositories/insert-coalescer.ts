/**
 * Gathers the single-job inserts that callers start in one turn of the event loop (the
 * submissions of concurrent requests) and runs them as one multi-row insert: one round trip and
 * one commit for all of them instead of one each. A batch holds a job id, and a tenant's
 * Idempotency-Key, once at most (the insert skips what exists before it, not what it inserts
 * itself), so each caller learns as before whether its job was inserted; a job that clashes with
 * one already in the batch waits for the next. When a batch fails on its data (SQLSTATE classes 22
 * and 23, e.g. a tenant deleted meanwhile) its jobs are tried one by one, so one bad job fails
 * only its own request; any other error (PostgreSQL unreachable) fails every job of the batch.
 */
export interface CoalescedInsert {
  id: string;
  tenantId?: string | null;
  idempotencyKey?: string | null;
}

interface Waiting<T, R> {
  item: T;
  resolve: (row: R | null) => void;
  reject: (err: unknown) => void;
}

/** Most jobs in one batch (a position has at most 2000 moves: a statement of a few MB at most). */
export const MAX_COALESCED_INSERTS = 64;

export class InsertCoalescer<T extends CoalescedInsert, R extends { id: string }> {
  private waiting: Waiting<T, R>[] = [];
  private scheduled = false;

  /** `insert` inserts the jobs that do not exist yet and returns the rows it inserted. */
  constructor(
    private readonly insert: (items: T[]) => Promise<R[]>,
    private readonly maxBatch = MAX_COALESCED_INSERTS,
  ) {}

  /** Inserts `item` with the others of this turn; resolves with its row, or null when not inserted. */
  add(item: T): Promise<R | null> {
    return new Promise<R | null>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  /** Starts a batch of what is waiting (clashing jobs and any past maxBatch wait for the next). */
  private flush(): void {
    const batch: Waiting<T, R>[] = [];
    const later: Waiting<T, R>[] = [];
    const taken = new Set<string>();
    for (const w of this.waiting) {
      const keys = [`id:${w.item.id}`];
      if (w.item.tenantId && w.item.idempotencyKey)
        keys.push(`key:${w.item.tenantId}:${w.item.idempotencyKey}`);
      if (batch.length >= this.maxBatch || keys.some((k) => taken.has(k))) {
        later.push(w);
        continue;
      }
      for (const k of keys) taken.add(k);
      batch.push(w);
    }
    this.waiting = later;
    if (later.length) this.schedule();
    if (batch.length) void this.run(batch);
  }

  private async run(batch: Waiting<T, R>[]): Promise<void> {
    try {
      const rows = new Map((await this.insert(batch.map((w) => w.item))).map((r) => [r.id, r]));
      for (const w of batch) w.resolve(rows.get(w.item.id) ?? null);
    } catch (err) {
      if (batch.length > 1 && isDataError(err)) {
        await Promise.all(batch.map((w) => this.run([w])));
        return;
      }
      for (const w of batch) w.reject(err);
    }
  }
}

/** An error PostgreSQL raised on the data of a statement (classes 22 and 23), not on its connection. */
function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23]/.test(code);
}
