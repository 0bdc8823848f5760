/** The eye reader's limits, its give-up error and its answer type. */
import { type ReadingBoard } from './reading-board';

/** Makes the board the reader plays on from rows of `X`, `O`, `.` (top row first). */
export type ReadingBoardFactory = (rows: string[], movePoints: Int32Array) => ReadingBoard;

/** The search gave up: the problem needs more nodes than the budget allows. */
export class EyeGraphBudgetError extends Error {
  readonly nodes: number;
  /** `nodes`: the node budget ran out; `depth`: a line grew longer than MAX_EYE_READING_DEPTH. */
  readonly limit: 'nodes' | 'depth';
  constructor(nodes: number, limit: 'nodes' | 'depth' = 'nodes', maxDepth = MAX_EYE_READING_DEPTH) {
    super(
      limit === 'nodes'
        ? `eye graph: reading budget of ${nodes} nodes exhausted; the shape is too large to read out`
        : `eye graph: a line of play grew past ${maxDepth} moves (after ${nodes} nodes); ` +
            'the shape is too large to read out',
    );
    this.name = 'EyeGraphBudgetError';
    this.nodes = nodes;
    this.limit = limit;
  }
}

/**
 * Longest line of play the reader follows. Capturing moves may repeat a position (GNU Go 3.8's
 * rule), so capture cycles can make lines, and the recursion, grow without end on large shapes.
 */
export const MAX_EYE_READING_DEPTH = 400;

/** An eye value a b c d with the vital points that change it (board points). */
export interface EyeEvaluation {
  a: number;
  b: number;
  c: number;
  d: number;
  vitalAttacks: number[];
  vitalDefenses: number[];
}

/** Default node budget: far above what any graph of 17 points needs with the full cache. */
export const DEFAULT_EYE_READING_BUDGET = 20_000_000;
