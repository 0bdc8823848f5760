import type { PositionInput } from '@moyo/contracts';
import { KATAGO_QUERY_FIELDS, type KataGoQuery } from '@moyo/engine';
import { z } from 'zod';
import { FieldError, FieldErrors, problemsOf } from '../../errors/api-errors';
import {
  analysesSchema,
  analysisOptionsSchema,
  checkAnalyses,
  checkWebhookTarget,
  webhookUrlSchema,
} from '../../jobs/job-spec';
import { turnJobsOf, type KataGoTurnJob, type TurnJobExtras } from '../../katago/katago-jobs';
import { readKataGoInput, type KataGoLine } from '../../katago/katago-read';

/** The request fields POST /v1/positions reads itself (a KataGo query has none of them). */
const NATIVE_FIELDS = new Set([
  'moves', 'initialStones', 'boardXSize', 'boardYSize', 'komi', 'rules', 'initialPlayer', 'analyzeTurns',
  'sgf', 'moveNumber', 'analyses', 'analysisOptions', 'webhookUrl',
]); // prettier-ignore

/** Fields only KataGo's query has: any of them makes the body a KataGo query. */
const KATAGO_ONLY = [...KATAGO_QUERY_FIELDS].filter((f) => !NATIVE_FIELDS.has(f));

/** Most turns / moves of one request (the native request's limits). */
export interface KataGoPositionLimits {
  maxMoves: number;
  maxTurns: number;
  maxBatchMoves: number;
  webhookAllowlist: Parameters<typeof checkWebhookTarget>[2];
}

/** A KataGo query read from POST /v1/positions: its jobs' extras and the warnings to answer. */
export interface KataGoPositionRequest {
  query: KataGoQuery;
  warnings: KataGoLine[];
  extras: TurnJobExtras;
  inputs: PositionInput[];
  turns: number[];
  /** The turns' position jobs (their inputs are `inputs`). */
  turnJobs: KataGoTurnJob[];
}

/**
 * True when a POST /v1/positions body is a KataGo analysis query: it has KataGo's required `id`,
 * or `rules` as an object. Otherwise the body is Moyo's own request (unknown fields refused).
 */
export function isKataGoQueryBody(body: Record<string, unknown>): boolean {
  if (body.id !== undefined) return true;
  return body.rules !== undefined && body.rules !== null && typeof body.rules === 'object';
}

/** Whether a field Moyo's own request refuses is one of KataGo's (it then needs `id`). */
export function isKataGoOnlyField(field: string): boolean {
  return KATAGO_ONLY.includes(field);
}

const extrasSchema = z.object({
  analyses: analysesSchema.optional(),
  analysisOptions: analysisOptionsSchema.optional(),
  webhookUrl: webhookUrlSchema.optional(),
});

/**
 * Reads a KataGo query sent to POST /v1/positions with the engine's KataGo parser: KataGo's errors
 * become 422 naming the field (400 for a body KataGo cannot read at all), its warnings (unknown or
 * unsupported fields) are answered, not refused. Moyo's defaults fill what KataGo would require:
 * 19x19 (or the other side's size), Japanese rules, no moves. `analyses`, `analysisOptions` and
 * `webhookUrl` run beside the `katago` analysis; `sgf` cannot be mixed in. Pure.
 */
export function normalizeKataGoPositionRequest(
  body: Record<string, unknown>,
  limits: KataGoPositionLimits,
): KataGoPositionRequest {
  const { analyses, analysisOptions, webhookUrl, ...fields } = body;
  const given = KATAGO_ONLY.filter((f) => body[f] !== undefined);
  const why = given.length > 0 ? given.slice(0, 3).join(', ') : 'a rules object';
  for (const f of ['sgf', 'moveNumber'] as const) {
    if (fields[f] !== undefined)
      throw new FieldError(f, `give either sgf or a KataGo query (${why}), not both`);
  }
  if (typeof fields.id !== 'string') {
    throw new FieldError('id', `must be a string naming the query: KataGo query fields were given (${why})`);
  }
  if (fields.action !== undefined) {
    throw new FieldError(
      'action',
      'KataGo actions go to POST /v1/katago/analysis or the /v1/katago/ws socket',
    );
  }
  const extras = extrasSchema.safeParse({ analyses, analysisOptions, webhookUrl });
  if (!extras.success) throw new FieldErrors(problemsOf(extras.error, body));
  if (extras.data.analysisOptions?.katago !== undefined) {
    throw new FieldError('analysisOptions.katago', 'give the KataGo query fields at the top level');
  }
  checkWebhookTarget('webhookUrl', extras.data.webhookUrl, limits.webhookAllowlist);
  const checked = checkAnalyses(extras.data.analyses, extras.data.analysisOptions);
  if (fields.boardXSize === undefined) fields.boardXSize = fields.boardYSize ?? 19;
  if (fields.boardYSize === undefined) fields.boardYSize = fields.boardXSize;
  if (fields.rules === undefined) fields.rules = 'japanese';
  if (fields.moves === undefined) fields.moves = [];
  for (const f of ['moves', 'initialStones'] as const) {
    const list = fields[f];
    if (Array.isArray(list) && list.length > limits.maxMoves) {
      throw new FieldError(f, `at most ${limits.maxMoves} entries`);
    }
  }
  const read = readKataGoInput(fields);
  const error = read.lines.find((l) => 'error' in l);
  if (error || !read.query) {
    const field = typeof error?.field === 'string' ? error.field : 'body';
    throw new FieldError(
      field,
      String(error?.error ?? 'is not a KataGo query'),
      field === 'body' ? 400 : 422,
    );
  }
  const query = read.query;
  if (query.turns.length > limits.maxTurns) {
    throw new FieldError('analyzeTurns', `at most ${limits.maxTurns} turns per request`);
  }
  const jobExtras: TurnJobExtras = {
    // Without `analyses`, a KataGo query runs the katago analysis alone.
    analyses: extras.data.analyses === undefined ? [] : checked.analyses,
    analysisOptions: checked.analysisOptions,
    webhookUrl: extras.data.webhookUrl ?? null,
  };
  const jobs = turnJobsOf(query, jobExtras);
  const moves = jobs.reduce((sum, j) => sum + j.turnNumber, 0);
  if (moves > limits.maxBatchMoves) {
    throw new FieldError(
      'analyzeTurns',
      `asks for ${moves} moves in all, more than ${limits.maxBatchMoves}: split the request`,
    );
  }
  return {
    query,
    warnings: read.lines,
    extras: jobExtras,
    inputs: jobs.map((j) => j.spec.input as PositionInput),
    turns: jobs.map((j) => j.turnNumber),
    turnJobs: jobs,
  };
}
