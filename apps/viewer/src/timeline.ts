import GoBoard from '@sabaki/go-board';
import type { AnalysisReport, Color, JobStatus, KataGoMove, PositionInput } from './types';

/** A game as the viewer shows it: its moves and, per move number, the stored analysis (if any). */
export interface Timeline {
  /** What was opened: a followed game, an analyzeTurns batch or one job. */
  source: 'game' | 'batch' | 'job';
  id: string;
  /** Columns (boardXSize) and rows (boardYSize); equal on a square board. */
  width: number;
  height: number;
  komi: number;
  rules: string;
  initialStones: KataGoMove[];
  moves: KataGoMove[];
  /** Move number (0 = before the first move) -> that position's analysis job. */
  steps: Map<number, Step>;
  /** Still changing (a followed game in play, a batch or job not yet finished). */
  live: boolean;
  /** How updates arrive: Server-Sent Events, polling, or none (finished). */
  transport: 'sse' | 'polling' | 'none';
  /** One line on what the source is doing (stream status, batch counts). */
  note: string;
}

export interface Step {
  jobId: string | null;
  status: JobStatus | null;
  result: AnalysisReport | null;
  error?: string;
}

export function emptyTimeline(source: Timeline['source'], id: string): Timeline {
  return {
    source,
    id,
    width: 19,
    height: 19,
    komi: 6.5,
    rules: 'japanese',
    initialStones: [],
    moves: [],
    steps: new Map(),
    live: true,
    transport: 'none',
    note: '',
  };
}

/** Takes board, komi, rules, setup and moves from a job's input (its moves may be a prefix). */
export function withInput(t: Timeline, input: PositionInput): Timeline {
  return {
    ...t,
    width: input.boardXSize,
    height: input.boardYSize,
    komi: input.komi,
    rules: input.rules,
    initialStones: input.initialStones ?? [],
    moves: input.moves.length >= t.moves.length || t.source !== 'game' ? input.moves : t.moves,
  };
}

const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/**
 * GTP vertex ("D4") to a Shudan vertex [x, y] from the top left, on a board `width` columns by
 * `height` rows (default square); null for a pass or junk.
 */
export function parseVertex(v: string, width: number, height = width): [number, number] | null {
  const m = /^([A-HJ-Z])(\d{1,2})$/i.exec(v.trim());
  if (!m) return null;
  const x = LETTERS.indexOf(m[1].toUpperCase());
  const y = height - Number(m[2]);
  return x >= 0 && x < width && y >= 0 && y < height ? [x, y] : null;
}

/** Shudan vertex [x, y] to its GTP name on a board of `height` rows. */
export function vertexName([x, y]: [number, number], height: number): string {
  return `${LETTERS[x]}${height - y}`;
}

export function sign(c: Color): 1 | -1 {
  return c === 'B' ? 1 : -1;
}

/** The position after `n` moves, with the last move's vertex. Replays with @sabaki/go-board. */
export interface Position {
  board: GoBoard;
  lastMove: { color: Color; vertex: [number, number] | null } | null;
  captures: { black: number; white: number };
}

export function positionAt(t: Timeline, n: number): Position {
  let board = GoBoard.fromDimensions(t.width, t.height);
  for (const [c, v] of t.initialStones) {
    const p = parseVertex(v, t.width, t.height);
    if (p) board = board.set(p, sign(c));
  }
  let lastMove: Position['lastMove'] = null;
  for (const [c, v] of t.moves.slice(0, n)) {
    const p = parseVertex(v, t.width, t.height);
    if (p) board = board.makeMove(sign(c), p);
    lastMove = { color: c, vertex: p };
  }
  return { board, lastMove, captures: { black: board.getCaptures(1), white: board.getCaptures(-1) } };
}

/** The highest move number the timeline knows of (moves played or analysed). */
export function lastMoveNumber(t: Timeline): number {
  return Math.max(t.moves.length, ...t.steps.keys(), 0);
}
