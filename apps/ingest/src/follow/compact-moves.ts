import type { PositionInput } from '@moyo/contracts';
import type { GameStreamRepository } from '@moyo/persistence';
import type { CompactReplay } from './compact-input';

/** Moves compacted per statement (each batch replays and writes a few ms' worth, then yields). */
const COMPACT_BATCH = 32;

/**
 * Linear storage: replaces the stored input of the stream's current moves in (`afterMove`,
 * `beforeMove`) whose job has ended by its compact form (`CompactReplay`: the board a few moves
 * back plus those moves), `COMPACT_BATCH` moves per statement, oldest first. `whole` is the input
 * of a move at least as late as all of them (the newest move's, or the finished game's final
 * position's). Jobs not ended yet keep their whole input. Returns the number of moves compacted.
 */
export async function compactEndedMoves(
  streams: GameStreamRepository,
  streamId: string,
  whole: PositionInput,
  replay: CompactReplay,
  afterMove: number,
  beforeMove: number,
): Promise<number> {
  let after = afterMove;
  let compacted = 0;
  for (;;) {
    const due = await streams.movesToCompact(streamId, after, beforeMove, COMPACT_BATCH);
    if (due.length === 0) return compacted;
    const inputs = replay.compact(
      whole,
      due.map((d) => d.moveNumber),
    );
    await streams.storeCompactInputs(
      streamId,
      due.map((d) => ({ ...d, input: inputs.get(d.moveNumber) as never })),
    );
    compacted += due.length;
    if (due.length < COMPACT_BATCH) return compacted;
    after = due[due.length - 1].moveNumber;
  }
}
