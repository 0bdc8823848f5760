import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ANALYSES, analyzePosition, formatGtpVertex, positionAfter, positionFromGame } from '@moyo/engine';
import { BatchRepository, GameStreamRepository, JobRepository } from '@moyo/persistence';
import type { INestApplication } from '@nestjs/common';

export const SGF = readFileSync(resolve(__dirname, 'fixtures/gnugo-9x9.sgf'), 'utf8');

/** What the viewer asks for when it submits an SGF, as far as this engine build registers them. */
export const VIEWER_ANALYSES = ['territory', 'deadStones', 'score', 'moveValues'].filter((n) =>
  ANALYSES.has(n),
);

/** One turn of the fixture game: its position job's input and the engine's report of it. */
export interface StoredTurn {
  turn: number;
  input: {
    boardXSize: number;
    boardYSize: number;
    komi: number;
    rules: string;
    initialStones: [string, string][];
    moves: [string, string][];
  };
  report: { analyses: Record<string, { scoreLead?: number; lower?: number; upper?: number }> };
  stones: { black: number; white: number };
}

/** Every turn of the 9x9 GNU Go game, analysed by the engine as a worker would. */
export function fixtureTurns(): StoredTurn[] {
  const end = positionAfter(SGF);
  const moves = end.moves.map((m) => [m.player === 1 ? 'B' : 'W', formatGtpVertex(m.point, end.geo)]) as [
    string,
    string,
  ][];
  return Array.from({ length: moves.length + 1 }, (_, turn) => {
    const game = positionAfter(SGF, turn);
    const colors = Array.from(game.geo.points, (p) => game.board.colors[p]);
    return {
      turn,
      input: {
        boardXSize: 9,
        boardYSize: 9,
        komi: 6.5,
        rules: 'japanese',
        initialStones: [],
        moves: moves.slice(0, turn),
      },
      report: JSON.parse(JSON.stringify(analyzePosition(positionFromGame(game), VIEWER_ANALYSES))),
      stones: { black: colors.filter((c) => c === 1).length, white: colors.filter((c) => c === 2).length },
    };
  });
}

/**
 * Stores the turns as one analyzeTurns batch of the tenant, as the api and a worker leave it:
 * the turns in `pending` stay queued, the others are completed with the engine's report.
 */
export async function storeBatch(
  app: INestApplication,
  tenantId: string,
  turns: StoredTurn[],
  pending: Set<number>,
): Promise<string> {
  const jobs = app.get(JobRepository);
  const batchId = randomUUID();
  const ids = turns.map((t) => `position-${batchId.slice(0, 8)}-${t.turn}`);
  await app.get(BatchRepository).createIfAbsent({ id: batchId, tenantId, jobIds: ids });
  for (const t of turns) {
    const id = ids[t.turn];
    await jobs.createIfAbsent({
      id,
      tenantId,
      kind: 'position',
      input: t.input,
      options: { analyses: VIEWER_ANALYSES },
      inputHash: id,
      batchId,
    });
    if (pending.has(t.turn)) continue;
    await jobs.markRunning(id, 1);
    await jobs.complete(id, t.report as never, { engineMs: 1 });
  }
  return batchId;
}

/** A followed OGS game of the tenant with its first `moves` moves analysed; returns a function adding the next. */
export async function storeGame(
  app: INestApplication,
  tenantId: string,
  ogsGameId: number,
  turns: StoredTurn[],
) {
  const streams = app.get(GameStreamRepository);
  const jobs = app.get(JobRepository);
  const { stream } = await streams.follow({ ogsGameId, tenantId, analyses: VIEWER_ANALYSES });
  return {
    streamId: stream.id,
    /** Records move n's job (queued); `complete` stores its report. */
    async play(n: number): Promise<string> {
      const id = `ogs-${ogsGameId}-${n}-test-${stream.id.replace(/-/g, '')}`;
      await jobs.createIfAbsent({ id, tenantId, kind: 'position', input: turns[n].input, inputHash: id });
      await streams.recordMoveJob(stream.id, n, id);
      return id;
    },
    async complete(id: string, n: number): Promise<void> {
      await jobs.markRunning(id, 1);
      await jobs.complete(id, turns[n].report as never, { engineMs: 1 });
    },
    async finish(finalJobId: string, moveCount: number): Promise<void> {
      await streams.markFinished(stream.id, { finalJobId, moveCount });
    },
  };
}
