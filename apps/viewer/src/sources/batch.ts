import type { Api } from '../api';
import { emptyTimeline, withInput } from '../timeline';
import { TERMINAL, type BatchView, type JobView } from '../types';
import { isAbort, sleep, type Source, type SourceCallbacks } from './source';

const POLL_MS = 1500;
/** Job reads in flight at once (the browser allows six connections per host). */
const PARALLEL = 4;

/**
 * An `analyzeTurns` batch (an SGF submitted move by move): one job per turn. Reads the batch
 * until it is finished and each completed job's result once (results never change).
 */
export function openBatch(api: Api, id: string, cb: SourceCallbacks): Source {
  const abort = new AbortController();
  const signal = abort.signal;
  let t = emptyTimeline('batch', id);
  const loaded = new Set<string>();
  const emit = () => {
    if (!signal.aborted) cb.update(t);
  };

  async function readJob(jobId: string): Promise<JobView> {
    return api.json<JobView>(`/v1/jobs/${encodeURIComponent(jobId)}`, { signal });
  }

  async function round(): Promise<boolean> {
    const batch = await api.json<BatchView>(`/v1/batches/${encodeURIComponent(id)}`, { signal });
    const turns = batch.jobs.filter((j) => j.turn !== null) as { id: string; status: string; turn: number }[];
    if (t.moves.length === 0 && turns.length) {
      // The longest turn's input holds every move up to it.
      const longest = turns.reduce((a, b) => (b.turn > a.turn ? b : a));
      const job = await readJob(longest.id);
      if (job.input) t = withInput(t, { ...job.input, moves: job.input.moves.slice(0, longest.turn) });
    }
    t = { ...t, steps: new Map(t.steps) };
    for (const j of turns) {
      const had = t.steps.get(j.turn);
      if (!had || !loaded.has(j.id)) {
        t.steps.set(j.turn, { jobId: j.id, status: j.status as never, result: had?.result ?? null });
      }
    }
    const counts = batch.jobs.filter((j) => j.status === 'completed').length;
    t.note = `batch of ${batch.jobs.length} turns: ${counts} analysed`;
    t.live = batch.status !== 'finished';
    t.transport = t.live ? 'polling' : 'none';
    emit();
    const todo = turns.filter((j) => TERMINAL.has(j.status) && !loaded.has(j.id));
    // Nearest the start first, so the graph fills from the left.
    todo.sort((a, b) => a.turn - b.turn);
    for (let i = 0; i < todo.length; i += PARALLEL) {
      const jobs = await Promise.all(todo.slice(i, i + PARALLEL).map((j) => readJob(j.id)));
      t = { ...t, steps: new Map(t.steps) };
      jobs.forEach((job, k) => {
        loaded.add(job.id);
        t.steps.set(todo[i + k].turn, {
          jobId: job.id,
          status: job.status,
          result: job.result,
          error: job.error?.message,
        });
      });
      emit();
    }
    return t.live;
  }

  (async () => {
    while (!signal.aborted && (await round())) await sleep(POLL_MS, signal);
  })().catch((err: unknown) => {
    if (!isAbort(err)) cb.error((err as Error).message);
  });
  return { close: () => abort.abort() };
}
