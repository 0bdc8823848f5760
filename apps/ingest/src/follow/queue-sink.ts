import {
  ANALYSIS_JOB_OPTIONS,
  JobName,
  hashOf,
  type AnalyzePositionJob,
  type JobPayloadOf,
  type PositionInput,
} from '@moyo/contracts';
import { ANALYSES } from '@moyo/engine';
import type {
  GameStream,
  GameStreamRepository,
  JobRepository,
  StreamCompactionRepository,
} from '@moyo/persistence';
import type { Queue } from 'bullmq';
import { COMPACT_WINDOW, CompactReplay } from './compact-input';
import { compactEndedMoves } from './compact-moves';
import { compactFinishedResults } from './compact-results';
import type { FinishedGame, FollowedMove, MoveSink } from './game-follower';

/** The older moves' stored inputs are compacted every this many moves (and at the game's end). */
export const COMPACT_EVERY = 16;
/**
 * The newest moves that always keep their whole input: a viewer a little behind the game takes
 * the game's moves from the newest job it knows of, which should not be compacted under it.
 */
export const KEEP_WHOLE = 16;
/** Analyses added to the stream's own for the finished game's last position, when registered. */
const FINAL_EXTRA = ['territory', 'deadStones', 'score'];

/**
 * The job id of a move of a followed stream: deterministic from the game, the move number, the
 * moves that lead to it and the stream, so every replica (and every retry) names the same job and
 * BullMQ and the jobs table keep one. The moves are part of it so that a move replaced by an undo
 * is a new job; the stream is, so that each tenant following the game has jobs (and webhooks) of
 * its own (the worker's result cache still computes a position once). Shape:
 * `ogs-<game>-<move|final>-<position hash>-<stream id without dashes>`.
 */
export function moveJobId(
  streamId: string,
  ogsGameId: number,
  moveNumber: number | 'final',
  input: PositionInput,
): string {
  return `ogs-${ogsGameId}-${moveNumber}-${hashOf(input).slice(0, 16)}-${streamId.replace(/-/g, '')}`;
}

/**
 * Hands the moves of one followed stream to the positions queue: jobs row, queue job, move row.
 * The jobs belong to the stream's tenant and carry its webhookUrl.
 */
export class QueueSink implements MoveSink {
  /** The input of the newest move handed over: every earlier move's position is a prefix of it. */
  private latest?: PositionInput;
  private readonly replay = new CompactReplay();

  constructor(
    private readonly stream: GameStream,
    private readonly jobs: JobRepository,
    private readonly streams: GameStreamRepository,
    private readonly queue: Queue,
    /** When given, finishGame compacts the ended moves' results too (compact-results.ts). */
    private readonly compaction?: StreamCompactionRepository,
  ) {}

  async deliverMove(move: FollowedMove): Promise<void> {
    const jobId = moveJobId(this.stream.id, move.ogsGameId, move.moveNumber, move.input);
    await this.enqueue(jobId, move.input, this.stream.analyses, {
      ogsGameId: move.ogsGameId,
      move: move.moveNumber,
    });
    await this.streams.recordMoveJob(this.stream.id, move.moveNumber, jobId);
    this.latest = move.input;
    if (move.moveNumber % COMPACT_EVERY === 0) await this.compact(move.moveNumber - KEEP_WHOLE);
  }

  /**
   * Linear storage: each move's job row holds every move up to its own, so a game's rows would add
   * up to n²/2 moves. Once a job has ended and KEEP_WHOLE later moves exist, its stored input is
   * replaced by the compact form (the board a few moves back plus those moves, `compactInputs`);
   * the newest moves and the final position keep the whole game, which readers take the moves
   * from. Compacts the ended moves before `beforeMove`.
   */
  private async compact(beforeMove: number): Promise<void> {
    if (!this.latest) return;
    await compactEndedMoves(
      this.streams,
      this.stream.id,
      this.latest,
      this.replay,
      COMPACT_WINDOW,
      beforeMove,
    );
  }

  /**
   * The moves after `keptMoves` were replaced: their analyses are marked superseded (kept), and
   * those of their jobs still waiting in the queue are cancelled and taken off it, so an undo
   * never leaves work for positions nobody will see. Only the new moves are enqueued afterwards.
   */
  async rewind(keptMoves: number): Promise<void> {
    const superseded = await this.streams.rewindMoves(this.stream.id, keptMoves);
    this.replay.reset(); // the moves it replayed may have changed
    // The kept moves are a prefix of the newest input: the game's newest move is now `keptMoves`,
    // and readers take the game's moves from its input, so it gets the whole input back.
    if (this.latest && keptMoves > 0 && keptMoves <= this.latest.moves.length) {
      const input = { ...this.latest, moves: this.latest.moves.slice(0, keptMoves) };
      await this.streams.restoreMoveInput(this.stream.id, keptMoves, input as never);
      this.latest = input;
    }
    const cancelled = await this.jobs.cancelQueued(superseded);
    // A job a worker took meanwhile stays (BullMQ refuses to remove it); the worker skips a
    // cancelled row (markRunning), and the reconciler leaves terminal rows alone.
    for (const id of cancelled) await this.queue.remove(id);
  }

  async finishGame(game: FinishedGame): Promise<void> {
    const jobId = moveJobId(this.stream.id, game.ogsGameId, 'final', game.input);
    const analyses = [...new Set([...this.stream.analyses, ...FINAL_EXTRA.filter((n) => ANALYSES.has(n))])];
    await this.enqueue(jobId, game.input, analyses, { ogsGameId: game.ogsGameId, final: true });
    await this.streams.markFinished(this.stream.id, {
      finalJobId: jobId,
      outcome: game.outcome,
      moveCount: game.moveCount,
    });
    // The final job holds the whole game (readers take the moves from it): every move's row is
    // compacted now, the newest ones too; those whose job has not ended yet are compacted by the
    // FinishedGamesCompactor once it has. So are their results (what the viewer and the SGF
    // export read stays).
    this.latest = game.input;
    await this.compact(game.moveCount + 1);
    if (this.compaction) await compactFinishedResults(this.compaction, this.stream.id);
  }

  private async enqueue(
    jobId: string,
    input: PositionInput,
    analyses: string[],
    source: Record<string, unknown>,
  ): Promise<void> {
    const { job, created } = await this.jobs.createIfAbsent({
      id: jobId,
      tenantId: this.stream.tenantId,
      kind: 'position',
      input: input as never,
      options: { analyses, source } as never,
      inputHash: hashOf(input),
      webhookUrl: this.stream.webhookUrl,
    });
    // A row that exists and is no longer queued was already handed to a worker: adding it again
    // could run it twice once BullMQ has dropped the finished job.
    if (!created && job.status !== 'queued') return;
    const payload: JobPayloadOf<typeof JobName.AnalyzePosition> = {
      name: JobName.AnalyzePosition,
      jobId,
      tenantId: this.stream.tenantId,
      batchId: null,
      analyses,
      options: {},
      input,
    } satisfies AnalyzePositionJob;
    // The pipeline's retry policy (attempts with backoff); the job id makes a repeat a no-op. A
    // finished job leaves Redis at once (its row holds the outcome): a game's payloads hold every
    // move up to theirs, so an hour of finished ones (the default) would be quadratic in its length.
    await this.queue.add(JobName.AnalyzePosition, payload, {
      ...ANALYSIS_JOB_OPTIONS,
      removeOnComplete: true,
      jobId,
    });
  }
}
