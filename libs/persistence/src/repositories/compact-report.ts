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
 * - the SGF export (libs/engine sgf/annotate.ts `sgfAnalysisOfReport`): the same fields, with
 *   `territory.owner` before `ownership` for TB/TW, and the first 5 best moves in its comment.
 *
 * Plus `engine` and `board` (the position's header: size, player to move, move number, komi,
 * rules, hash), and the marker `compacted` (COMPACTED_MARK) that says what was kept. Values are
 * copied, never recomputed or rounded, so those readers give the same answers from either form.
 * Pure; compacting a compacted report changes nothing.
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
    `analyses.moveValues.moves (first ${COMPACT_TOP_MOVES}: vertex, value, total)`,
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

function compactAnalyses(a: JsonObject): JsonObject {
  const out: JsonObject = {};
  const score = pick(a.score, ['scoreLead', 'lower', 'upper']);
  if (score) out.score = score;
  const territory = pick(a.territory, ['ownership', 'owner', 'scoreLead']);
  if (territory) out.territory = territory;
  const dead = pick(a.deadStones, ['deadStones']);
  if (dead) out.deadStones = dead;
  const mv = a.moveValues;
  if (isObject(mv)) {
    const values = pick(mv, ['player']) as JsonObject;
    if (Array.isArray(mv.moves)) {
      values.moves = mv.moves
        .slice(0, COMPACT_TOP_MOVES)
        .map((m) => (isObject(m) ? pick(m, ['vertex', 'value', 'total']) : m));
    } else if ('moves' in mv) values.moves = mv.moves;
    out.moveValues = values;
  }
  return out;
}

/** The compacted form of a stored report (see above); a compacted report is returned as it is. */
export function compactReport(report: Json): JsonObject {
  if (isCompactedReport(report)) return report as JsonObject;
  const r = isObject(report) ? report : {};
  const out: JsonObject = { compacted: COMPACTED_MARK };
  if ('engine' in r) out.engine = r.engine;
  if ('board' in r) out.board = r.board;
  out.analyses = isObject(r.analyses) ? compactAnalyses(r.analyses) : {};
  return out;
}
