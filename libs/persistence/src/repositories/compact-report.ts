/**
 * The stored form of a finished followed game's move results (apps/ingest, bounded storage). A
 * move's report holds what every analysis it ran found (board chains and liberties, Bouzy maps,
 * dead-stone groups with their eyes and safety, every move's follow-up values, the score's
 * breakdown, timings: ~18 kB of JSON on a 19x19 middle game with six analyses); once the game has
 * ended, only what its readers take from a move stays:
 *
 * - the viewer's game and job views (apps/viewer/src/analysis.ts `moveAnalysis`): the score lead
 *   (`score.scoreLead`, else `territory.scoreLead`), the score's `lower` and `upper`, the
 *   ownership (`territory.ownership`, else `territory.owner`), `deadStones.deadStones` and the
 *   first 5 of `moveValues.moves` (vertex, total, value);
 * - the board picture (`GET /v1/jobs/:id/board.svg`, libs/engine render/results.ts): those
 *   maps and dead stones, and the 5 moves of highest `value` (kept too: `keptMoves`); its Bouzy
 *   and Freihofner maps are computed from the stones when the result lacks them;
 * - the SGF export (libs/engine sgf/annotate.ts `sgfAnalysisOfReport`): the same fields, with
 *   `territory.owner` before `ownership` for TB/TW, and the first 5 best moves in its comment.
 *
 * Plus `engine` and `board` (the position's header: size, player to move, move number, komi,
 * rules, hash), and the marker `compacted` (COMPACTED_MARK) that says what was kept. Values are
 * copied, never recomputed or rounded, so those readers give the same answers from either form.
 * Pure; compacting a compacted report changes nothing.
 *
 * The two maps are most of what stays (a number per point, ~12 bytes each as jsonb), so they are
 * stored as text: `ownership` (hundredths, as the engine gives them) as `ownershipPct`, one
 * signed byte of hundredths a point in base64; `owner` (1, -1, 0) as `ownerMap`, `X`, `O` or `.`
 * a point, a run of more than one written once with its length (`X12.3O`). The marker is stored short (`{"reason": "finished-game"}`) and read whole.
 * Only a map whose every value comes back exactly is stored so; every read expands them
 * (`expandCompactReport`, through board-result.ts `expandResult`), so readers see the arrays.
 */

type Json = unknown;
type JsonObject = Record<string, Json>;

/** Best moves a compacted report keeps (the viewer draws 5; the SGF comment lists 5). */
export const COMPACT_TOP_MOVES = 5;

/** The `compacted` marker of a compacted report (README, "Results of finished games"). */
export const COMPACTED_MARK = {
  reason: 'finished-game',
  kept: [
    'engine',
    'board',
    'analyses.score.scoreLead',
    'analyses.score.lower',
    'analyses.score.upper',
    'analyses.territory.ownership',
    'analyses.territory.owner',
    'analyses.territory.scoreLead',
    'analyses.deadStones.deadStones',
    `analyses.moveValues.moves (the first ${COMPACT_TOP_MOVES} and the ${COMPACT_TOP_MOVES} of highest value: vertex, value, total)`,
  ],
} as const;

const isObject = (v: Json): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

/** True when `report` is a compacted report (it carries the `compacted` marker). */
export function isCompactedReport(report: Json): boolean {
  return isObject(report) && isObject(report.compacted);
}

/** The named keys of `o` that are present, in that order (absent keys stay absent). */
function pick(o: Json, keys: readonly string[]): JsonObject | undefined {
  if (!isObject(o)) return undefined;
  const out: JsonObject = {};
  for (const k of keys) if (k in o) out[k] = o[k];
  return out;
}

const OWNER_CHARS: Record<string, string> = { '1': 'X', '-1': 'O', '0': '.' };
const OWNER_VALUES: Record<string, number> = { X: 1, O: -1, '.': 0 };
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const OWNER_TEXT = /^(?:[XO.](?:[2-9]|[1-9]\d+)?)+$/;
const OWNER_RUN = /([XO.])(\d*)/g;

/** `ownership` as base64 hundredths (a signed byte each); null unless all come back exactly. */
function ownershipText(v: Json): string | null {
  if (!Array.isArray(v) || v.length === 0) return null;
  const out = new Int8Array(v.length);
  for (let i = 0; i < v.length; i++) {
    const x: Json = v[i];
    if (typeof x !== 'number') return null;
    const pct = Math.round(x * 100);
    if (pct / 100 !== x || Math.abs(pct) > 100 || Object.is(x, -0)) return null;
    out[i] = pct;
  }
  return Buffer.from(out.buffer).toString('base64');
}

/** `owner` as runs of X, O or . (see above); null unless it holds only 1, -1 and 0. */
function ownerText(v: Json): string | null {
  if (!Array.isArray(v) || v.length === 0) return null;
  let text = '';
  for (let i = 0; i < v.length;) {
    const x: Json = v[i];
    const c = typeof x === 'number' && !Object.is(x, -0) ? OWNER_CHARS[String(x)] : undefined;
    if (c === undefined) return null;
    let j = i + 1;
    while (j < v.length && Object.is(v[j], x)) j++;
    text += j - i > 1 ? `${c}${j - i}` : c;
    i = j;
  }
  return text;
}

/** The owner map back from its runs. */
function ownerOf(text: string): number[] {
  const out: number[] = [];
  for (const [, c, n] of text.matchAll(OWNER_RUN)) {
    for (let k = n ? Number(n) : 1; k > 0; k--) out.push(OWNER_VALUES[c]);
  }
  return out;
}

/** The territory analysis' maps as text (see above), the other kept keys as they are. */
function compactTerritory(t: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(t)) {
    const pct = k === 'ownership' ? ownershipText(v) : null;
    const owner = k === 'owner' ? ownerText(v) : null;
    if (pct !== null) out.ownershipPct = pct;
    else if (owner !== null) out.ownerMap = owner;
    else out[k] = v;
  }
  return out;
}

const GTP_VERTEX = /^([A-HJ-Z])(\d{1,2})$/;

/**
 * Which of the best moves stay: the first COMPACT_TOP_MOVES (the engine's order: the viewer and
 * the SGF comment take those), and the COMPACT_TOP_MOVES the board picture's `moveValues` overlay
 * draws (libs/engine render/board-overlays.ts: highest `value`, ties in reading order: higher row
 * number first, then column), so that picture is the same too.
 */
function keptMoves(moves: Json[]): Set<number> {
  const keep = new Set<number>();
  const drawn: { i: number; value: number; row: number; col: string }[] = [];
  moves.forEach((m, i) => {
    if (i < COMPACT_TOP_MOVES) keep.add(i);
    const at = isObject(m) && typeof m.vertex === 'string' ? GTP_VERTEX.exec(m.vertex) : null;
    if (at && isObject(m) && typeof m.value === 'number' && Number.isFinite(m.value)) {
      drawn.push({ i, value: m.value, row: Number(at[2]), col: at[1] });
    }
  });
  drawn.sort((a, b) => b.value - a.value || b.row - a.row || (a.col < b.col ? -1 : a.col > b.col ? 1 : 0));
  for (const d of drawn.slice(0, COMPACT_TOP_MOVES)) keep.add(d.i);
  return keep;
}

function compactAnalyses(a: JsonObject): JsonObject {
  const out: JsonObject = {};
  const score = pick(a.score, ['scoreLead', 'lower', 'upper']);
  if (score) out.score = score;
  // ownershipPct and ownerMap: the maps of a compacted report, stored or read (expanded) again.
  const territory = pick(a.territory, ['ownership', 'ownershipPct', 'owner', 'ownerMap', 'scoreLead']);
  if (territory) out.territory = compactTerritory(territory);
  const dead = pick(a.deadStones, ['deadStones']);
  if (dead) out.deadStones = dead;
  const mv = a.moveValues;
  if (isObject(mv)) {
    const values = pick(mv, ['player']) as JsonObject;
    if (Array.isArray(mv.moves)) {
      const keep = keptMoves(mv.moves);
      values.moves = mv.moves
        .filter((_, i) => keep.has(i))
        .map((m) => (isObject(m) ? pick(m, ['vertex', 'value', 'total']) : m));
    } else if ('moves' in mv) values.moves = mv.moves;
    out.moveValues = values;
  }
  return out;
}

/** The compacted form of a stored report (see above); the same again from a compacted one. */
export function compactReport(report: Json): JsonObject {
  const r = isObject(report) ? report : {};
  const out: JsonObject = { compacted: { reason: COMPACTED_MARK.reason } };
  if ('engine' in r) out.engine = r.engine;
  if ('board' in r) out.board = r.board;
  out.analyses = isObject(r.analyses) ? compactAnalyses(r.analyses) : {};
  return out;
}

/**
 * A stored compacted report as its readers see it: the whole marker (COMPACTED_MARK), the
 * territory maps stored as text back to arrays (the same numbers as the engine gave). Anything
 * else is returned as it is.
 */
export function expandCompactReport<T>(stored: T): T {
  if (!isCompactedReport(stored)) return stored;
  const report: JsonObject = { ...(stored as JsonObject), compacted: COMPACTED_MARK };
  const analyses = report.analyses;
  const t = isObject(analyses) ? analyses.territory : undefined;
  if (!isObject(t)) return report as T;
  const pct = t.ownershipPct;
  const owner = t.ownerMap;
  const pctOk = typeof pct === 'string' && BASE64.test(pct);
  const ownerOk = typeof owner === 'string' && OWNER_TEXT.test(owner);
  if (!pctOk && !ownerOk) return report as T;
  const territory: JsonObject = {};
  for (const [k, v] of Object.entries(t)) {
    if (k === 'ownershipPct' && pctOk) {
      territory.ownership = Array.from(new Int8Array(Buffer.from(pct, 'base64')), (x) => x / 100);
    } else if (k === 'ownerMap' && ownerOk) territory.owner = ownerOf(owner);
    else territory[k] = v;
  }
  return { ...report, analyses: { ...(analyses as JsonObject), territory } } as T;
}
