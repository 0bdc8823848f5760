import type { AnalysisOptions } from './types';

/**
 * Refuses option keys an analysis does not know, naming the analysis and the key
 * (`territory.foo: unknown option (known: ...)`), so a typo is an error and not a silent default.
 */
export function checkOptionKeys(
  options: AnalysisOptions,
  allowed: readonly string[],
  analysis: string,
): void {
  for (const key of Object.keys(options)) {
    if (!allowed.includes(key)) {
      throw new RangeError(`${analysis}.${key}: unknown option (known: ${allowed.join(', ') || 'none'})`);
    }
  }
}

/** An integer option in [min, max], or `fallback` when absent; anything else is a RangeError naming it. */
export function intOption(
  options: AnalysisOptions,
  field: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const v = options[field] ?? fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new RangeError(`${field}: must be an integer from ${min} to ${max}, got ${JSON.stringify(v)}`);
  }
  return v;
}
