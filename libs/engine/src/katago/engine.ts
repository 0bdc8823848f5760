import { ENGINE, positionFromGame } from '../analysis/registry';
import type { Position } from '../analysis/types';
import { KataGoFieldError, type KataGoWarning } from './errors';
import { parseKataGoInput, type KataGoAction, type KataGoQuery } from './query';
import { answerTurn, gameAtTurn, hasInterimAnswer, type KataGoTurnResult } from './replay';

/** A line of output: a result, an error, a warning or an action's echo (JSON objects). */
export type KataGoOutput = KataGoTurnResult | Record<string, unknown>;

/** The analysis protocol version Moyo speaks (KataGo's `query_version` answer; Ogatak reads it). */
export const KATAGO_PROTOCOL_VERSION = '1.16.0';

interface QueuedTurn {
  readonly query: KataGoQuery;
  readonly turnNumber: number;
  readonly priority: number;
  readonly seq: number;
  /** The position, once the turn's interim answer was sent (its final answer reuses the analysis). */
  position?: Position;
}

/**
 * KataGo's analysis engine without I/O: `submit` takes a query (a JSON line or an object) and
 * returns what is answered at once (errors, warnings, action echoes, `noResults` of terminated
 * turns); the query's turns wait in a queue, highest priority first (ties: the earlier query), and
 * `next` analyses one and returns its result. Fronts (stdin, HTTP, WebSocket) drive it.
 */
export class KataGoAnalysisEngine {
  private queue: QueuedTurn[] = [];
  private seq = 0;

  /** Turns waiting. */
  get pending(): number {
    return this.queue.length;
  }

  /** Reads one input line (JSON text). Blank lines give nothing. */
  submitLine(line: string): KataGoOutput[] {
    if (line.trim() === '') return [];
    let input: unknown;
    try {
      input = JSON.parse(line);
    } catch (e) {
      return [{ error: `Could not parse json: ${(e as Error).message}` }];
    }
    return this.submit(input);
  }

  /** Reads one query object; returns the lines answered at once. */
  submit(input: unknown): KataGoOutput[] {
    const parsed = parseKataGoInput(input);
    if (parsed.kind === 'error') return [parsed.line];
    if (parsed.kind === 'action') return this.act(parsed.action);
    const { query, warnings } = parsed;
    try {
      gameAtTurn(query, query.moves.length);
    } catch (e) {
      if (!(e instanceof KataGoFieldError)) throw e;
      return [{ id: query.id, field: e.field, error: e.message }];
    }
    for (const t of query.turns) {
      this.queue.push({ query, turnNumber: t.turnNumber, priority: t.priority, seq: this.seq++ });
    }
    return warnings.map((w: KataGoWarning) => ({ id: query.id, field: w.field, warning: w.warning }));
  }

  /** Analyses the most urgent waiting turn; null when none waits. */
  next(): KataGoOutput | null {
    if (this.queue.length === 0) return null;
    let best = 0;
    for (let i = 1; i < this.queue.length; i++) {
      const a = this.queue[i];
      const b = this.queue[best];
      if (a.priority > b.priority || (a.priority === b.priority && a.seq < b.seq)) best = i;
    }
    const turn = this.queue[best];
    try {
      if (!turn.position && hasInterimAnswer(turn.query)) {
        // The quick stage first; the turn stays queued for its final answer.
        turn.position = positionFromGame(gameAtTurn(turn.query, turn.turnNumber));
        return answerTurn(turn.query, turn.turnNumber, 'interim', turn.position);
      }
      this.queue.splice(best, 1);
      return answerTurn(turn.query, turn.turnNumber, 'final', turn.position);
    } catch (e) {
      this.queue = this.queue.filter((t) => t !== turn);
      // A fault of the engine on one turn is that turn's error line; the queue goes on.
      return {
        id: turn.query.id,
        turnNumber: turn.turnNumber,
        error: `analysis failed: ${(e as Error).message}`,
      };
    }
  }

  private act(a: KataGoAction): KataGoOutput[] {
    switch (a.action) {
      case 'query_version':
        return [{ ...a.raw, version: KATAGO_PROTOCOL_VERSION, git_hash: `moyo-${ENGINE.version}` }];
      case 'query_models':
        return [
          {
            ...a.raw,
            models: [
              {
                name: 'moyo-territory',
                internalName: 'moyo',
                version: ENGINE.version,
                usesHumanSLProfile: false,
              },
            ],
          },
        ];
      case 'clear_cache':
        return [{ ...a.raw }];
      default: {
        const stopped = this.queue.filter(
          (t) =>
            (a.action === 'terminate_all' || t.query.id === a.terminateId) &&
            (!a.turnNumbers || a.turnNumbers.includes(t.turnNumber)),
        );
        this.queue = this.queue.filter((t) => !stopped.includes(t));
        // A turn stopped after its quick stage ends with that stage's answer, as KataGo ends a
        // stopped search with what it found; a turn not begun has no results.
        const ends = stopped.map((t) =>
          t.position
            ? answerTurn(t.query, t.turnNumber, 'stopped', t.position)
            : { id: t.query.id, turnNumber: t.turnNumber, isDuringSearch: false, noResults: true },
        );
        return [{ ...a.raw }, ...ends];
      }
    }
  }
}

/** Every result of one query, in `analyzeTurns` order (for fronts that answer a query at once). */
export function answerKataGoQuery(query: KataGoQuery): KataGoOutput[] {
  return query.turns.map((t) => answerTurn(query, t.turnNumber));
}
