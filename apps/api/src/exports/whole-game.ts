import { finalJobIdOf, GameStreamRepository, JobRepository } from '@moyo/persistence';
import { Injectable } from '@nestjs/common';
import type { StoredPositionInput } from './game-from-input';

/**
 * A followed game's ended older move stores its input compacted (apps/ingest, linear storage):
 * the board `omittedMoves` moves in as setup stones, then only the last few moves.
 */
export type CompactableInput = StoredPositionInput & { omittedMoves?: number };

/** How many of the game's moves a compacted input stands for as setup stones (0: not compacted). */
export function omittedOf(input: CompactableInput): number {
  return typeof input.omittedMoves === 'number' && input.omittedMoves > 0 ? input.omittedMoves : 0;
}

const sameMove = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) && a[0] === b[0] && a[1] === b[1];

/**
 * The compacted input `compact` as the whole game up to its move, from `whole` (the input of a
 * later move of the same game, not compacted): its setup stones and first `omittedMoves + moves`
 * moves. Null when `whole` is not that game (too short, compacted, or other moves at the window).
 * The same rule as the viewer's (apps/viewer/src/compacted.ts). Pure.
 */
export function expandCompacted(
  compact: CompactableInput,
  whole: CompactableInput,
): StoredPositionInput | null {
  const omitted = omittedOf(compact);
  const window = compact.moves ?? [];
  const moves = whole.moves ?? [];
  const n = omitted + window.length;
  if (omittedOf(whole) > 0 || moves.length < n) return null;
  if (!window.every((m, i) => sameMove(moves[omitted + i], m))) return null;
  if (
    whole.boardXSize !== compact.boardXSize ||
    (whole.boardYSize ?? whole.boardXSize) !== (compact.boardYSize ?? compact.boardXSize)
  ) {
    return null;
  }
  const { omittedMoves: _omitted, ...rest } = compact;
  return {
    ...rest,
    initialStones: whole.initialStones,
    initialPlayer: whole.initialPlayer,
    moves: moves.slice(0, n),
  };
}

/** A compacted job's whole game, and the job of the game record it came from. */
export interface WholeGame {
  input: StoredPositionInput;
  recordJobId: string;
}

/**
 * Finds the whole game up to a compacted job's move the way the viewer does
 * (apps/viewer/src/sources/whole-game.ts): the job's followed game (game_move_analyses), then
 * that game's final job (a finished game), else its newest move's job, whose input holds every
 * move. Null when the job belongs to no followed game or neither record matches its moves.
 */
@Injectable()
export class CompactedJobRecords {
  constructor(
    private readonly streams: GameStreamRepository,
    private readonly jobs: JobRepository,
  ) {}

  async wholeGameOf(jobId: string, input: CompactableInput): Promise<WholeGame | null> {
    const move = await this.streams.moveOfJob(jobId);
    const stream = move ? await this.streams.findById(move.streamId) : null;
    if (!stream) return null;
    const candidates = [finalJobIdOf(stream), await this.streams.latestMoveJobId(stream.id)];
    for (const id of candidates) {
      if (!id || id === jobId) continue;
      const record = await this.jobs.findForTenant(id, stream.tenantId);
      const whole = record ? expandCompacted(input, record.input as unknown as CompactableInput) : null;
      if (whole) return { input: whole, recordJobId: id };
    }
    return null;
  }
}
