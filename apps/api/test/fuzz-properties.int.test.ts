import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { smallPosition, useApi } from './support/api-harness';
import { listenOnLoopback } from '../../../test/support/listen';
import { REQUEST_FIELDS } from './support/fixtures';

/**
 * Property-based fuzzing of the api's validation (fast-check) over real HTTP: bodies that are
 * anything JSON can say (and some it cannot: broken text, NUL, lone surrogates, 1e999, nesting
 * thousands deep), valid requests with one field replaced or added, query strings and ids.
 * Properties: never a 5xx, always a JSON answer, and every refused body or query a 400 or 422
 * whose `field` (or `errors[].field`) names what was wrong.
 *
 * MOYO_FUZZ_RUNS sets the number of requests (default 500; `MOYO_FUZZ_RUNS=10000` for the full run);
 * MOYO_FUZZ_SEED picks another sequence (default 20261125, so the suite's run is reproducible); a
 * failure prints its seed and the smallest failing input it found.
 */
const RUNS = positiveInt('MOYO_FUZZ_RUNS', 500);
/** A fixed seed, so the suite's run is the same every time; MOYO_FUZZ_SEED explores others. */
const SEED = positiveInt('MOYO_FUZZ_SEED', 20261125);

function positiveInt(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${text}`);
  return n;
}

/** Text that has broken stores and parsers before: NUL, lone surrogates, addresses, huge numerals. */
const NASTY_STRINGS = [
  '',
  '\u0000',
  'Q16\u0000',
  '\ud800',
  'a\udc00b',
  '\u202e\u0007\u001b[31m',
  '\ufeff',
  '😀',
  'pass',
  'Q16',
  'tt',
  'B',
  'W',
  'japanese',
  'territory',
  'http://127.0.0.1/x',
  'http://[::127.0.0.1]/',
  'http://0x7f000001/',
  'http://2130706433/',
  'https://example.com/h',
  'javascript:alert(1)',
  '(;GM[1]SZ[19];B[pd];W[pd])',
  '(;SZ[19]',
  '(;SZ[19]AB[aa:ss];W[tt])',
  '(;GM[1]SZ[9]C[\u0000])',
  'OO!%O.X%!..',
  '1e999',
  '-0',
  'NaN',
  '__proto__',
  'constructor',
  'x'.repeat(70_000),
];

const FIELDS = [...REQUEST_FIELDS, 'ogsGameId', 'id', 'maxVisits', '__proto__'];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string16bits({ maxLength: 40 }),
  fc.fullUnicodeString({ maxLength: 40 }),
  fc.string({ maxLength: 20 }),
);
const nastyNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.5,
    6.5,
    19,
    25,
    26,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    1e21,
    -1e21,
    1e308,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const leaf = fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null));
const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), nastyString), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** The array or object nested `depth` levels deep, as JSON text (JSON.stringify would recurse). */
const deepJson = fc
  .tuple(fc.integer({ min: 30, max: 5000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );

/** JSON text that JSON.stringify never writes: cut short, 1e999, raw control characters, junk. */
const brokenJson = fc.oneof(
  fc.constantFrom(
    '{"moves": [["B", "Q16"]]',
    '{"komi": 1e999}',
    '{"boardXSize": -1e999}',
    '{"rules": "\u0000"}',
    '{"sgf": "(;SZ[19]\\u0000)"}',
    '{"moves": [["B", "\\ud800"]]}',
    '{"\\udfff": 1}',
    '{"moves": [["B", "Q16"]], "moves": 5}',
    '{"a":1,}',
    "{'komi': 6.5}",
    'null',
    '"just a string"',
    '[]',
    '',
  ),
  fc.string({ maxLength: 60 }),
  deepJson,
);

const BASES: Record<string, () => Record<string, unknown>> = {
  '/v1/positions': () => smallPosition({ analyses: ['bouzy'] }),
  '/v1/eyegraphs': () => ({ graph: 'OO!%O.X%!..' }),
  '/v1/webhooks': () => ({ url: 'https://example.com/h' }),
  '/v1/streams': () => ({ ogsGameId: 12345 }),
  // KataGo's analysis query, on its own route and on /v1/positions (a body with `id`).
  '/v1/katago/analysis': () => katagoQuery(),
  '/v1/positions#katago': () => katagoQuery(),
};

function katagoQuery(): Record<string, unknown> {
  return {
    id: 'q1',
    moves: [
      ['B', 'Q16'],
      ['W', 'D4'],
    ],
    rules: 'tromp-taylor',
    komi: 7.5,
    boardXSize: 19,
    boardYSize: 19,
    analyzeTurns: [1, 2],
  };
}

type FuzzRequest =
  { kind: 'post'; path: string; text: string; idempotencyKey?: string } | { kind: 'get'; path: string };

const postBody = (path: string): fc.Arbitrary<string> =>
  fc.oneof(
    // The valid request itself (accepted: the rest of the path runs too).
    fc.constant(null).map(() => JSON.stringify(BASES[path]())),
    // Any JSON value as the whole body.
    nastyValue.map((v) => JSON.stringify(v) ?? 'null'),
    // A valid request with one field replaced, or one unknown field added.
    fc
      .tuple(fc.constantFrom(...FIELDS), nastyValue)
      .map(([field, value]) => JSON.stringify({ ...BASES[path](), [field]: value })),
    fc
      .tuple(nastyString, nastyValue)
      .map(([field, value]) => JSON.stringify({ ...BASES[path](), [field]: value })),
    brokenJson,
  );

/**
 * Percent-encodes text for a URL, lone surrogates included (as the three bytes of their WTF-8
 * form, which no UTF-8 decoder accepts): encodeURIComponent throws on them.
 */
function encodeAny(text: string): string {
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]|[^]/g, (unit) => {
    const c = unit.charCodeAt(0);
    if (unit.length === 1 && c >= 0xd800 && c <= 0xdfff) {
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(unit);
  });
}

/** URL text: a request line over 16 kB is refused by Node's HTTP parser (431) before the api. */
const urlString = nastyString.filter((v) => v.length <= 500);
const queryValue = fc.oneof(urlString, nastyNumber.map(String));
const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(...Object.keys(BASES)).chain((path) =>
      fc.record(
        {
          kind: fc.constant('post' as const),
          path: fc.constant(path.split('#')[0]),
          text: postBody(path),
          // Header values can only be Latin-1 text: anything else the client itself refuses.
          idempotencyKey: fc.string({ maxLength: 220 }).filter((k) => /^[\x20-\x7e]*$/.test(k)),
        },
        { requiredKeys: ['kind', 'path', 'text'] },
      ),
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .dictionary(
        fc.constantFrom('status', 'kind', 'batchId', 'createdAfter', 'createdBefore', 'limit', 'cursor', 'x'),
        queryValue,
        { maxKeys: 4 },
      )
      .map((query) => ({
        kind: 'get' as const,
        path: `/v1/jobs?${Object.entries(query)
          .map(([k, v]) => `${k}=${encodeAny(v)}`)
          .join('&')}`,
      })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('/v1/jobs/', '/v1/batches/', '/v1/jobs/x/events?', '/v1/games/'), urlString)
      .map(([prefix, id]) => ({
        kind: 'get' as const,
        path: prefix.endsWith('?') ? `${prefix}since=${encodeAny(id)}` : prefix + encodeAny(id),
      })),
  },
);

describe('property-based fuzz of the api validation (fast-check, MOYO_FUZZ_RUNS requests)', () => {
  const api = useApi({ RATE_LIMIT_REQUESTS: '100000000' });
  let base: string;
  let key: string;

  beforeAll(async () => {
    base = await listenOnLoopback(api.app);
    key = (await api.newTenant('fuzz')).key;
  });

  it(
    `${RUNS} requests: no 5xx, every refusal a 400/422 naming the field`,
    { timeout: 120_000 + RUNS * 100 },
    async () => {
      const counts = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(fuzzRequest, async (req) => {
          const headers: Record<string, string> = { Authorization: `Bearer ${key}` };
          if (req.kind === 'post') {
            headers['content-type'] = 'application/json';
            if (req.idempotencyKey !== undefined) headers['idempotency-key'] = req.idempotencyKey;
          }
          const res = await fetch(`${base}${req.path}`, {
            method: req.kind === 'post' ? 'POST' : 'GET',
            headers,
            body: req.kind === 'post' ? req.text : undefined,
            signal: AbortSignal.timeout(30_000),
          });
          // An event stream of a job that exists would not end: none does (ids are random).
          const text = await res.text();
          counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
          const where = `${res.status} for ${req.kind.toUpperCase()} ${req.path.slice(0, 200)}: ${text.slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(500);
          expect(res.headers.get('content-type') ?? '', where).toMatch(/application\/json/);
          const body = JSON.parse(text) as {
            message?: unknown;
            field?: unknown;
            errors?: { field?: unknown }[];
          };
          if (res.status >= 400) {
            expect(typeof body.message, where).toBe('string');
            // Not found (an id or game that does not exist) is an answer, not a validation error.
            if (res.status === 404) return;
            expect([400, 422], where).toContain(res.status);
            const named =
              typeof body.field === 'string' || (body.errors ?? []).some((e) => typeof e.field === 'string');
            expect(named, where).toBe(true);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      const summary = [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${n}x${s}`);
      process.stdout.write(`fuzz: ${RUNS} requests: ${summary.join(' ')}\n`);
      expect([...counts.keys()].every((s) => s < 500)).toBe(true);
    },
  );
});
