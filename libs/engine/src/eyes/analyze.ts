import { BLACK } from '../board/color';
import { buildEyeProblem, type EyeGraphMode, type EyeProblemOptions } from './construction';
import { parseEyeGraph, type EyeGraph } from './parse';
import { EyeGraphReader } from './reader';

/** Options of an eye-graph analysis. */
export interface EyeGraphOptions extends EyeProblemOptions {
  /** Node budget of the reader (default DEFAULT_EYE_READING_BUDGET); over it, EyeGraphBudgetError. */
  budget?: number;
  /** Longest line of play (default MAX_EYE_READING_DEPTH); past it, EyeGraphBudgetError. */
  maxDepth?: number;
}

/** A cell of the graph: 0-based row and column of the input text (edge rows/columns included). */
export interface EyeGraphCell {
  row: number;
  col: number;
}

/** The result of analysing an eye graph. */
export interface EyeGraphAnalysis {
  /** Eye value `abcd`, e.g. `0112`. */
  value: string;
  /** Fewest and most eyes under alternating play (b and c of the value). */
  eyes: { min: number; max: number };
  /** Vital points for the attacker and the defender that lie inside the graph. */
  attack: EyeGraphCell[];
  defense: EyeGraphCell[];
  /** The graph with vital points marked, rows padded to the widest row (GNU Go's output). */
  diagram: string[];
  /** Construction and search rules used. */
  mode: EyeGraphMode;
  /** Reader nodes searched. */
  nodes: number;
}

/** The graph cannot be realised: no invincible attacker group fits against every marginal point. */
export class EyeGraphUnrealizableError extends Error {
  constructor() {
    super('eye graph: failed to analyze (no room for an invincible attacker group at every marginal point)');
    this.name = 'EyeGraphUnrealizableError';
  }
}

/**
 * Eye value and vital points of an eye graph (GNU Go's `analyze_eyegraph`, seed 002). Accepts the
 * encoded text or a parsed graph. Pure. Throws EyeGraphError (bad graph), RangeError (bad option),
 * EyeGraphUnrealizableError (GNU Go's `failed to analyze`) or EyeGraphBudgetError.
 */
export function analyzeEyeGraph(graph: string | EyeGraph, options: EyeGraphOptions = {}): EyeGraphAnalysis {
  const parsed = typeof graph === 'string' ? parseEyeGraph(graph) : graph;
  const problem = buildEyeProblem(parsed, options);
  if (!problem) throw new EyeGraphUnrealizableError();
  const reader = new EyeGraphReader(problem, options.budget, undefined, options.maxDepth);
  const ev = reader.evaluate();

  const { geo, vertices, margins, minRow, minCol, numRows, width } = problem;
  const size = geo.size;
  // Marks as GNU Go draws them: playable points first, then margins, attacks, defences.
  const mark = new Map<number, string>();
  const drawn = problem.mode === 'gnugo-3.8' ? vertices.length - 2 : problem.numOrdinary;
  for (let k = 0; k < drawn; k++) {
    mark.set(vertices[k], reader.board.colors[vertices[k]] === BLACK ? 'X' : '.');
  }
  for (const p of margins) mark.set(p, mark.get(p) === 'X' ? '$' : '!');
  for (const p of ev.vitalAttacks) mark.set(p, mark.get(p) === '!' ? '(' : '<');
  const defended: Record<string, string> = { '.': '>', '!': ')', '<': '*', '(': '@' };
  for (const p of ev.vitalDefenses) {
    const m = mark.get(p) ?? ' ';
    if (m in defended) mark.set(p, defended[m]);
  }

  const diagram: string[] = [];
  for (let i = minRow; i < minRow + numRows; i++) {
    let row = '';
    for (let j = minCol; j < minCol + width; j++) {
      const offRow = i < 0 || i >= size;
      const offCol = j < 0 || j >= size;
      if (offRow && offCol) row += '+';
      else if (offRow) row += '-';
      else if (offCol) row += '|';
      else row += mark.get(geo.pt(j, i)) ?? ' ';
    }
    diagram.push(row);
  }

  const cellOf = (p: number): EyeGraphCell | null => {
    const row = geo.y(p) - minRow;
    const col = geo.x(p) - minCol;
    return row >= 0 && row < numRows && col >= 0 && col < width ? { row, col } : null;
  };
  const cells = (points: number[]) =>
    [...new Set(points)].map(cellOf).filter((c): c is EyeGraphCell => c !== null);
  return {
    value: `${ev.a}${ev.b}${ev.c}${ev.d}`,
    eyes: { min: ev.b, max: ev.c },
    attack: cells(ev.vitalAttacks),
    defense: cells(ev.vitalDefenses),
    diagram,
    mode: problem.mode,
    nodes: reader.nodes,
  };
}

/** GNU Go's GTP answer body for an analysis: the value, then the marked graph. Pure. */
export function formatEyeGraphAnswer(analysis: EyeGraphAnalysis): string {
  return [analysis.value, ...analysis.diagram].join('\n');
}
