import { expandCompacted, gameIdOf } from '../compacted';
import type { GameAnalysesView, JobView, PositionInput } from '../types';

/** The part of the api client this needs (`Api` is one). */
export interface JsonReader {
  json<T>(path: string, init?: { signal?: AbortSignal }): Promise<T>;
}

/** The part of the api client a job's source needs: JSON reads and the headers of its event stream. */
export interface JobApi extends JsonReader {
  headers(extra?: Record<string, string>): Record<string, string>;
}

/** Most move numbers the api takes in `sinceMove`: asks for no rows, only the game's summary. */
const NO_ROWS = 999_999;

/**
 * The whole game up to a compacted job's move: the game's final position's job (a finished game),
 * else its newest move's job, whose inputs hold every move. Null when neither is readable or
 * matches (the viewer then shows the stored moves only, and says so).
 */
export async function wholeInputOf(
  api: JsonReader,
  job: JobView & { input: PositionInput },
  signal: AbortSignal,
): Promise<PositionInput | null> {
  const gameId = gameIdOf(job);
  if (!gameId) return null;
  const path = `/v1/games/${encodeURIComponent(gameId)}/analyses`;
  const game = await api.json<GameAnalysesView>(`${path}?sinceMove=${NO_ROWS}`, { signal });
  const candidates: string[] = [];
  if (game.final?.jobId) candidates.push(game.final.jobId);
  if (game.lastMove > 0) {
    const newest = await api.json<GameAnalysesView>(`${path}?sinceMove=${game.lastMove - 1}`, { signal });
    for (const row of newest.analyses) if (row.jobId) candidates.push(row.jobId);
  }
  for (const id of candidates) {
    const other = await api.json<JobView>(`/v1/jobs/${encodeURIComponent(id)}`, { signal });
    const whole = other.input ? expandCompacted(job.input, other.input) : null;
    if (whole) return whole;
  }
  return null;
}
