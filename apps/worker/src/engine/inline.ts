import { analyzePosition, type AnalysisOptions, type AnalysisReport, type Position } from '@moyo/engine';
import { replayPosition, type PositionTask } from './engine-tasks';

/**
 * Analyses cheaper than handing them to an engine thread, run in the thread that took the job.
 * `board` costs ~0.1 ms on a 19x19 position; a pool task costs the worker's main thread about
 * as much in messaging (the task structured-cloned out, the answer back, the thread woken), and
 * the thread would replay the position a second time.
 */
export const INLINE_ANALYSES: ReadonlySet<string> = new Set(['board']);

/** Whether every analysis of the task runs inline (a malformed list does not: the pool reports it). */
export function runsInline(task: PositionTask): boolean {
  const { analyses } = task;
  return Array.isArray(analyses) && analyses.length > 0 && analyses.every((a) => INLINE_ANALYSES.has(a));
}

/** An inline job: its replayed position, for runInline. */
export interface PreparedInline {
  /** No result cache for analyses this cheap: a lookup and an entry cost more than running them. */
  cacheKey: null;
  /** JobRunnerService's quick run: no running state, one batched read and one batched write. */
  quick: true;
  moveNumber: number;
  position: Position;
}

/** The replayed position of an inline job, for runInline. Throws as preparePosition. */
export function prepareInline(task: PositionTask): PreparedInline {
  const position = replayPosition(task.input);
  return { cacheKey: null, quick: true, moveNumber: position.moveNumber, position };
}

/** The report runPosition would give, from the position prepareInline replayed. */
export function runInline(task: PositionTask, position: Position): AnalysisReport {
  return analyzePosition(position, task.analyses, (task.options ?? {}) as Record<string, AnalysisOptions>);
}
