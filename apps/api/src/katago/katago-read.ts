import {
  KataGoAnalysisEngine,
  KataGoFieldError,
  gameAtTurn,
  hasInterimAnswer,
  parseKataGoInput,
  type KataGoQuery,
} from '@moyo/engine';
import { MAX_BATCH_MOVES, MAX_MOVES, MAX_TURNS } from '../jobs/request-limits';
import { turnJobsOf, type KataGoTurnJob } from './katago-jobs';

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

/** One KataGo input for `readKataGo`: an object already parsed (HTTP), or a socket line's text. */
export type KataGoReadTask = { input: unknown } | { text: string };

/** A query read and its turns as position jobs, ready to queue. */
export interface KataGoQueryJobs {
  query: KataGoQuery;
  turnJobs: KataGoTurnJob[];
}

/** What one KataGo input gives the fronts: lines to answer at once, and a query with its jobs. */
export interface KataGoReadOutcome {
  /** Errors, warnings and action echoes (a special action's answer comes from the engine). */
  lines: KataGoLine[];
  /** The query to queue (none after an error) with its turns as position jobs (`turnJobsOf`). */
  query?: KataGoQueryJobs;
  terminate?: { id?: string; turns?: number[] };
}

/**
 * Reads one KataGo input completely: the JSON text (a socket line), KataGo's parser, the replay of
 * every move, and the turns' jobs, so that nothing of it is left for the event loop. A task of the
 * api's request thread (`request-thread/request.thread.ts`) for large queries, called in place for
 * small ones. Errors are lines (data), never exceptions. Pure.
 */
export function readKataGo(task: KataGoReadTask): KataGoReadOutcome {
  let input: unknown;
  if ('text' in task) {
    try {
      input = JSON.parse(task.text);
    } catch (e) {
      return { lines: [{ error: `Could not parse json: ${(e as Error).message}` }] };
    }
  } else input = task.input;
  const tooLong = overLimits(input);
  if (tooLong) return { lines: [tooLong] };
  const { lines, query, action, terminate } = readKataGoInput(input);
  if (action) return { lines: new KataGoAnalysisEngine().submit(action) as KataGoLine[] };
  if (!query) return { lines, terminate };
  const turns = [...new Set(query.turns.map((t) => t.turnNumber))];
  const moves = turns.reduce((sum, n) => sum + n, 0);
  if (turns.length > MAX_TURNS || moves > MAX_BATCH_MOVES) {
    const why =
      turns.length > MAX_TURNS
        ? `asks for ${turns.length} turns, more than ${MAX_TURNS}`
        : `asks for ${moves} moves in all, more than ${MAX_BATCH_MOVES}`;
    return { lines: [{ id: query.id, field: 'analyzeTurns', error: `${why}: split the query` }] };
  }
  return { lines, query: { query, turnJobs: turnJobsOf(query) } };
}

/**
 * The request limits of POST /v1/positions for a KataGo query, checked before it is read (a
 * longer game would cost a replay first): at most MAX_MOVES moves and initial stones and
 * MAX_TURNS entries in analyzeTurns. An error line naming the field, or null. Pure.
 */
function overLimits(input: unknown): KataGoLine | null {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return null;
  const q = input as Record<string, unknown>;
  const id = typeof q.id === 'string' ? q.id : undefined;
  for (const [field, max] of [
    ['moves', MAX_MOVES],
    ['initialStones', MAX_MOVES],
    ['analyzeTurns', MAX_TURNS],
  ] as const) {
    const list = q[field];
    if (Array.isArray(list) && list.length > max) {
      return { id, field, error: `at most ${max} entries (${list.length} given)` };
    }
  }
  return null;
}
