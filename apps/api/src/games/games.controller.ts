import {
  GameStreamRepository,
  type FinalAnalysisView,
  type GameStream,
  type MoveAnalysisView,
} from '@moyo/persistence';
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
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Observable } from 'rxjs';
import { TenantId } from '../auth/authenticated-request';
import { errorBody } from '../errors/api-errors';
import { GameUpdatesService } from './game-updates.service';
import { parseSinceMove } from '../streams/stream-request';
import { unprocessable } from '../streams/streams.controller';

interface Request {
  headers: Record<string, string | string[] | undefined>;
}
interface Response {
  setHeader(name: string, value: string): unknown;
  status(code: number): Response;
  json(body: unknown): unknown;
  end(): unknown;
}

/**
 * How often an event stream re-reads the game's analyses by itself; a job of the game ending
 * (GameUpdatesService) makes it re-read at once.
 */
const EVENTS_POLL_MS = 500;
const DONE = new Set(['completed', 'failed', 'cancelled']);
/** How many of the last sent moves an event stream re-checks for an undo. */
const UNDO_WINDOW = 8;

function moveView(a: MoveAnalysisView) {
  return { moveNumber: a.moveNumber, jobId: a.jobId, status: a.status, result: a.result };
}

function finalView(f: FinalAnalysisView) {
  return { jobId: f.jobId, status: f.status, result: f.result };
}

/** Per-move analyses of a followed game, for polling clients (ETag/304) and as Server-Sent Events. */
@ApiTags('games')
@ApiBearerAuth()
@Controller('v1/games')
export class GamesController {
  constructor(
    private readonly streams: GameStreamRepository,
    private readonly updates: GameUpdatesService,
  ) {}

  /**
   * The analyses of the moves after `sinceMove`, in move order. The ETag changes whenever a move
   * is added or a job changes state, so `If-None-Match` answers 304 while nothing is new.
   */
  @Get(':gameId/analyses')
  @ApiQuery({ name: 'sinceMove', required: false, description: 'only moves after this one (default 0)' })
  @ApiOkResponse({
    description:
      '{gameId, ogsGameId, status, lastMove, analyses: [{moveNumber, jobId, status, result}], final}' +
      ' (final: the finished game’s last position with territory, dead stones and score, else null)',
  })
  @ApiNotFoundResponse({
    description:
      'No followed game with this OGS id or stream id for this API key (the own stream of the game, ' +
      'else its auto-followed one; never another tenant’s).',
  })
  async analyses(
    @Param('gameId') gameId: string,
    @Query('sinceMove') sinceMoveQuery: unknown,
    @TenantId() tenantId: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    let sinceMove: number;
    try {
      sinceMove = parseSinceMove(sinceMoveQuery);
    } catch (err) {
      throw unprocessable(err);
    }
    const stream = await this.find(gameId, tenantId);
    const etag = `W/"${await this.streams.changeTag(stream.id)}-${sinceMove}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'private, no-cache');
    const match = req.headers['if-none-match'];
    if (
      typeof match === 'string' &&
      match.split(',').some((t) => t.trim() === etag || `W/${t.trim()}` === etag)
    ) {
      res.status(304).end();
      return;
    }
    const [rows, final] = await Promise.all([
      this.streams.analysesSince(stream.id, sinceMove),
      this.streams.finalAnalysis(stream),
    ]);
    res.status(200).json({
      gameId: stream.id,
      ogsGameId: stream.ogsGameId,
      status: stream.status,
      lastMove: stream.lastMove,
      analyses: rows.map(moveView),
      final: final && finalView(final),
    });
  }

  /**
   * Server-Sent Events: one `analysis` event per move (event id = move number) as soon as its job
   * ends, strictly in move order; `finished` when the followed game ended and every move was sent.
   * After an undo, `rewind` ({fromMove}) and the replaced moves again. Resumes after
   * `Last-Event-ID` (or `sinceMove`).
   */
  @Sse(':gameId/events')
  @Header('Cache-Control', 'no-store')
  @ApiQuery({ name: 'sinceMove', required: false })
  async events(
    @Param('gameId') gameId: string,
    @Query('sinceMove') sinceMoveQuery: unknown,
    @TenantId() tenantId: string,
    @Req() req: Request,
  ): Promise<Observable<MessageEvent>> {
    const lastEventId = req.headers['last-event-id'];
    let sentThrough: number;
    try {
      sentThrough =
        typeof lastEventId === 'string'
          ? parseSinceMove(lastEventId, 'Last-Event-ID')
          : parseSinceMove(sinceMoveQuery);
    } catch (err) {
      throw unprocessable(err);
    }
    const stream = await this.find(gameId, tenantId);
    return new Observable<MessageEvent>((subscriber) => {
      let timer: NodeJS.Timeout | undefined;
      let closed = false;
      let running = false;
      let again = false;
      // The stream's jobs are named ogs-<game>-<move>-<hash>-<stream id without dashes> (apps/ingest
      // moveJobId): re-read as soon as one of them ends. Other tenants' streams of the same game
      // have their own jobs; the slow poll covers anything this filter misses.
      const prefix = `ogs-${stream.ogsGameId}-`;
      const suffix = `-${stream.id.replace(/-/g, '')}`;
      const updates = this.updates.jobEnded().subscribe({
        next: (jobId) => {
          if (!jobId.startsWith(prefix) || !jobId.endsWith(suffix) || closed) return;
          if (running) again = true;
          else {
            clearTimeout(timer);
            void tick();
          }
        },
        // The api is shutting down: end the stream (the client resumes with Last-Event-ID
        // elsewhere) rather than hold the server's close for ever.
        complete: () => {
          closed = true;
          clearTimeout(timer);
          subscriber.complete();
        },
      });
      // The job sent for each of the last moves: an undo gives a move a new job.
      const sentJobs = new Map<number, string | null>();
      const tick = async (): Promise<void> => {
        running = true;
        again = false;
        try {
          const current = (await this.streams.findById(stream.id)) ?? stream;
          const replaced = await this.firstReplacedMove(stream.id, sentJobs, sentThrough);
          if (closed) return;
          if (replaced !== undefined) {
            // Moves from `replaced` on were undone and played again: say so, then send them anew.
            sentThrough = replaced - 1;
            for (const n of [...sentJobs.keys()]) if (n >= replaced) sentJobs.delete(n);
            subscriber.next({ type: 'rewind', id: String(sentThrough), data: { fromMove: replaced } });
          }
          const rows = await this.streams.analysesSince(stream.id, sentThrough);
          if (closed) return;
          for (const row of rows) {
            // In order: a move whose job is still running holds back the moves after it.
            if (row.moveNumber !== sentThrough + 1 || !row.status || !DONE.has(row.status)) break;
            subscriber.next({ type: 'analysis', id: String(row.moveNumber), data: moveView(row) });
            sentThrough = row.moveNumber;
            sentJobs.set(row.moveNumber, row.jobId);
            sentJobs.delete(row.moveNumber - UNDO_WINDOW);
          }
          if (
            current.status !== 'following' &&
            current.status !== 'paused' &&
            sentThrough >= current.lastMove
          ) {
            // A finished game ends with its final analysis: wait until that job is done too.
            const final = await this.streams.finalAnalysis(current);
            if (closed) return;
            if (!final?.status || DONE.has(final.status)) {
              subscriber.next({
                type: 'finished',
                // Nest numbers id-less events from 1, which a reconnecting client would send
                // back as Last-Event-ID: the last move keeps a resume after the end correct.
                id: String(sentThrough),
                data: {
                  status: current.status,
                  lastMove: current.lastMove,
                  meta: current.meta,
                  final: final && finalView(final),
                },
              });
              subscriber.complete();
              return;
            }
          }
          running = false;
          if (closed) return;
          timer = setTimeout(() => void tick(), again ? 0 : EVENTS_POLL_MS);
        } catch (err) {
          running = false;
          subscriber.error(err);
        }
      };
      void tick();
      return () => {
        closed = true;
        updates.unsubscribe();
        if (timer) clearTimeout(timer);
      };
    });
  }

  /**
   * The first of the recently sent moves whose job is no longer the one sent (an undo replaced
   * it) or whose row is gone, if any.
   */
  private async firstReplacedMove(
    streamId: string,
    sentJobs: Map<number, string | null>,
    sentThrough: number,
  ): Promise<number | undefined> {
    if (sentJobs.size === 0) return undefined;
    const from = Math.min(...sentJobs.keys());
    const now = new Map(
      (await this.streams.moveJobIds(streamId, from - 1, sentThrough)).map((r) => [r.moveNumber, r.jobId]),
    );
    for (let n = from; n <= sentThrough; n++) {
      if (sentJobs.has(n) && now.get(n) !== sentJobs.get(n)) return n;
    }
    return undefined;
  }

  private async find(gameId: string, tenantId: string): Promise<GameStream> {
    const stream = await this.streams.findVisible(gameId, tenantId);
    if (!stream) throw new NotFoundException(errorBody(404, `game ${gameId} is not followed`));
    return stream;
  }
}
