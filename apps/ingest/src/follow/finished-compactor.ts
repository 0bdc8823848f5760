import type { PositionInput } from '@moyo/contracts';
import type { GameStreamRepository, RedisClient, StreamCompactionRepository } from '@moyo/persistence';
import { COMPACT_WINDOW, CompactReplay } from './compact-input';
import { compactEndedMoves } from './compact-moves';
import { compactFinishedResults } from './compact-results';
import type { CoordinatorLog } from './stream-coordinator';

/** How often one ingest replica looks for finished games left to compact. */
export const FINISHED_COMPACT_INTERVAL_MS = 30_000;
/** Finished streams one sweep takes on at most. */
const STREAMS_PER_SWEEP = 20;

/** What one sweep did. */
export interface CompactSweep {
  /** Finished streams looked at. */
  streams: number;
  /** Moves whose stored input was compacted. */
  moves: number;
  /** Move results compacted (compact-results.ts). */
  results: number;
  /** Streams now compacted completely (marked: later sweeps skip them). */
  completed: number;
}

/**
 * Compacts finished games completely. When a game ends, QueueSink.finishGame compacts every move
 * whose job has ended, from the final position's job (its input is the whole game); moves whose
 * job was still queued or running then keep their whole input until this sweep finds them ended.
 * Every FINISHED_COMPACT_INTERVAL_MS one replica (Redis `SET NX PX` on
 * `<prefix>:ingest:compact:lock`) takes the finished streams not yet marked, compacts their ended
 * moves and marks a stream once none of its moves holds the whole game any more. Idempotent: a
 * move is compacted once (`input_compacted`), and the compact form is the same from any replica.
 * The ended moves' results are compacted in the same sweep (`compactFinishedResults`, marked by
 * `compacted` in the result); a stream is marked once its inputs and its results are all done.
 */
export class FinishedGamesCompactor {
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<unknown>;

  constructor(
    private readonly streams: GameStreamRepository,
    private readonly compaction: StreamCompactionRepository,
    private readonly redis: RedisClient,
    private readonly lockKey: string,
    private readonly log?: CoordinatorLog,
    private readonly intervalMs = FINISHED_COMPACT_INTERVAL_MS,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.sweepIfFirst(), this.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a sweep in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  /** One sweep, unless another replica took this period's lock. Never throws: errors are logged. */
  private sweepIfFirst(): Promise<unknown> {
    this.sweeping ??= (async () => {
      const took = await this.redis.set(this.lockKey, '1', 'PX', this.intervalMs, 'NX');
      if (took !== 'OK') return;
      const done = await this.sweepOnce();
      if (done.moves > 0 || done.results > 0 || done.completed > 0)
        this.log?.info({ ...done }, 'finished games compacted');
    })()
      .catch((err: unknown) => this.log?.warn({ err: String(err) }, 'finished-game compaction failed'))
      .finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  /** Compacts the ended moves of finished streams not yet marked, and marks those now complete. */
  async sweepOnce(): Promise<CompactSweep> {
    const todo = await this.compaction.finishedToCompact(STREAMS_PER_SWEEP);
    const done: CompactSweep = { streams: todo.length, moves: 0, results: 0, completed: 0 };
    for (const { streamId, finalJobId } of todo) {
      const whole = finalJobId ? ((await this.compaction.inputOf(finalJobId)) as PositionInput | null) : null;
      // Without the whole game (no final job, or removed by retention) no input can be compacted.
      let inputsLeft = false;
      if (whole && !whole.omittedMoves) {
        done.moves += await compactEndedMoves(
          this.streams,
          streamId,
          whole,
          new CompactReplay(),
          COMPACT_WINDOW,
          whole.moves.length + 1,
        );
        inputsLeft = (await this.compaction.wholeMovesLeft(streamId, COMPACT_WINDOW)) > 0;
      }
      done.results += await compactFinishedResults(this.compaction, streamId);
      if (inputsLeft || (await this.compaction.resultsLeft(streamId)) > 0) {
        // Behind the streams not tried yet: games whose jobs never end must not starve the rest.
        await this.compaction.markTried(streamId);
        continue;
      }
      await this.compaction.markCompacted(streamId);
      done.completed++;
    }
    return done;
  }
}
