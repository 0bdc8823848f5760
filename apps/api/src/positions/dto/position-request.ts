import { type PositionInput, type WebhookAllowlist } from '@moyo/contracts';
import {
  engineRulesForKataGoName,
  MAX_BOARD_SIZE,
  MIN_BOARD_SIDE,
  parseRules,
  type Rules,
} from '@moyo/engine';
import { z } from 'zod';
import { FieldError, FieldErrors, problemsOf } from '../../errors/api-errors';
import {
  analysesSchema,
  analysisOptionsSchema,
  checkAnalyses,
  checkWebhookTarget,
  webhookUrlSchema,
} from '../../jobs/job-spec';
import {
  isKataGoOnlyField,
  isKataGoQueryBody,
  normalizeKataGoPositionRequest,
  type KataGoPositionRequest,
} from './katago-position';
import { MAX_BATCH_MOVES, MAX_MOVES, MAX_TURNS } from '../../jobs/request-limits';
import { fromMoves } from './moves-request';
import { fromSgf } from './sgf-request';

export { MAX_BATCH_MOVES, MAX_MOVES, MAX_TURNS };

const SIZE_MESSAGE = `must be an integer from ${MIN_BOARD_SIDE} to ${MAX_BOARD_SIZE}`;

const moveSchema = z.tuple([z.string().max(8), z.string().max(12)], {
  error: 'must be a move like ["B", "Q16"]',
});

/**
 * `POST /v1/positions` body: KataGo's analysis-query fields (`moves`, `initialStones`,
 * `boardXSize`, `boardYSize`, `komi`, `rules`, `initialPlayer`, `analyzeTurns`) or an `sgf` with
 * an optional `moveNumber`; plus `analyses`, `analysisOptions` and `webhookUrl`. Unknown fields are
 * refused, so a typo does not silently fall back to a default.
 */
export const positionRequestSchema = z.strictObject({
  moves: z.array(moveSchema).max(MAX_MOVES, `at most ${MAX_MOVES} moves`).optional(),
  initialStones: z.array(moveSchema).max(MAX_MOVES, `at most ${MAX_MOVES} stones`).optional(),
  boardXSize: z
    .number()
    .int(SIZE_MESSAGE)
    .min(MIN_BOARD_SIDE, SIZE_MESSAGE)
    .max(MAX_BOARD_SIZE, SIZE_MESSAGE)
    .optional(),
  boardYSize: z
    .number()
    .int(SIZE_MESSAGE)
    .min(MIN_BOARD_SIDE, SIZE_MESSAGE)
    .max(MAX_BOARD_SIZE, SIZE_MESSAGE)
    .optional(),
  komi: z
    .number()
    .min(-150, 'must be between -150 and 150')
    .max(150, 'must be between -150 and 150')
    .refine((k) => Number.isInteger(k * 2), 'must be a multiple of 0.5')
    .optional(),
  rules: z.string().min(1).max(40).optional(),
  initialPlayer: z.enum(['B', 'W', 'b', 'w'], { error: 'must be "B" or "W"' }).optional(),
  analyzeTurns: z
    .array(
      z
        .number()
        .int('must be a move count (an integer >= 0)')
        .min(0, 'must be a move count (an integer >= 0)'),
    )
    .min(1, 'must list at least one turn')
    .max(MAX_TURNS, `at most ${MAX_TURNS} turns per request`)
    .optional(),
  sgf: z.string().min(1, 'must not be empty').optional(),
  moveNumber: z
    .number()
    .int('must be a move count (an integer >= 0)')
    .min(0, 'must be a move count (an integer >= 0)')
    .optional(),
  analyses: analysesSchema.optional(),
  analysisOptions: analysisOptionsSchema.optional(),
  webhookUrl: webhookUrlSchema.optional(),
});

export type PositionRequest = z.infer<typeof positionRequestSchema>;

/** A validated, normalised position request: one PositionInput per job to create. */
export interface NormalizedPositionRequest {
  /** One input per analysed turn (one for a plain request; `analyzeTurns` gives several). */
  inputs: PositionInput[];
  /** The turns asked for with `analyzeTurns` (null for a single-position request). */
  turns: number[] | null;
  analyses: string[];
  analysisOptions: Record<string, Record<string, unknown>>;
  webhookUrl: string | null;
  /** Set when the body was a KataGo analysis query: its jobs run the `katago` analysis. */
  katago?: KataGoPositionRequest;
}

/** What a position request is checked against (from ApiConfig). */
export interface PositionRequestLimits {
  maxSgfBytes: number;
  webhookAllowlist: WebhookAllowlist;
}

/**
 * Validates a `POST /v1/positions` body and normalises it: SGF replayed by the engine into
 * KataGo-style moves, vertices and colours in canonical form, every move checked for legality
 * (ko, suicide, superko under the rules), `webhookUrl` a target `limits.webhookAllowlist` lets
 * webhooks reach. Throws FieldError / FieldErrors (422) naming the field.
 */
export function normalizePositionRequest(
  body: unknown,
  limits: PositionRequestLimits,
): NormalizedPositionRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new FieldError('body', 'must be a JSON object with "moves" (KataGo style) or "sgf"', 400);
  }
  if (isKataGoQueryBody(body as Record<string, unknown>)) {
    const limitsOf = { maxMoves: MAX_MOVES, maxTurns: MAX_TURNS, maxBatchMoves: MAX_BATCH_MOVES };
    const katago = normalizeKataGoPositionRequest(body as Record<string, unknown>, {
      ...limitsOf,
      ...limits,
    });
    const { inputs, turns, extras } = katago;
    const { analysisOptions = {}, webhookUrl = null } = extras;
    return {
      inputs,
      turns,
      analyses: ['katago', ...(extras.analyses ?? [])],
      analysisOptions,
      webhookUrl,
      katago,
    };
  }
  const parsed = positionRequestSchema.safeParse(body);
  if (!parsed.success) {
    const problems = problemsOf(parsed.error, body).map((p) =>
      isKataGoOnlyField(p.field)
        ? { ...p, message: 'is a KataGo query field: send it with the query\'s "id"' }
        : p,
    );
    throw new FieldErrors(problems);
  }
  const req = parsed.data;
  checkWebhookTarget('webhookUrl', req.webhookUrl, limits.webhookAllowlist);
  const { analyses, analysisOptions } = checkAnalyses(req.analyses, req.analysisOptions);
  const common = { analyses, analysisOptions, webhookUrl: req.webhookUrl ?? null };

  if (req.moveNumber !== undefined && req.analyzeTurns !== undefined) {
    throw new FieldError('moveNumber', 'give either moveNumber or analyzeTurns, not both');
  }
  const rules = req.rules === undefined ? undefined : rulesOf(req.rules);
  if (req.sgf !== undefined) {
    for (const field of ['moves', 'initialStones', 'boardXSize', 'boardYSize', 'initialPlayer'] as const) {
      if (req[field] !== undefined)
        throw new FieldError(field, 'give either sgf or KataGo-style fields, not both');
    }
    return { ...fromSgf(req, rules, limits.maxSgfBytes), ...common };
  }
  if (req.moveNumber !== undefined)
    throw new FieldError('moveNumber', 'is only used with sgf (use analyzeTurns with moves)');
  if (req.moves === undefined && req.initialStones === undefined) {
    throw new FieldError('moves', 'is required (KataGo-style [["B","Q16"],...]), or send sgf');
  }
  return { ...fromMoves(req, rules ?? parseRules('japanese')), ...common };
}

/** A rule set by Moyo's names, else by any name KataGo takes (`ing`, `stone_scoring`, `bga`...). */
function rulesOf(name: string): Rules {
  try {
    return parseRules(name);
  } catch (err) {
    const katago = engineRulesForKataGoName(name);
    if (katago) return katago;
    throw new FieldError('rules', (err as Error).message.replace(/^rules: /, ''));
  }
}
