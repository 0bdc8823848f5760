import type { Client } from 'pg';
import { waitFor } from '../../../apps/worker/test/support/webhook-receiver';

const COLUMNS = 'ABCDEFGHJKLMNOPQRST';
/**
 * The k-th distinct 19x19 position (one stone; komi tells the rounds apart), with the territory
 * analyses: some tens of milliseconds of engine work each, so a backlog builds up under load.
 */
export function position(k: number) {
  const point = k % 361;
  return {
    boardXSize: 19,
    boardYSize: 19,
    komi: 0.5 + Math.floor(k / 361),
    moves: [['B', `${COLUMNS[point % 19]}${1 + Math.floor(point / 19)}`]],
    analyses: ['territory', 'deadStones', 'score'],
  };
}

/** What the submitters saw. */
export interface Tally {
  accepted: string[];
  unavailable: number;
  /** 503 answers without Retry-After or without a JSON body. */
  badUnavailable: number;
  /** Any other answer (a 500 above all), as "status body". */
  other: string[];
}

/** A tally that also tells network failures apart: refused connections, and requests left unanswered. */
export interface LoadTally extends Tally {
  /** Connections refused: the request never reached an api. */
  refused: number;
  /** Requests sent whose answer never came (reset, closed): the api may or may not have accepted them. */
  unanswered: string[];
}

export const newTally = (): LoadTally => ({
  accepted: [],
  unavailable: 0,
  badUnavailable: 0,
  other: [],
  refused: 0,
  unanswered: [],
});

let next = 0;

function causeCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: string; errors?: { code?: string }[] } }).cause;
  return cause?.code ?? cause?.errors?.[0]?.code;
}

/**
 * Submits distinct positions to `baseUrl()` (asked again for every request), `width` at a time,
 * until `until()` says stop; tallies the answers. 503s and refused connections back off 50 ms.
 */
export async function submitUntil(o: {
  baseUrl: () => string;
  key: string;
  tally: LoadTally;
  until: () => boolean;
  width?: number;
  webhookUrl?: string;
}): Promise<void> {
  const { tally } = o;
  await Promise.all(
    Array.from({ length: o.width ?? 4 }, async () => {
      while (!o.until()) {
        const body = { ...position(next++), ...(o.webhookUrl ? { webhookUrl: o.webhookUrl } : {}) };
        let res: Response;
        let text: string;
        try {
          res = await fetch(`${o.baseUrl()}/v1/positions`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${o.key}`, 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          });
          text = await res.text();
        } catch (err) {
          if (causeCode(err) === 'ECONNREFUSED') tally.refused++;
          else tally.unanswered.push(`${causeCode(err) ?? ''} ${(err as Error).message}`);
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        if (res.status === 202) tally.accepted.push((JSON.parse(text) as { jobId: string }).jobId);
        else if (res.status === 503) {
          tally.unavailable++;
          let json: { statusCode?: number } | undefined;
          try {
            json = JSON.parse(text) as { statusCode?: number };
          } catch {
            json = undefined;
          }
          if (res.headers.get('retry-after') === null || json?.statusCode !== 503) tally.badUnavailable++;
          await new Promise((r) => setTimeout(r, 50));
        } else tally.other.push(`${res.status} ${text.slice(0, 200)}`);
      }
    }),
  );
}

/** Counts of rows of `table` (jobs or webhook_deliveries) by status, for the given job ids. */
export async function countByStatus(
  db: Client,
  table: 'jobs' | 'webhook_deliveries',
  ids: string[],
): Promise<Record<string, number>> {
  const column = table === 'jobs' ? 'id' : 'job_id';
  const rows = await db.query<{ status: string; n: string }>(
    `SELECT status::text, count(*) AS n FROM ${table} WHERE ${column} = ANY($1) GROUP BY status`,
    [ids],
  );
  return Object.fromEntries(rows.rows.map((r) => [r.status, Number(r.n)]));
}

/** Waits until none of the jobs is queued or running; their counts by status. */
export async function allEnded(db: Client, ids: string[]): Promise<Record<string, number>> {
  return waitFor(
    `all ${ids.length} jobs to end`,
    async () => {
      const byStatus = await countByStatus(db, 'jobs', ids);
      return (byStatus.queued ?? 0) + (byStatus.running ?? 0) === 0 ? byStatus : undefined;
    },
    100_000,
    250,
  );
}

/** Result rows per job: how many jobs have one, and how many more than one. */
export async function resultCounts(db: Client, ids: string[]): Promise<{ jobs: number; doubled: number }> {
  const r = await db.query<{ n: string }>(
    'SELECT count(*) AS n FROM job_results WHERE job_id = ANY($1) GROUP BY job_id',
    [ids],
  );
  return { jobs: r.rows.length, doubled: r.rows.filter((row) => Number(row.n) > 1).length };
}
