import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every level, so equal values give equal text whatever order
 * their keys were built in. `undefined` members are dropped as JSON.stringify does. Pure.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    // JSON.stringify writes undefined in an array as null itself: only nested objects need sorting,
    // so an array without objects (a move ["B", "Q16"]) is kept as it is, not copied.
    if (!value.some((v) => v !== null && typeof v === 'object')) return value;
    return value.map((v) => sortKeys(v));
  }
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
  return jobIdentity(parts).id;
}

/**
 * The job's deterministic id (`deterministicJobId`) and the hash of its input (`hashOf(input)`),
 * serialising the input once for both (a batch of 500 turns holds up to 250,000 moves). Pure.
 */
export function jobIdentity(parts: JobIdParts): { id: string; inputHash: string } {
  const input = canonicalJson(parts.input);
  // The canonical JSON of { kind, tenantId, input, options, engineVersion }: keys in sorted order,
  // undefined members left out, the input's text reused.
  const members: [string, string | undefined][] = [
    ['engineVersion', canonicalJson(parts.engineVersion)],
    ['input', input],
    ['kind', canonicalJson(parts.kind)],
    ['options', canonicalJson(parts.options)],
    ['tenantId', canonicalJson(parts.tenantId)],
  ];
  const text = `{${members
    .filter((m): m is [string, string] => m[1] !== undefined)
    .map(([key, json]) => `${JSON.stringify(key)}:${json}`)
    .join(',')}}`;
  const digest = createHash('sha256').update(text).digest('hex');
  return {
    id: `${parts.kind}-${digest.slice(0, 40)}`,
    inputHash: createHash('sha256')
      .update(input ?? 'undefined')
      .digest('hex'),
  };
}
