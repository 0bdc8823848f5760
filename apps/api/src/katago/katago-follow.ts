import type { Observable } from 'rxjs';
import type { KataGoLine, KataGoQueryService, PendingTurn } from './katago-query.service';

/** How often waiting turns are read again, should a job-ended event be missed. */
export const FOLLOW_POLL_MS = 1000;
/** Jobs read per poll (the longest-waiting first): the events do the work, the poll only backs them up. */
export const FOLLOW_POLL_JOBS = 20;

/**
 * Sends each turn's answer as soon as its job ends: on the queue's job-ended events, with a slow
 * poll behind them. `add` takes more turns; `stop` drops turns (terminate) and returns them; the
 * follower ends itself with `close`. One per WebSocket connection or waiting HTTP request.
 */
export class TurnFollower {
  private readonly pending = new Map<string, PendingTurn[]>();
  private readonly timer: NodeJS.Timeout;
  private readonly subscription: { unsubscribe(): void };
  private closed = false;

  constructor(
    private readonly tenantId: string,
    private readonly queries: KataGoQueryService,
    ended: Observable<string>,
    private readonly send: (line: KataGoLine) => void,
  ) {
    this.subscription = ended.subscribe((jobId) => void this.check([jobId]));
    this.timer = setInterval(() => {
      const due = [...this.pending.keys()].slice(0, FOLLOW_POLL_JOBS);
      for (const jobId of due) {
        // Read again later: the turn goes to the back of the line.
        const turns = this.pending.get(jobId) as PendingTurn[];
        this.pending.delete(jobId);
        this.pending.set(jobId, turns);
      }
      void this.check(due);
    }, FOLLOW_POLL_MS);
  }

  /** Turns still waiting. */
  get size(): number {
    let n = 0;
    for (const turns of this.pending.values()) n += turns.length;
    return n;
  }

  /** Follows these turns (a job finished already is answered at once: one read for them all). */
  add(turns: readonly PendingTurn[]): void {
    for (const t of turns) this.pending.set(t.jobId, [...(this.pending.get(t.jobId) ?? []), t]);
    void this.check([...new Set(turns.map((t) => t.jobId))]);
  }

  /** Stops following the turns of `queryId` (all queries when undefined), optionally only `turns`. */
  stop(queryId: string | undefined, turns?: readonly number[]): PendingTurn[] {
    const stopped: PendingTurn[] = [];
    for (const [jobId, list] of this.pending) {
      const keep = list.filter((t) => {
        const hit =
          (queryId === undefined || t.queryId === queryId) && (!turns || turns.includes(t.turnNumber));
        if (hit) stopped.push(t);
        return !hit;
      });
      if (keep.length > 0) this.pending.set(jobId, keep);
      else this.pending.delete(jobId);
    }
    return stopped;
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.subscription.unsubscribe();
    this.pending.clear();
  }

  /** Reads the jobs' outcomes at once (`linesOf`) and answers the turns of those that ended. */
  private async check(jobIds: readonly string[]): Promise<void> {
    const first = jobIds.flatMap((id) => this.pending.get(id)?.slice(0, 1) ?? []);
    if (first.length === 0 || this.closed) return;
    let lines: (KataGoLine | null)[];
    try {
      lines = await this.queries.linesOf(this.tenantId, first);
    } catch {
      return; // database away: the next poll tries again
    }
    first.forEach((turn, i) => {
      const line = lines[i];
      const still = this.pending.get(turn.jobId);
      if (line === null || !still || this.closed) return;
      this.pending.delete(turn.jobId);
      for (const t of still) this.send({ ...line, id: t.queryId, turnNumber: t.turnNumber });
    });
  }
}
