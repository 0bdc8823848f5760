import { createHash } from 'node:crypto';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Subject, type Observable } from 'rxjs';
import { renderBoardSvg, renderEyeGraphSvg } from '@moyo/engine';
import { finalJobIdOf, GameStreamRepository, JobRepository, type JobWithResult } from '@moyo/persistence';
import { eyeGraphJobPicture, jobPicture, type PictureRequest } from './job-picture';

/** Bumped when the drawing changes, so cached pictures of unchanged jobs are not reused. */
const RENDER_VERSION = '1';

/** A drawn board and its validator. */
export interface RenderedBoard {
  svg: string;
  etag: string;
  move: number;
  totalMoves: number;
  missing: string[];
}

/** Job status as the viewer's progress stream reports it. */
export interface JobProgress {
  id: string;
  status: string;
  progress: number;
  error: unknown;
  /** Present on the last event of a completed job. */
  result?: unknown;
}

/**
 * Board pictures of jobs and followed games. Every read takes the tenant: a job of another
 * tenant is not found, exactly as on `GET /v1/jobs/:id`.
 */
@Injectable()
export class BoardsService implements OnModuleDestroy {
  private readonly closing = new Subject<void>();

  constructor(
    private readonly jobs: JobRepository,
    private readonly streams: GameStreamRepository,
  ) {}

  /**
   * Completes when the api shuts down: progress streams end then, so the server's close does not
   * wait for their clients (a client that still needs the job polls or reconnects elsewhere).
   */
  get shutdown(): Observable<void> {
    return this.closing.asObservable();
  }

  onModuleDestroy(): void {
    this.closing.complete();
  }

  /** The job with its result, or null when absent or another tenant's. */
  findJob(id: string, tenantId: string): Promise<JobWithResult | null> {
    return this.jobs.findForTenant(id, tenantId);
  }

  /**
   * The ETag of a job picture: it changes when the job's status or result changes or the request
   * differs, and is computed without drawing, so a 304 costs one row read.
   */
  etagOf(job: JobWithResult, request: PictureRequest): string {
    const key = [
      RENDER_VERSION,
      job.id,
      job.status,
      job.result?.createdAt.toISOString() ?? '',
      request.overlays.join(','),
      request.move ?? '',
    ].join('|');
    return `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
  }

  /**
   * Draws the job's board (an eye-graph job: its diagram). Throws PictureRequestError for an
   * undrawable request.
   */
  render(job: JobWithResult, request: PictureRequest): RenderedBoard {
    const row = { id: job.id, status: job.status, input: job.input, result: job.result?.result ?? null };
    const etag = this.etagOf(job, request);
    if (job.kind === 'eyegraph') {
      const { picture, missing } = eyeGraphJobPicture(row, request);
      return { svg: renderEyeGraphSvg(picture), etag, move: 0, totalMoves: 0, missing };
    }
    const { picture, move, totalMoves, missing } = jobPicture(row, request);
    return { svg: renderBoardSvg(picture), etag, move, totalMoves, missing };
  }

  /**
   * The job of the latest analyzed move of a followed game (by its id or its OGS game number)
   * visible to the tenant (its own games and auto-followed ones), or null; for a finished game,
   * its final analysis. The game's jobs belong to the game's tenant (none when auto-followed).
   */
  async latestGameJob(gameId: string, tenantId: string): Promise<JobWithResult | null> {
    const game = await this.streams.findVisible(gameId, tenantId);
    if (!game) return null;
    const finalJobId = finalJobIdOf(game);
    const final = finalJobId ? await this.jobs.findForTenant(finalJobId, game.tenantId) : null;
    if (final) return final;
    const latest = await this.streams.latestMoveJobId(game.id);
    return latest ? this.jobs.findForTenant(latest, game.tenantId) : null;
  }

  /**
   * Status and progress of a job for the progress stream, or null when not visible. A completed
   * job's event carries its result, so a stream client needs no second request.
   */
  async progress(id: string, tenantId: string): Promise<JobProgress | null> {
    const job = await this.jobs.findForTenant(id, tenantId);
    if (!job) return null;
    const out: JobProgress = { id: job.id, status: job.status, progress: job.progress, error: job.error };
    if (job.status === 'completed' && job.result) out.result = job.result.result;
    return out;
  }
}
