import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every level, so equal values give equal text whatever order
 * their keys were built in. `undefined` members are dropped as JSON.stringify does. Pure.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : sortKeys(v)));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/** Hex SHA-256 of the canonical JSON of `value`. Pure. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

export interface JobIdParts {
  /** 'position' or 'eyegraph' (the jobs.kind column). */
  kind: string;
  /** Dedupe is per tenant: the same position from two tenants gives two jobs. */
  tenantId: string | null;
  /** The normalised input and the options that change the answer. */
  input: unknown;
  options: unknown;
  /** A new engine version must not reuse an old answer. */
  engineVersion: string;
}

/**
 * Deterministic job id: the same (kind, tenant, input, options, engine version) always gives the
 * same id, so BullMQ ignores a duplicate `add` and the jobs table keeps one row. The id holds no
 * ':' (BullMQ keys use it as separator) and is not an integer (BullMQ refuses those). Pure.
 */
export function deterministicJobId(parts: JobIdParts): string {
  const digest = hashOf({
    kind: parts.kind,
    tenantId: parts.tenantId,
    input: parts.input,
    options: parts.options,
    engineVersion: parts.engineVersion,
  });
  return `${parts.kind}-${digest.slice(0, 40)}`;
}
