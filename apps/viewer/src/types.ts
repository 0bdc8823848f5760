/** What the api answers, as far as the viewer reads it (see README "API"). */

export type Color = 'B' | 'W';
export type JobStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
/** A KataGo-style move or setup stone: colour and GTP vertex ("Q16", or "pass"). */
export type KataGoMove = [Color, string];

/** A position job's input (`GET /v1/jobs/:id` `input`). */
export interface PositionInput {
  boardXSize: number;
  boardYSize: number;
  komi: number;
  rules: string;
  initialStones: KataGoMove[];
  moves: KataGoMove[];
  analyzeTurn?: number;
  initialPlayer?: Color;
  /**
   * Set on the stored input of an older move of a followed game (compacted: linear storage):
   * `initialStones` is the board this many moves in, and `moves` only the moves after them.
   */
  omittedMoves?: number;
}

/** The engine's report (`result` of a completed position job). Each analysis is optional. */
export interface AnalysisReport {
  board?: {
    size?: number;
    width?: number;
    height?: number;
    toPlay: Color;
    moveNumber: number;
    komi: number;
    rules: string;
  };
  analyses?: {
    score?: { scoreLead: number; lower?: number; upper?: number };
    territory?: { ownership?: number[]; owner?: number[]; scoreLead?: number };
    deadStones?: { deadStones: string[] };
    moveValues?: { player: Color; moves: { vertex: string; value: number; total: number }[] };
  };
  /**
   * Present on the results of a finished followed game's moves, cut down to what the viewer and the
   * SGF exports read (README, "Results of finished games"): why, and which fields were kept.
   */
  compacted?: { reason: string; kept: string[] };
}

export interface JobView {
  id: string;
  kind: 'position' | 'eyegraph';
  status: JobStatus;
  progress: number;
  batchId: string | null;
  input: PositionInput | null;
  /** `source` ({ogsGameId, move}) on the jobs of a followed game's moves. */
  options?: { source?: { ogsGameId?: number; move?: number } } | null;
  result: AnalysisReport | null;
  error: { message?: string; code?: string } | null;
}

export interface BatchView {
  id: string;
  status: 'queued' | 'running' | 'finished';
  jobs: { id: string; status: JobStatus; turn: number | null }[];
}

export interface MoveAnalysisRow {
  moveNumber: number;
  jobId: string | null;
  status: JobStatus | null;
  result: AnalysisReport | null;
}

export interface GameAnalysesView {
  gameId: string;
  ogsGameId: number;
  status: string;
  lastMove: number;
  analyses: MoveAnalysisRow[];
  final: { jobId: string; status: JobStatus | null; result: AnalysisReport | null } | null;
}

export const TERMINAL: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);
