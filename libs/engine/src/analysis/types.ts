import type { Board } from '../board/board';
import type { Player } from '../board/color';
import type { Game } from '../board/history';
import type { Rules } from '../board/rules';

/**
 * What every analysis reads: a position with the facts the board alone does not know. Analyses
 * must not mutate `board` (reading code plays and undoes on its own clone or restores it exactly).
 */
export interface Position {
  board: Board;
  toPlay: Player;
  komi: number;
  rules: Rules;
  /** Moves played to reach the position (passes included, setup not). */
  moveNumber: number;
  /** Prisoners taken so far, by the capturer. */
  captures: { black: number; white: number };
  /** Handicap stones placed at the start (0 = even game). */
  handicap: number;
  /** The game the position came from, when there is one (for history-aware analyses). */
  game?: Game;
}

/** Options for one analysis: whatever that analysis documents (e.g. `{dilations: 5, erosions: 21}`). */
export type AnalysisOptions = Record<string, unknown>;

/** A JSON value (what every analysis result must be). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One value per board point in row-major order from the top-left (A19 first on 19x19); null = nothing. */
export type PointGrid = (number | string | null)[];

/**
 * An analysis that plugs into `analyzePosition`, `moyo analyze/show`, the API and the worker.
 * `run` returns a JSON-serialisable result (maps as row-major arrays from the top-left, positive =
 * Black). `grid`, when present, turns a result into one value per point for `moyo show --map`.
 */
export interface AnalysisDefinition<R = unknown> {
  /** Registry key, lowercase: `board`, `bouzy`, `freihofner`, `territory`... */
  readonly name: string;
  /** One line for `--help` and the API docs, including the options it accepts. */
  readonly description: string;
  /** Computes the result. Must not mutate the position. Throw a RangeError naming a bad option. */
  run(position: Position, options: AnalysisOptions): R;
  /** Per-point display values for a result (row-major, length size*size). */
  grid?(result: R, position: Position): PointGrid;
}

/** Thrown for an analysis name or option that does not exist or does not fit; names it. */
export class AnalysisError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnalysisError';
  }
}
