import {
  Controller,
  Get,
  Header,
  NotFoundException,
  Param,
  Query,
  Req,
  Res,
  Sse,
  type MessageEvent,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Observable } from 'rxjs';
import type { JobWithResult } from '@moyo/persistence';
import { TenantId } from '../auth/authenticated-request';
import { FieldError } from '../errors/api-errors';
import { BoardsService } from './boards.service';
import { parseMoveQuery, parseOverlayQuery, PictureRequestError, type PictureRequest } from './job-picture';

/** The parts of Express's request this controller reads (the auth guard adds the tenant). */
interface Request {
  headers: Record<string, string | string[] | undefined>;
}

/** The parts of Express's response this controller writes. */
interface Response {
  setHeader(name: string, value: string): unknown;
  status(code: number): Response;
  send(body: string): unknown;
  end(): unknown;
}

/** How often the progress stream re-reads a running job. */
const PROGRESS_POLL_MS = 250;
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

@ApiTags('boards')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No API key, or an invalid or revoked one.' })
@Controller('v1')
export class BoardsController {
  constructor(private readonly boards: BoardsService) {}

  /** The board of a position job as SVG, with overlays; 304 when the client's ETag still holds. */
  @Get('jobs/:id/board.svg')
  @ApiProduces('image/svg+xml')
  @ApiQuery({
    name: 'overlay',
    required: false,
    description: 'ownership,territory,moyo,area,freihofner,dead,moveValues',
  })
  @ApiQuery({
    name: 'move',
    required: false,
    description: 'moves played before the picture (default: the analyzed turn)',
  })
  @ApiOkResponse({
    description:
      'SVG document; headers Moyo-Move, Moyo-Total-Moves, Moyo-Missing-Overlays, Moyo-Job-Id, Moyo-Job-Status.',
  })
  @ApiNotFoundResponse({ description: 'No such job for this API key.' })
  async jobBoard(
    @Param('id') id: string,
    @Query('overlay') overlay: unknown,
    @Query('move') move: unknown,
    @TenantId() tenantId: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const request = this.parseRequest(overlay, move);
    const job = await this.boards.findJob(id, tenantId);
    if (!job) throw new NotFoundException(`job ${id} not found`);
    this.send(job, request, req, res);
  }

  /** The board after the latest analyzed move of a followed game, as SVG. */
  @Get('games/:gameId/board.svg')
  @ApiProduces('image/svg+xml')
  @ApiQuery({ name: 'overlay', required: false })
  @ApiOkResponse({ description: 'SVG document; Moyo-Job-Id names the job of the move drawn.' })
  @ApiNotFoundResponse({ description: 'No such game, or no move analyzed yet.' })
  async gameBoard(
    @Param('gameId') gameId: string,
    @Query('overlay') overlay: unknown,
    @TenantId() tenantId: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const request = this.parseRequest(overlay, undefined);
    const job = await this.boards.latestGameJob(gameId, tenantId);
    if (!job) throw new NotFoundException(`game ${gameId} not found or no move analyzed yet`);
    this.send(job, request, req, res);
  }

  /**
   * Server-Sent Events with the job's status and progress: one `progress` event per change, the
   * last one when the job ends (completed, failed or cancelled), then the stream closes.
   */
  @Sse('jobs/:id/events')
  @Header('Cache-Control', 'no-store')
  async jobEvents(@Param('id') id: string, @TenantId() tenantId: string): Promise<Observable<MessageEvent>> {
    const first = await this.boards.progress(id, tenantId);
    if (!first) throw new NotFoundException(`job ${id} not found`);
    return new Observable<MessageEvent>((subscriber) => {
      let last = '';
      let timer: NodeJS.Timeout | undefined;
      let closed = false;
      const emit = (p: NonNullable<typeof first>): boolean => {
        const text = JSON.stringify(p);
        if (text !== last) {
          last = text;
          subscriber.next({ type: 'progress', data: p });
        }
        if (TERMINAL.has(p.status)) {
          subscriber.complete();
          return true;
        }
        return false;
      };
      const tick = async (): Promise<void> => {
        try {
          const p = await this.boards.progress(id, tenantId);
          if (closed) return;
          if (!p) return subscriber.complete();
          if (!emit(p)) timer = setTimeout(() => void tick(), PROGRESS_POLL_MS);
        } catch (err) {
          subscriber.error(err);
        }
      };
      const stop = this.boards.shutdown.subscribe({
        complete: () => {
          closed = true;
          if (timer) clearTimeout(timer);
          subscriber.complete();
        },
      });
      if (!closed && !emit(first)) timer = setTimeout(() => void tick(), PROGRESS_POLL_MS);
      return () => {
        closed = true;
        if (timer) clearTimeout(timer);
        stop.unsubscribe();
      };
    });
  }

  private parseRequest(overlay: unknown, move: unknown): PictureRequest {
    try {
      return { overlays: parseOverlayQuery(overlay), move: parseMoveQuery(move) };
    } catch (err) {
      throw this.unprocessable(err);
    }
  }

  /** A PictureRequestError as the api's 422 naming the field; anything else unchanged. */
  private unprocessable(err: unknown): unknown {
    return err instanceof PictureRequestError ? new FieldError(err.field, err.problem) : err;
  }

  private send(job: JobWithResult, request: PictureRequest, req: Request, res: Response): void {
    const etag = this.boards.etagOf(job, request);
    res.setHeader('ETag', etag);
    // Which job is drawn: a game's board names its latest move's job, whose result has the score.
    res.setHeader('Moyo-Job-Id', job.id);
    res.setHeader('Moyo-Job-Status', job.status);
    // Private: the picture belongs to the tenant; no-cache: revalidate, since a running job changes.
    res.setHeader('Cache-Control', 'private, no-cache');
    const match = req.headers['if-none-match'];
    if (
      typeof match === 'string' &&
      match.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}`)
    ) {
      res.status(304).end();
      return;
    }
    let board;
    try {
      board = this.boards.render(job, request);
    } catch (err) {
      throw this.unprocessable(err);
    }
    res.setHeader('Content-Type', 'image/svg+xml; charset=utf-8');
    res.setHeader('Moyo-Move', String(board.move));
    res.setHeader('Moyo-Total-Moves', String(board.totalMoves));
    if (board.missing.length) res.setHeader('Moyo-Missing-Overlays', board.missing.join(','));
    res.setHeader(
      'Access-Control-Expose-Headers',
      'ETag, Moyo-Move, Moyo-Total-Moves, Moyo-Missing-Overlays, Moyo-Job-Id, Moyo-Job-Status',
    );
    res.status(200).send(board.svg);
  }
}
