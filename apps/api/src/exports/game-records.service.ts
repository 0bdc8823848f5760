import { sgfAnalysisOfReport, writeAnalysedSgf, type Game, type SgfMoveAnalysis } from '@moyo/engine';
import { BatchRepository, GameStreamRepository, JobRepository, type JobWithResult } from '@moyo/persistence';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { errorBody } from '../errors/api-errors';
import { gameFromInput, type StoredPositionInput } from './game-from-input';
import { CompactedJobRecords, omittedOf } from './whole-game';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Job rows read at once for a batch's results. */
const READ_CHUNK = 25;

/** An exported game: its SGF text and a file name for Content-Disposition. */
export interface SgfExport {
  sgf: string;
  filename: string;
}

function inputOf(job: JobWithResult): StoredPositionInput {
  return job.input as unknown as StoredPositionInput;
}

/** The move number a position job analyses: its `analyzeTurn`, else all of its moves. */
function turnOf(job: JobWithResult): number {
  const input = job.input as { analyzeTurn?: number; moves?: unknown[] } | null;
  return input?.analyzeTurn ?? input?.moves?.length ?? 0;
}

function analysisOf(job: { status: string; result?: { result: unknown } | null }): SgfMoveAnalysis | null {
  return job.status === 'completed' ? sgfAnalysisOfReport(job.result?.result) : null;
}

function write(
  game: Game,
  analyses: Map<number, SgfMoveAnalysis>,
  info: Record<string, string>,
  name: string,
) {
  return { sgf: writeAnalysedSgf(game, analyses, { info }), filename: name.replace(/[^\w.-]/g, '_') };
}

/**
 * Builds the SGF of a job, an analyzeTurns batch or a followed game from what is stored: the
 * moves from the jobs' inputs, each analysed position's report on its node. Only completed
 * analyses are written; moves still queued stay plain moves.
 */
@Injectable()
export class GameRecordsService {
  constructor(
    private readonly jobs: JobRepository,
    private readonly batches: BatchRepository,
    private readonly streams: GameStreamRepository,
    private readonly compacted: CompactedJobRecords,
  ) {}

  async job(id: string, tenantId: string): Promise<SgfExport> {
    const job = id.length <= 200 ? await this.jobs.findForTenant(id, tenantId) : null;
    if (!job) throw new NotFoundException(errorBody(404, `job ${id} not found`));
    if (job.kind !== 'position') {
      throw new ConflictException(
        errorBody(409, `job ${id} is an eye graph job: only position jobs have a game`),
      );
    }
    const info: Record<string, string> = { GN: `moyo job ${job.id}` };
    let input = inputOf(job);
    let turn = turnOf(job);
    const omitted = omittedOf(input);
    if (omitted > 0) {
      // A followed game's ended older move: the job keeps only its last moves (linear storage).
      const last = omitted + (input.moves?.length ?? 0);
      const whole = await this.compacted.wholeGameOf(job.id, input);
      info.C = whole
        ? `Moves 1-${omitted} come from the game record (job ${whole.recordJobId}); this job stores only moves ${omitted + 1}-${last}.`
        : `This job stores only moves ${omitted + 1}-${last}: the board after move ${omitted} is set up as stones (the game record is not available), and its move ${last} is move ${last - omitted} here.`;
      if (whole) {
        input = whole.input;
        turn = last;
      }
    }
    const analyses = new Map<number, SgfMoveAnalysis>();
    const a = analysisOf(job);
    if (a) analyses.set(turn, a);
    return write(gameFromInput(input), analyses, info, `moyo-${job.id}.sgf`);
  }

  async batch(id: string, tenantId: string): Promise<SgfExport> {
    const batch = UUID.test(id) ? await this.batches.findForTenant(id, tenantId) : null;
    if (!batch) throw new NotFoundException(errorBody(404, `batch ${id} not found`));
    const jobs: JobWithResult[] = [];
    for (let i = 0; i < batch.jobRows.length; i += READ_CHUNK) {
      const chunk = batch.jobRows.slice(i, i + READ_CHUNK);
      const read = await Promise.all(chunk.map((j) => this.jobs.findForTenant(j.id, tenantId)));
      jobs.push(...read.filter((j): j is JobWithResult => j !== null && j.kind === 'position'));
    }
    if (jobs.length === 0) throw new ConflictException(errorBody(409, `batch ${id} holds no position job`));
    // The longest turn's input holds every move up to it.
    const longest = jobs.reduce((a, b) => (turnOf(b) > turnOf(a) ? b : a));
    const analyses = new Map<number, SgfMoveAnalysis>();
    for (const job of jobs) {
      const a = analysisOf(job);
      if (a) analyses.set(turnOf(job), a);
    }
    return write(
      gameFromInput(inputOf(longest)),
      analyses,
      { GN: `moyo batch ${batch.id}` },
      `moyo-batch-${batch.id}.sgf`,
    );
  }

  async game(gameId: string, tenantId: string): Promise<SgfExport> {
    const stream = await this.streams.findVisible(gameId, tenantId);
    if (!stream) throw new NotFoundException(errorBody(404, `game ${gameId} is not followed`));
    const [rows, final] = await Promise.all([
      this.streams.analysesSince(stream.id, 0),
      this.streams.finalAnalysis(stream),
    ]);
    const newest = [...rows].reverse().find((r) => r.jobId !== null);
    const movesJobId = final?.jobId ?? newest?.jobId;
    const movesJob = movesJobId ? await this.jobs.findForTenant(movesJobId, stream.tenantId) : null;
    if (!movesJob) throw new ConflictException(errorBody(409, `game ${gameId} has no recorded move yet`));
    const analyses = new Map<number, SgfMoveAnalysis>();
    for (const row of rows) {
      const a = row.status === 'completed' ? sgfAnalysisOfReport(row.result) : null;
      if (a) analyses.set(row.moveNumber, a);
    }
    // A finished game's final analysis (territory, dead stones, score) stands for its last move.
    const last = final?.status === 'completed' ? sgfAnalysisOfReport(final.result) : null;
    if (last) analyses.set(turnOf(movesJob), last);
    const info = { GN: `OGS game ${stream.ogsGameId}`, SO: `online-go.com/game/${stream.ogsGameId}` };
    return write(gameFromInput(inputOf(movesJob)), analyses, info, `moyo-ogs-${stream.ogsGameId}.sgf`);
  }
}
