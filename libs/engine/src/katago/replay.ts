import { positionFromGame } from '../analysis/registry';
import type { Position } from '../analysis/types';
import { formatGtpVertex } from '../board/coords';
import { IllegalMoveError } from '../board/board';
import { Game } from '../board/history';
import { QUICK_STAGE_VISITS, analyzeTurn, type KataGoTurnAnalysis } from './answer';
import { playerLetter } from './coords';
import { KataGoFieldError } from './errors';
import { handicapStonesAt, whiteHandicapBonusPoints } from './handicap';
import { defaultInitialPlayer, type KataGoQuery } from './query';

/**
 * The game of a query after `turnNumber` moves: setup stones, the first player, then the moves
 * (a move by the "wrong" colour is played as given, as KataGo does). Throws KataGoFieldError on
 * `moves` naming the first illegal move.
 */
export function gameAtTurn(query: KataGoQuery, turnNumber: number): Game {
  const game = new Game(query, { rules: query.rules, komi: query.komi });
  const first = query.initialPlayer ?? defaultInitialPlayer(query);
  if (query.initialStones.length > 0) {
    // Setup stones are not counted as handicap: KataGo's bonus for them depends on the rules.
    game.setup([...query.initialStones], first);
  } else {
    game.toPlay = first;
  }
  for (let i = 0; i < turnNumber; i++) {
    const m = query.moves[i];
    try {
      game.play(m.point, m.player);
    } catch (e) {
      if (!(e instanceof IllegalMoveError)) throw e;
      const where = formatGtpVertex(m.point, game.geo);
      throw new KataGoFieldError(
        'moves',
        `Illegal move ${i}: ${playerLetter(m.player)} ${where} (${e.reason})`,
      );
    }
  }
  return game;
}

/** A turn's full KataGo answer: `id`, `turnNumber` and the analysis. */
export type KataGoTurnResult = { id: string; turnNumber: number } & KataGoTurnAnalysis;

/** White's handicap bonus in points at a turn of a query (KataGo's count and rule). Pure. */
export function whiteBonusAt(query: KataGoQuery, turnNumber: number): number {
  const n = handicapStonesAt(query.initialStones, query.moves, turnNumber);
  return whiteHandicapBonusPoints(query.whiteHandicapBonus, n);
}

/** The analysis options of a query's turn, whose player to move is `position.toPlay`. */
function turnOptions(query: KataGoQuery, position: Position, turnNumber: number) {
  return {
    whiteBonus: whiteBonusAt(query, turnNumber),
    maxVisits: query.maxVisits,
    perspective: query.perspective,
    includeOwnership: query.includeOwnership,
    includeOwnershipStdev: query.includeOwnershipStdev,
    includeMovesOwnership: query.includeMovesOwnership,
    includeMovesOwnershipStdev: query.includeMovesOwnershipStdev,
    avoid: query.avoid.get(position.toPlay),
    allow: query.allow.get(position.toPlay),
  };
}

/**
 * Analyses one turn of a query (the moves were checked when it was read). `stage` 'interim' is the
 * quick stage: the same estimate with QUICK_STAGE_VISITS' effort, answered with isDuringSearch
 * true; 'stopped' is that stage as the final answer of a terminated turn. Pass the `position` of an
 * earlier stage to reuse its territory analysis (cached per board).
 */
export function answerTurn(
  query: KataGoQuery,
  turnNumber: number,
  stage: 'interim' | 'stopped' | 'final' = 'final',
  position: Position = positionFromGame(gameAtTurn(query, turnNumber)),
): KataGoTurnResult {
  const options = turnOptions(query, position, turnNumber);
  const quick = Math.min(query.maxVisits, QUICK_STAGE_VISITS);
  const staged =
    stage === 'final' ? options : { ...options, maxVisits: quick, isDuringSearch: stage === 'interim' };
  return { id: query.id, turnNumber, ...analyzeTurn(position, staged) };
}

/** Whether a turn of the query gets an interim answer: asked for, and more effort than the quick stage. */
export function hasInterimAnswer(query: KataGoQuery): boolean {
  return query.reportDuringSearch && query.maxVisits > QUICK_STAGE_VISITS;
}
