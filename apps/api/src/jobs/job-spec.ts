import {
  checkWebhookUrl,
  WebhookTargetRefusedError,
  type EyegraphInput,
  type PositionInput,
  type WebhookAllowlist,
} from '@moyo/contracts';
import { ANALYSES } from '@moyo/engine';
import { z } from 'zod';
import { FieldError } from '../errors/api-errors';

/** What the api asks a worker to do: the normalised input and the choices that shape the result. */
export type JobSpec =
  | {
      kind: 'position';
      input: PositionInput;
      analyses: string[];
      analysisOptions: Record<string, Record<string, unknown>>;
      webhookUrl: string | null;
    }
  | {
      kind: 'eyegraph';
      input: EyegraphInput;
      analyses: string[];
      analysisOptions: Record<string, Record<string, unknown>>;
      webhookUrl: string | null;
    };

/** Analyses a position request gets when it names none: territory, dead stones and the score. */
export const DEFAULT_POSITION_ANALYSES = ['territory', 'deadStones', 'score'];

/** Longest options object of one request, as JSON. */
const MAX_OPTIONS_JSON = 4096;

export const analysesSchema = z
  .array(z.string().min(1).max(64), { error: 'must be an array of analysis names' })
  .min(1, 'must name at least one analysis')
  .max(16, 'at most 16 analyses');

export const analysisOptionsSchema = z.record(
  z.string().max(64),
  z.record(z.string().max(64), z.unknown(), { error: 'must be an object of options for that analysis' }),
  { error: 'must be an object: {"<analysis>": {<options>}}' },
);

export const webhookUrlSchema = z
  .string()
  .max(2000, 'is longer than 2000 characters')
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) URL');

/**
 * Refuses, when it is registered, a webhook URL the worker would never deliver to: credentials in
 * it, an IP literal outside public unicast or a `localhost` name that WEBHOOK_ALLOWLIST does not
 * permit. No DNS lookup here (a name may resolve differently later): the worker checks the
 * resolved addresses at delivery. Throws FieldError (422) naming `field`; null/undefined pass.
 */
export function checkWebhookTarget(
  field: string,
  url: string | null | undefined,
  allowlist: WebhookAllowlist,
): void {
  if (url === null || url === undefined) return;
  try {
    checkWebhookUrl(url, allowlist);
  } catch (err) {
    if (err instanceof WebhookTargetRefusedError) throw new FieldError(field, err.message);
    throw err;
  }
}

/**
 * Checks analysis names against the engine's registry (ANALYSES) and that options are given only
 * for requested analyses. Returns the names (deduplicated, in request order; the default set when
 * none) and the options. Throws FieldError naming `analyses[i]` or `analysisOptions.<name>`.
 */
export function checkAnalyses(
  names: string[] | undefined,
  options: Record<string, Record<string, unknown>> | undefined,
): { analyses: string[]; analysisOptions: Record<string, Record<string, unknown>> } {
  const analyses = [...new Set(names ?? DEFAULT_POSITION_ANALYSES.filter((n) => ANALYSES.has(n)))];
  (names ?? []).forEach((name, i) => {
    if (!ANALYSES.has(name)) {
      throw new FieldError(
        `analyses[${i}]`,
        `unknown analysis ${JSON.stringify(name)} (known: ${[...ANALYSES.keys()].join(', ')})`,
      );
    }
  });
  const analysisOptions = options ?? {};
  for (const name of Object.keys(analysisOptions)) {
    if (!analyses.includes(name)) {
      throw new FieldError(
        `analysisOptions.${name}`,
        `gives options for ${JSON.stringify(name)}, which is not in analyses`,
      );
    }
  }
  if (JSON.stringify(analysisOptions).length > MAX_OPTIONS_JSON) {
    throw new FieldError('analysisOptions', `is longer than ${MAX_OPTIONS_JSON} characters of JSON`);
  }
  return { analyses, analysisOptions };
}
