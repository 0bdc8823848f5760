import type { JobView, KataGoMove, PositionInput } from './types';

/**
 * Stored inputs of a followed game's older moves are compacted (apps/ingest, linear storage): the
 * board `omittedMoves` moves in as setup stones, then only the last moves. These pure helpers tell
 * one apart and make the whole game up to its move again from a later, whole input.
 */

/** True when a stored input is compacted: the board some moves in, then only the last moves. */
export function isCompacted(input: PositionInput): boolean {
  return (input.omittedMoves ?? 0) > 0;
}

/**
 * The followed game a job of one of its moves belongs to: the stream id in the job id
 * (`ogs-<game>-<move>-<hash>-<stream id without dashes>`), else the OGS game id of its source.
 */
export function gameIdOf(job: Pick<JobView, 'id' | 'options'>): string | null {
  const m = /^ogs-\d+-\d+-[0-9a-z]+-([0-9a-f]{32})$/.exec(job.id);
  if (m) {
    const h = m[1];
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  const ogs = job.options?.source?.ogsGameId;
  return typeof ogs === 'number' ? String(ogs) : null;
}

const sameMoves = (a: KataGoMove[], b: KataGoMove[]) =>
  a.length === b.length && a.every((m, i) => m[0] === b[i][0] && m[1] === b[i][1]);

/**
 * The compacted input `compact` as the whole game up to its move, from `whole` (the input of a
 * later move of the same game, not compacted): its setup stones and first `omittedMoves + moves`
 * moves. Null when `whole` is not that game (too short, or other moves at the window). Pure.
 */
export function expandCompacted(compact: PositionInput, whole: PositionInput): PositionInput | null {
  const omitted = compact.omittedMoves ?? 0;
  const n = omitted + compact.moves.length;
  if (isCompacted(whole) || whole.moves.length < n) return null;
  if (!sameMoves(whole.moves.slice(omitted, n), compact.moves)) return null;
  const { omittedMoves: _omitted, ...rest } = compact;
  return {
    ...rest,
    initialStones: whole.initialStones,
    initialPlayer: whole.initialPlayer,
    moves: whole.moves.slice(0, n),
  };
}
