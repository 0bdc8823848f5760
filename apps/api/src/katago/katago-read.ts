import {
  KataGoFieldError,
  gameAtTurn,
  hasInterimAnswer,
  parseKataGoInput,
  type KataGoQuery,
} from '@moyo/engine';

/** A KataGo output line (a result, an error, a warning or an echo). */
export type KataGoLine = Record<string, unknown>;

/** What one input object is, read as KataGo reads it, for the api's KataGo fronts. */
export interface KataGoRead {
  /** Lines to answer at once: errors, warnings, action echoes (terminate's too). */
  lines: KataGoLine[];
  /** The query to queue, if the input is one and has no error. */
  query?: KataGoQuery;
  /** A special action other than terminate, to be answered by the engine. */
  action?: Record<string, unknown>;
  terminate?: { id?: string; turns?: number[] };
}

/**
 * Reads one query object with the engine's KataGo parser (the only one), then replays its moves
 * once so an illegal move is the `moves` error before anything is queued. Adds the api's own
 * warnings: no interim answers (a turn is one job), and the queue runs turns in submission order,
 * not by `priority`. Pure.
 */
export function readKataGoInput(input: unknown): KataGoRead {
  const parsed = parseKataGoInput(input);
  if (parsed.kind === 'error') return { lines: [parsed.line] };
  if (parsed.kind === 'action') {
    const a = parsed.action;
    if (a.action === 'terminate' || a.action === 'terminate_all') {
      return { lines: [{ ...a.raw }], terminate: { id: a.terminateId, turns: a.turnNumbers as number[] } };
    }
    return { lines: [], action: a.raw };
  }
  const { query, warnings } = parsed;
  try {
    gameAtTurn(query, query.moves.length);
  } catch (e) {
    if (!(e instanceof KataGoFieldError)) throw e;
    return { lines: [{ id: query.id, field: e.field, error: e.message }] };
  }
  const lines: KataGoLine[] = warnings.map((w) => ({ id: query.id, field: w.field, warning: w.warning }));
  if (hasInterimAnswer(query)) {
    lines.push({
      id: query.id,
      field: 'reportDuringSearchEvery',
      warning:
        'the api answers each turn once, when its job ends: no interim answers (moyo analysis sends them)',
    });
  }
  if (query.turns.some((t) => t.priority !== 0)) {
    lines.push({ id: query.id, field: 'priority', warning: 'the api queue runs turns in submission order' });
  }
  return { lines, query };
}
