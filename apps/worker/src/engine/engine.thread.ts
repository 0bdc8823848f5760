/**
 * Entry point of an engine thread (a Piscina worker): each export is a task the pool runs by name.
 * Answers are EngineOutcome objects rather than thrown errors, because an error crossing the
 * thread boundary loses its class, which decides whether the job is retried.
 */
import {
  outcomeOf,
  preparePosition,
  runEyegraph,
  runPosition,
  type EngineOutcome,
  type EyegraphTask,
  type PositionTask,
  type PreparedPosition,
} from './engine-tasks';
import type { AnalysisReport, EyeGraphAnalysis } from '@moyo/engine';

export function prepare(task: PositionTask): EngineOutcome<PreparedPosition> {
  return outcomeOf(() => preparePosition(task));
}

export function position(task: PositionTask): EngineOutcome<AnalysisReport> {
  return outcomeOf(() => runPosition(task));
}

export function eyegraph(task: EyegraphTask): EngineOutcome<EyeGraphAnalysis> {
  return outcomeOf(() => runEyegraph(task));
}
