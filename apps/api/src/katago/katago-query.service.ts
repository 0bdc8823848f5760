import { JobOutcomeRepository, RedisService } from '@moyo/persistence';
import { Injectable } from '@nestjs/common';
import { JobSubmissionService } from '../jobs/job-submission.service';
import { RequestThread } from '../request-thread/request-thread.service';
import { THREAD_MIN_TEXT_CHARS, worthAThread } from '../request-thread/worth-a-thread';
import { turnLine } from './katago-jobs';
import {
  readKataGo,
  type KataGoLine,
  type KataGoQueryJobs,
  type KataGoReadOutcome,
  type KataGoReadTask,
} from './katago-read';

export type { KataGoLine } from './katago-read';

/** A turn whose job was queued: what to look at for its answer. */
export interface PendingTurn {
  queryId: string;
  turnNumber: number;
  jobId: string;
}

/** How long the api remembers a query's id for GET /v1/katago/analysis/:batchId. */
const QUERY_ID_TTL_S = 7 * 24 * 3600;

/**
 * The KataGo fronts' shared core on the api: a query is read as KataGo reads it (errors and
 * warnings from the engine's parser), each turn becomes a position job for the workers (the
 * `katago` analysis), and a finished job becomes the turn's KataGo answer with the query's id.
 */
@Injectable()
export class KataGoQueryService {
  constructor(
    private readonly submission: JobSubmissionService,
    private readonly outcomes: JobOutcomeRepository,
    private readonly redis: RedisService,
    private readonly thread: RequestThread,
  ) {}

  /**
   * Reads one query (an object, or a socket line's text): the lines to answer at once (errors,
   * warnings, action echoes) and the query to queue with its turns' jobs, if it is one. Actions are
   * answered here, except terminate (the caller's). A large query (THREAD_MIN_MOVES moves, or a
   * line of THREAD_MIN_TEXT_CHARS) is read on the request thread, so its parse, replay and jobs
   * never hold the event loop; 503 (HttpException) when too many wait for the thread.
   */
  async read(task: KataGoReadTask): Promise<KataGoReadOutcome> {
    const large = 'text' in task ? task.text.length >= THREAD_MIN_TEXT_CHARS : worthAThread(task.input);
    return large ? this.thread.run<KataGoReadOutcome>('readKataGo', task) : readKataGo(task);
  }

  /**
   * Queues a query's turns (one batch of position jobs, made by `read` or by POST /v1/positions'
   * reader with its extras: analyses, a webhook) under an optional Idempotency-Key; remembers the
   * query's id for the batch.
   */
  async submit(tenantId: string, read: KataGoQueryJobs, idempotencyKey?: string) {
    const { query, turnJobs } = read;
    const submitted = await this.submission.submitBatch(
      tenantId,
      turnJobs.map((t) => t.spec),
      idempotencyKey,
    );
    const { batch } = submitted;
    await this.redis.client.set(this.idKey(batch.id), query.id, 'EX', QUERY_ID_TTL_S);
    const turns: PendingTurn[] = turnJobs.map((t, i) => ({
      queryId: query.id,
      turnNumber: t.turnNumber,
      jobId: batch.jobIds[i],
    }));
    return { batchId: batch.id, turns, submitted };
  }

  /** The turn's answer line if its job has ended, else null. */
  async lineOf(tenantId: string, turn: PendingTurn): Promise<KataGoLine | null> {
    return (await this.linesOf(tenantId, [turn]))[0];
  }

  /**
   * The answer lines of the turns (null while a job runs), in their order, from one read of the
   * jobs' status and results: never their inputs (a 2000-move query's 500 turns hold 250,000 moves
   * of input, which parsing on the event loop held it for a second).
   */
  async linesOf(tenantId: string, turns: readonly PendingTurn[]): Promise<(KataGoLine | null)[]> {
    const jobs = await this.outcomes.forTenant(
      turns.map((t) => t.jobId),
      tenantId,
    );
    return turns.map((turn) => {
      const job = jobs.get(turn.jobId);
      if (!job)
        return { id: turn.queryId, turnNumber: turn.turnNumber, error: `job ${turn.jobId} not found` };
      return turnLine(turn.queryId, turn.turnNumber, job);
    });
  }

  /** The query id remembered for a batch (null once forgotten). */
  queryIdOf(batchId: string): Promise<string | null> {
    return this.redis.client.get(this.idKey(batchId));
  }

  private idKey(batchId: string): string {
    return this.redis.key('katago', 'query', batchId);
  }
}
