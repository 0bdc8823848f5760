import { readEvents } from '../sse';
import { emptyTimeline, withInput } from '../timeline';
import { TERMINAL, type JobView, type PositionInput } from '../types';
import { isAbort, sleep, type Source, type SourceCallbacks } from './source';
import { isCompacted } from '../compacted';
import { wholeInputOf, type JobApi } from './whole-game';

/**
 * One position job: the game's moves from its input, the analysis at its turn only (every other
 * move shows "not analysed"). Follows the job over SSE (`GET /v1/jobs/:id/events`) until it ends,
 * polling if the stream fails. A followed game's older move stores its input compacted (the board
 * some moves in, then the last few moves): the whole game up to it comes from the game's final or
 * newest job (`wholeInputOf`).
 */
export function openJob(api: JobApi, id: string, cb: SourceCallbacks): Source {
  const abort = new AbortController();
  const signal = abort.signal;
  let t = emptyTimeline('job', id);
  const path = `/v1/jobs/${encodeURIComponent(id)}`;

  /** The whole game of a compacted input, once read (null: not found; only the stored moves). */
  let whole: PositionInput | null | undefined;

  async function apply(job: JobView): Promise<void> {
    if (job.kind !== 'position' || !job.input) throw new Error(`job ${id} is not a position job`);
    const input = job.input;
    let partial = '';
    if (isCompacted(input)) {
      if (whole === undefined) whole = await wholeInputOf(api, { ...job, input }, signal).catch(() => null);
      if (!whole) partial = ` (only its last ${input.moves.length} moves are stored: game not found)`;
    }
    const shown = isCompacted(input) ? (whole ?? input) : input;
    t = withInput(t, shown);
    const turn = shown.analyzeTurn ?? shown.moves.length;
    t.steps = new Map([
      [turn, { jobId: job.id, status: job.status, result: job.result, error: job.error?.message }],
    ]);
    t.live = !TERMINAL.has(job.status);
    t.note =
      `job ${job.status}${job.status === 'running' ? ` (${job.progress}%)` : ''}: analyses move ` +
      `${turn + (whole ? 0 : (input.omittedMoves ?? 0))}${partial}`;
    if (!t.live) t.transport = 'none';
    cb.update(t);
  }

  (async () => {
    await apply(await api.json<JobView>(path, { signal }));
    while (t.live && !signal.aborted) {
      try {
        t = { ...t, transport: 'sse' };
        let ended = false;
        await readEvents(`${path}/events`, api.headers(), signal, (e) => {
          const status = (JSON.parse(e.data) as { status?: string }).status ?? '';
          if (TERMINAL.has(status)) ended = true;
        });
        if (!ended) throw new Error('event stream ended early');
      } catch (err) {
        if (isAbort(err)) return;
        t = { ...t, transport: 'polling' };
        await sleep(1000, signal);
      }
      await apply(await api.json<JobView>(path, { signal }));
    }
  })().catch((err: unknown) => {
    if (!isAbort(err)) cb.error((err as Error).message);
  });
  return { close: () => abort.abort() };
}
