import { BatchRepository } from '@moyo/persistence';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpException,
  NotFoundException,
  Param,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { TenantId } from '../auth/authenticated-request';
import { errorBody, FieldError } from '../errors/api-errors';
import { GameUpdatesService } from '../games/game-updates.service';
import { TurnFollower } from './katago-follow';
import { KataGoQueryService, type KataGoLine, type PendingTurn } from './katago-query.service';

/** How Moyo fills KataGo's numbers (it has no network and does not search); shown in the OpenAPI docs. */
const NUMBERS =
  'Each result: {id, turnNumber, isDuringSearch: false, rootInfo {currentPlayer, visits, winrate, scoreLead, ' +
  'scoreStdev}, moveInfos [{move, order, visits, edgeVisits, winrate, scoreLead, scoreMean, scoreStdev, prior, pv}], ' +
  'ownership?, ownershipStdev?}, signed for reportAnalysisWinratesAs (default SIDETOMOVE). scoreLead and ownership: ' +
  "the territory analysis; ownershipStdev = sqrt(1 - o^2); scoreStdev = the score analysis' stdev, calibrated on " +
  "real counted games so that scoreLead +- 1.28 scoreStdev holds the result ~80 % of the time (README), at least 0.5; winrate = Phi(scoreLead / scoreStdev) (normal distribution); a move's scoreLead = the root's minus " +
  'the points it loses against the best move (move values); rootInfo.visits = min(maxVisits, 4000), an effort count ' +
  "(one candidate valued per 10 visits, maxVisits default 500); move visits = the root's shared as exp(-pointsLost/2), " +
  'prior = that share; pv = [move].';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Longest `wait` a request may ask for, in seconds. */
const MAX_WAIT_S = 60;

function waitSeconds(text: string | undefined): number {
  if (text === undefined) return 0;
  const n = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || n > MAX_WAIT_S) {
    throw new FieldError('wait', `must be a number of seconds from 0 to ${MAX_WAIT_S}`);
  }
  return n;
}

/**
 * KataGo's analysis query over HTTP: POST a query (exactly as `katago analysis` reads it), each
 * turn becomes a queued position job; GET the batch for every turn's KataGo answer in one call.
 * `?wait=S` (up to 60 s) holds either answer until every turn is done or the time is up.
 */
@ApiTags('katago')
@ApiBearerAuth()
@Controller('v1/katago/analysis')
export class KataGoController {
  constructor(
    private readonly queries: KataGoQueryService,
    private readonly batches: BatchRepository,
    private readonly updates: GameUpdatesService,
  ) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({ summary: 'Queue a KataGo analysis query: one position job per analysed turn' })
  @ApiAcceptedResponse({
    description: `{id, batchId, warnings, turns [{turnNumber, jobId}], status, results, pending, links}; ${NUMBERS}`,
  })
  async submit(
    @TenantId() tenantId: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) res: { status(code: number): unknown },
    @Query('wait') wait?: string,
  ) {
    const seconds = waitSeconds(wait);
    const { lines, query: read } = await this.queries.read({ input: body });
    const error = lines.find((l) => 'error' in l);
    if (error) {
      const status = typeof error.field === 'string' ? 422 : 400;
      const field = typeof error.field === 'string' ? error.field : 'body';
      const message = `${field}: ${String(error.error)}`;
      throw new HttpException(errorBody(status, message, { field, katago: error }), status);
    }
    if (!read) {
      res.status(200); // an action (query_version, clear_cache...): its echo
      return lines[0];
    }
    const { query } = read;
    const { batchId, turns } = await this.queries.submit(tenantId, read);
    const results = await this.collect(tenantId, turns, seconds);
    return {
      id: query.id,
      batchId,
      warnings: lines,
      turns: turns.map((t) => ({ turnNumber: t.turnNumber, jobId: t.jobId })),
      ...results,
      links: { results: `/v1/katago/analysis/${batchId}`, batch: `/v1/batches/${batchId}` },
    };
  }

  @Get(':batchId')
  @ApiOperation({
    summary: "Every turn's KataGo answer of a query (those not finished are listed as pending)",
  })
  @ApiOkResponse({ description: `{id, batchId, status, results, pending}; ${NUMBERS}` })
  async results(
    @TenantId() tenantId: string,
    @Param('batchId') batchId: string,
    @Query('wait') wait?: string,
  ) {
    const seconds = waitSeconds(wait);
    const batch = UUID.test(batchId) ? await this.batches.findForTenant(batchId, tenantId) : null;
    if (!batch) throw new NotFoundException(errorBody(404, `KataGo query batch ${batchId} not found`));
    const queryId = await this.queries.queryIdOf(batch.id);
    const turns: PendingTurn[] = batch.jobRows.map((job) => ({
      queryId: queryId ?? '',
      turnNumber: ((job.input as { moves?: unknown[] } | null)?.moves ?? []).length,
      jobId: job.id,
    }));
    return { id: queryId, batchId: batch.id, ...(await this.collect(tenantId, turns, seconds)) };
  }

  /** The answers of the turns (in their order) once done, or what is done after `seconds`. */
  private async collect(tenantId: string, turns: PendingTurn[], seconds: number) {
    const lines = new Map<PendingTurn, KataGoLine>();
    const now = await this.queries.linesOf(tenantId, turns);
    turns.forEach((t, i) => {
      const line = now[i];
      if (line) lines.set(t, line);
    });
    const waiting = turns.filter((t) => !lines.has(t));
    if (waiting.length > 0 && seconds > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, seconds * 1000);
        const follower = new TurnFollower(tenantId, this.queries, this.updates.jobEnded(), (line) => {
          const turn = waiting.find((t) => t.turnNumber === line.turnNumber && !lines.has(t));
          if (turn) lines.set(turn, line);
          if (follower.size === 0) done();
        });
        function done() {
          clearTimeout(timer);
          follower.close();
          resolve();
        }
        follower.add(waiting);
      });
    }
    const results = turns.filter((t) => lines.has(t)).map((t) => lines.get(t) as KataGoLine);
    const pending = turns.filter((t) => !lines.has(t)).map((t) => t.turnNumber);
    return { status: pending.length === 0 ? 'finished' : 'running', results, pending };
  }
}
