import type { KataGoMove, PositionInput } from '@moyo/contracts';
import {
  formatGtpVertex,
  Geometry,
  defaultInitialPlayer,
  playerLetter,
  whiteBonusAt,
  type KataGoQuery,
} from '@moyo/engine';
import type { JobSpec } from '../jobs/job-spec';

/** One analysed turn of a KataGo query as a queued position job. */
export interface KataGoTurnJob {
  turnNumber: number;
  spec: JobSpec;
}

/** What a POST /v1/positions request adds to a KataGo query's jobs. */
export interface TurnJobExtras {
  /** Analyses run beside `katago` (each turn's job runs them all). */
  analyses?: readonly string[];
  analysisOptions?: Record<string, Record<string, unknown>>;
  webhookUrl?: string | null;
}

/**
 * A KataGo query as position jobs, one per distinct turn of `analyzeTurns` (in their order), each
 * asking the workers for the `katago` analysis with the query's options. Pure.
 */
export function turnJobsOf(query: KataGoQuery, extras: TurnJobExtras = {}): KataGoTurnJob[] {
  const geo = Geometry.of(query.width, query.height);
  const vertex = (p: number) => formatGtpVertex(p, geo);
  const moves: KataGoMove[] = query.moves.map((m) => [playerLetter(m.player), vertex(m.point)]);
  const initialStones: KataGoMove[] = query.initialStones.map((s) => [
    playerLetter(s.color as 1 | 2),
    vertex(s.point),
  ]);
  const first = query.initialPlayer ?? defaultInitialPlayer(query);
  const turns = [...new Set(query.turns.map((t) => t.turnNumber))];
  return turns.map((turnNumber) => {
    const input: PositionInput = {
      boardXSize: query.width,
      boardYSize: query.height,
      komi: query.komi,
      rules: query.rules.name,
      initialStones,
      initialPlayer: playerLetter(first),
      moves: moves.slice(0, turnNumber),
    };
    // The player to move at this turn: who the avoid/allow lists apply to.
    const toPlay = turnNumber === 0 ? first : query.moves[turnNumber - 1].player === 1 ? 2 : 1;
    const options: Record<string, unknown> = {
      maxVisits: query.maxVisits,
      perspective: query.perspective,
    };
    // Set only when White gets points, so other turns keep the job ids they had.
    const whiteBonus = whiteBonusAt(query, turnNumber);
    if (whiteBonus > 0) options.whiteBonus = whiteBonus;
    for (const flag of [
      'includeOwnership',
      'includeOwnershipStdev',
      'includeMovesOwnership',
      'includeMovesOwnershipStdev',
    ] as const) {
      if (query[flag]) options[flag] = true;
    }
    const avoid = query.avoid.get(toPlay);
    const allow = query.allow.get(toPlay);
    if (avoid) options.avoid = [...avoid].map(vertex);
    if (allow) options.allow = [...allow].map(vertex);
    return {
      turnNumber,
      spec: {
        kind: 'position',
        input,
        analyses: [...new Set(['katago', ...(extras.analyses ?? [])])],
        analysisOptions: { ...extras.analysisOptions, katago: options },
        webhookUrl: extras.webhookUrl ?? null,
      },
    };
  });
}

/** What a finished job says about one turn, as a KataGo output line; null while it runs. */
export function turnLine(
  queryId: string | null,
  turnNumber: number,
  job: { status: string; error?: unknown; result?: { result: unknown } | null } | null,
): Record<string, unknown> | null {
  if (!job || job.status === 'queued' || job.status === 'running') return null;
  if (job.status === 'completed') {
    const report = job.result?.result as { analyses?: { katago?: Record<string, unknown> } } | undefined;
    const answer = report?.analyses?.katago;
    if (answer) return { id: queryId, turnNumber, ...answer };
    return { id: queryId, turnNumber, error: 'the job finished without a katago answer' };
  }
  if (job.status === 'cancelled') return { id: queryId, turnNumber, isDuringSearch: false, noResults: true };
  const message = (job.error as { message?: string } | null)?.message ?? 'analysis failed';
  return { id: queryId, turnNumber, error: message };
}
