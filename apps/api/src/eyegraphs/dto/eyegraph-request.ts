import type { EyegraphInput, WebhookAllowlist } from '@moyo/contracts';
import { buildEyeProblem, EyeGraphError, parseEyeGraph } from '@moyo/engine';
import { z } from 'zod';
import { FieldError, FieldErrors, problemsOf } from '../../errors/api-errors';
import { checkWebhookTarget, webhookUrlSchema } from '../../jobs/job-spec';

/** Longest graph text (GNU Go graphs have at most 17 points in a 19x19 box). */
export const MAX_GRAPH_CHARS = 1000;

/**
 * `POST /v1/eyegraphs` body: an eye graph in GNU Go's encoding (`%` between rows, `O` blank) or as
 * rows (a string with newlines, or an array of row strings), with GNU Go's optional
 * `outerLiberties` (0..5) and `koThreats` (-4..4).
 */
export const eyegraphRequestSchema = z.strictObject({
  graph: z.union(
    [
      z.string().min(1, 'must not be empty').max(MAX_GRAPH_CHARS, `at most ${MAX_GRAPH_CHARS} characters`),
      z
        .array(z.string().max(64, 'a row has at most 64 characters'))
        .min(1, 'must have at least one row')
        .max(64, 'at most 64 rows'),
    ],
    { error: 'must be an eye graph: a string like "OO!%O.X%!..." or an array of rows' },
  ),
  outerLiberties: z
    .number()
    .int('must be an integer from 0 to 5')
    .min(0, 'must be an integer from 0 to 5')
    .max(5, 'must be an integer from 0 to 5')
    .optional(),
  koThreats: z
    .number()
    .int('must be an integer from -4 to 4')
    .min(-4, 'must be an integer from -4 to 4')
    .max(4, 'must be an integer from -4 to 4')
    .optional(),
  webhookUrl: webhookUrlSchema.optional(),
});

export interface NormalizedEyegraphRequest {
  input: EyegraphInput;
  webhookUrl: string | null;
}

/**
 * Validates a `POST /v1/eyegraphs` body with the engine's eye-graph parser and construction, and
 * normalises the graph to GNU Go's one-line encoding; `webhookUrl` must be a target `allowlist` lets
 * webhooks reach. Throws FieldError (422) with the parser's message (which says where in the text
 * the problem is).
 */
export function normalizeEyegraphRequest(
  body: unknown,
  allowlist: WebhookAllowlist,
): NormalizedEyegraphRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new FieldError('body', 'must be a JSON object like {"graph": "OO!%O.X%!..."}', 400);
  }
  const parsed = eyegraphRequestSchema.safeParse(body);
  if (!parsed.success) throw new FieldErrors(problemsOf(parsed.error, body));
  const req = parsed.data;
  checkWebhookTarget('webhookUrl', req.webhookUrl, allowlist);
  const text = Array.isArray(req.graph) ? req.graph.join('\n') : req.graph;
  const options = {
    ...(req.outerLiberties !== undefined ? { outerLiberties: req.outerLiberties } : {}),
    ...(req.koThreats !== undefined ? { koThreats: req.koThreats } : {}),
  };
  let encoded: string;
  try {
    const graph = parseEyeGraph(text);
    if (!buildEyeProblem(graph, options)) {
      throw new FieldError(
        'graph',
        'cannot be analysed: no room for an invincible attacker group at every marginal point',
      );
    }
    encoded = graph.encoded;
  } catch (err) {
    if (err instanceof EyeGraphError) throw new FieldError('graph', err.message);
    if (err instanceof RangeError) throw new FieldError('graph', err.message);
    throw err;
  }
  return { input: { graph: encoded, ...options }, webhookUrl: req.webhookUrl ?? null };
}
