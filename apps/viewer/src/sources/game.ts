import type { Api } from '../api';
import { readEvents } from '../sse';
import { emptyTimeline, withInput } from '../timeline';
import { TERMINAL, type GameAnalysesView, type JobView, type MoveAnalysisRow } from '../types';
import { isAbort, sleep, type Source, type SourceCallbacks } from './source';
import { isCompacted } from '../compacted';

/** How many recently settled moves a re-read covers (an undo replaces them). */
const UNDO_WINDOW = 8;
/** Re-read interval while the event stream is up (it catches queued moves), and without it. */
const SLOW_POLL_MS = 5000;
const POLL_MS = 1500;

/**
 * A followed OGS game (`:gameId` is the OGS id or the stream id): every move's analysis from
 * `GET /v1/games/:id/analyses`, then each new one from `GET /v1/games/:id/events` (SSE: analysis,
 * rewind, finished) as soon as its job ends; polling with ETags when the stream is down. The moves
 * themselves come from the input of the newest move's job.
 */
export function openGame(api: Api, id: string, cb: SourceCallbacks): Source {
  const abort = new AbortController();
  const signal = abort.signal;
  let t = emptyTimeline('game', id);
  let etag: string | null = null;
  let since = 0;
  let movesFrom: string | null = null;
  /** The finished game's final position's job: its input holds the whole game. */
  let finalJobId: string | null = null;
  let finished = false;

  const enc = encodeURIComponent(id);
  const emit = () => {
    if (!signal.aborted) cb.update(t);
  };

  /**
   * The moves from the newest known job's input, when that job is not the one read last: the final
   * position's job once the game has one (a finished game's move jobs are all compacted), else the
   * newest move's. A compacted input (`omittedMoves`) holds only the last moves: never taken.
   */
  async function loadMoves(): Promise<void> {
    let newest: { n: number; jobId: string } | null = null;
    for (const [n, s] of t.steps) if (s.jobId && (!newest || n > newest.n)) newest = { n, jobId: s.jobId };
    if (finalJobId) newest = { n: Infinity, jobId: finalJobId };
    if (!newest || newest.jobId === movesFrom || newest.n <= t.moves.length) return;
    const job = await api.json<JobView>(`/v1/jobs/${encodeURIComponent(newest.jobId)}`, { signal });
    if (job.input && !isCompacted(job.input)) {
      t = withInput(t, job.input);
      movesFrom = newest.jobId;
    }
  }

  function applyRow(row: MoveAnalysisRow): void {
    t.steps.set(row.moveNumber, { jobId: row.jobId, status: row.status, result: row.result });
  }

  function settledThrough(): number {
    let n = 0;
    while (t.steps.has(n + 1) && TERMINAL.has(t.steps.get(n + 1)?.status ?? '')) n++;
    return n;
  }

  async function reread(): Promise<void> {
    const got = await api.jsonIfChanged<GameAnalysesView>(
      `/v1/games/${enc}/analyses?sinceMove=${since}`,
      etag,
      signal,
    );
    if (!got) return;
    const body = got.body;
    t = { ...t, steps: new Map(t.steps) };
    for (const n of [...t.steps.keys()]) if (n > since) t.steps.delete(n);
    body.analyses.forEach(applyRow);
    finalJobId = body.final?.jobId ?? null;
    // A finished game's final analysis (territory, dead stones, score) stands for its last move.
    if (body.final?.jobId && TERMINAL.has(body.final.status ?? '')) {
      t.steps.set(body.lastMove, {
        jobId: body.final.jobId,
        status: body.final.status,
        result: body.final.result,
      });
    }
    finished = body.status !== 'following' && body.status !== 'paused';
    t.live = !finished || (body.final !== null && !TERMINAL.has(body.final.status ?? ''));
    t.note = `OGS game ${body.ogsGameId}: ${body.status}, ${body.lastMove} moves`;
    await loadMoves();
    const next = Math.max(0, settledThrough() - UNDO_WINDOW);
    etag = next === since ? got.etag : null;
    since = next;
    emit();
  }

  async function listen(): Promise<boolean> {
    let done = false;
    await readEvents(`/v1/games/${enc}/events?sinceMove=${settledThrough()}`, api.headers(), signal, (e) => {
      if (e.event === 'analysis') {
        const row = JSON.parse(e.data) as MoveAnalysisRow;
        t = { ...t, steps: new Map(t.steps), transport: 'sse' };
        applyRow(row);
        void loadMoves()
          .then(emit)
          .catch((err: unknown) => !isAbort(err) && cb.error(String((err as Error).message)));
        emit();
      } else if (e.event === 'rewind') {
        const { fromMove } = JSON.parse(e.data) as { fromMove: number };
        t = { ...t, steps: new Map(t.steps), moves: t.moves.slice(0, fromMove - 1) };
        for (const n of [...t.steps.keys()]) if (n >= fromMove) t.steps.delete(n);
        movesFrom = null;
        since = Math.min(since, Math.max(0, fromMove - 1));
        etag = null;
        emit();
      } else if (e.event === 'finished') {
        done = true;
      }
    });
    return done;
  }

  async function run(): Promise<void> {
    await reread();
    // The stream: one request for as long as the game goes on; polling while it is down.
    void (async () => {
      while (!signal.aborted && t.live) {
        try {
          t = { ...t, transport: 'sse' };
          emit();
          if (await listen()) {
            await reread();
            break;
          }
        } catch (err) {
          if (isAbort(err)) return;
        }
        t = { ...t, transport: 'polling' };
        emit();
        await sleep(POLL_MS * 2, signal);
      }
    })();
    while (!signal.aborted && t.live) {
      await sleep(t.transport === 'sse' ? SLOW_POLL_MS : POLL_MS, signal);
      if (signal.aborted) return;
      try {
        await reread();
      } catch (err) {
        if (!isAbort(err)) cb.error((err as Error).message);
      }
    }
    t = { ...t, transport: 'none' };
    emit();
  }

  run().catch((err: unknown) => {
    if (!isAbort(err)) cb.error((err as Error).message);
  });
  return { close: () => abort.abort() };
}
