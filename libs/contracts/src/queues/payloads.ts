import { JobName } from './queue-names';

/** A move as KataGo's analysis engine writes it: colour and GTP vertex ("Q16", "pass"). */
export type KataGoMove = [color: 'B' | 'W', vertex: string];

/**
 * Longest move list of a position (and longest initial-stones list): the api refuses longer ones
 * and the ingest stops following a game past it.
 */
export const MAX_POSITION_MOVES = 2000;

/** The position to analyse, normalised by the api (SGF already parsed into moves). */
export interface PositionInput {
  boardXSize: number;
  boardYSize: number;
  komi: number;
  rules: string;
  initialStones: KataGoMove[];
  moves: KataGoMove[];
  /** Analyse the position after this many of `moves` (default: all of them). */
  analyzeTurn?: number;
  /**
   * Who plays first after the initial stones (KataGo's `initialPlayer`; SGF PL, or W after
   * handicap stones). Matters when `moves` is empty; otherwise each move names its colour.
   */
  initialPlayer?: 'B' | 'W';
  /**
   * Set only on the stored input of a followed game's older move once its job ended: the first
   * this many moves are folded into `initialStones` (the board they led to), to keep a game's rows
   * linear in its length. The position is the same; earlier prisoners are not counted.
   */
  omittedMoves?: number;
}

/** An eye graph job body (see issue 5: nodes, edges, outer liberties, ko threats). */
export interface EyegraphInput {
  graph: unknown;
  outerLiberties?: number;
  koThreats?: number;
}

/** Fields every analysis job carries. `jobId` is also the BullMQ job id and the jobs row id. */
interface AnalysisJobBase {
  jobId: string;
  tenantId: string | null;
  batchId?: string | null;
  /** Names of the analyses to run (e.g. "territory", "deadStones"). */
  analyses: string[];
  options: Record<string, unknown>;
}

export interface AnalyzePositionJob extends AnalysisJobBase {
  name: typeof JobName.AnalyzePosition;
  input: PositionInput;
}

export interface AnalyzeEyegraphJob extends AnalysisJobBase {
  name: typeof JobName.AnalyzeEyegraph;
  input: EyegraphInput;
}

export interface DeliverWebhookJob {
  name: typeof JobName.DeliverWebhook;
  deliveryId: string;
  /** The registered webhook, or null for a delivery to a job's own `webhookUrl`. */
  webhookId: string | null;
  event: string;
  jobId: string | null;
}

/** Every job payload Moyo puts on a queue, discriminated by `name` (the BullMQ job name). */
export type JobPayload = AnalyzePositionJob | AnalyzeEyegraphJob | DeliverWebhookJob;

/** The payload type for a given job name. */
export type JobPayloadOf<N extends JobName> = Extract<JobPayload, { name: N }>;

/** The columns of a jobs row an analysis job's queue payload is made from. */
export interface AnalysisJobRow {
  id: string;
  kind: string;
  tenantId: string | null;
  batchId: string | null;
  input: unknown;
  /** The row's `options`: `{analyses, analysisOptions?}` (the api) or `{analyses, source}` (ingest). */
  options: unknown;
}

/**
 * The queue payload of an analysis job, made again from its jobs row (what the api and the ingest
 * put on the queue when they created it): the reconciler queues a job Redis lost with it. Pure.
 */
export function analysisJobPayload(row: AnalysisJobRow): AnalyzePositionJob | AnalyzeEyegraphJob {
  const options = (row.options ?? {}) as { analyses?: unknown; analysisOptions?: unknown };
  const analyses = Array.isArray(options.analyses) ? (options.analyses as string[]) : [];
  const analysisOptions =
    options.analysisOptions && typeof options.analysisOptions === 'object'
      ? (options.analysisOptions as Record<string, unknown>)
      : {};
  const common = { jobId: row.id, tenantId: row.tenantId, batchId: row.batchId, options: analysisOptions };
  return row.kind === 'eyegraph'
    ? {
        name: JobName.AnalyzeEyegraph,
        ...common,
        analyses: analyses.length ? analyses : ['eyegraph'],
        input: row.input as EyegraphInput,
      }
    : { name: JobName.AnalyzePosition, ...common, analyses, input: row.input as PositionInput };
}
