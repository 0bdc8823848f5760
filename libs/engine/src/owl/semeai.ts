import { MoveFlag, type Board } from '../board/board';
import { EMPTY, type Player } from '../board/color';
import { TranspositionTable } from '../reading/transposition';
import { libertiesOf } from './moves';

/** GNU Go's analyze_semeai answer: D1 survives (1/0), D2 is captured (1/0), and the move. */
export interface SemeaiResult {
  readonly defense: 0 | 1;
  readonly attack: 0 | 1;
  readonly move: number;
}

/** The dragons' stones, as `LifeAnalysis` gives them. */
export interface SemeaiDragons {
  readonly dragons: readonly { readonly stones: readonly number[] }[];
}

/** Limits of the race reading. */
export interface SemeaiParams {
  readonly budget: number;
  readonly maxDepth: number;
}

export const DEFAULT_SEMEAI_PARAMS: SemeaiParams = { budget: 30_000, maxDepth: 40 };

// Outcomes from D1's side: D1 lives and D2 dies, both live, D1 dies.
const KILL = 2;
const BOTH = 1;
const LOSS = 0;

/**
 * A capturing race between dragons d1 and d2, d1's owner to move: each side fills the other's
 * liberties (outside ones first), captures stones of the other next to its own, or passes; two
 * passes in a row end it with both alive (seki or independent life). The race is decided on the
 * principal strings, the weakest string of each dragon that touches the other. Plays and undoes on
 * `board`, which is left as found.
 */
export function readSemeai(
  board: Board,
  life: SemeaiDragons,
  d1: number,
  d2: number,
  params: SemeaiParams = DEFAULT_SEMEAI_PARAMS,
): SemeaiResult {
  const a = principal(board, life.dragons[d1].stones, life.dragons[d2].stones);
  const b = principal(board, life.dragons[d2].stones, life.dragons[d1].stones);
  const us = board.colors[a] as Player;
  const them = (3 - us) as Player;
  const table = new TranspositionTable(50_000);
  let nodes = 0;

  const outcome = (): number => {
    if (board.colors[a] !== us) return LOSS;
    if (board.colors[b] !== them) return KILL;
    return -1;
  };
  const search = (toMove: Player, passes: number, depth: number): number => {
    const o = outcome();
    if (o >= 0) return o;
    if (passes >= 2 || depth >= params.maxDepth || ++nodes > params.budget) return BOTH;
    const op = toMove === us ? 1 : 2;
    const cached = table.get(board.hashLo, board.hashHi, passes, op);
    if (cached >= 0) return cached;
    const mine = toMove === us ? a : b;
    const target = toMove === us ? b : a;
    let best = toMove === us ? -1 : 3;
    for (const m of raceMoves(board, mine, target, toMove)) {
      if (!board.isLegal(m, toMove)) continue;
      board.playAssumeLegal(m, toMove);
      const v = search((3 - toMove) as Player, 0, depth + 1);
      board.undo();
      best = toMove === us ? Math.max(best, v) : Math.min(best, v);
      if ((toMove === us && best === KILL) || (toMove !== us && best === LOSS)) break;
    }
    board.passRecorded();
    const pv = search((3 - toMove) as Player, passes + 1, depth + 1);
    board.undo();
    best = toMove === us ? Math.max(best, pv) : Math.min(best, pv);
    table.set(board.hashLo, board.hashHi, passes, op, best);
    return best;
  };

  // The root: find the move that gives d1's owner the best outcome.
  let best = -1;
  let bestMove = 0;
  for (const m of raceMoves(board, a, b, us)) {
    if (!board.isLegal(m, us)) continue;
    board.playAssumeLegal(m, us);
    const v = search(them, 0, 1);
    board.undo();
    if (v > best) {
      best = v;
      bestMove = m;
      if (v === KILL) break;
    }
  }
  board.passRecorded();
  const pv = search(them, 1, 1);
  board.undo();
  if (pv > best) {
    best = pv;
    bestMove = 0;
  }
  return { defense: best >= BOTH ? 1 : 0, attack: best === KILL ? 1 : 0, move: best === LOSS ? 0 : bestMove };
}

/** The string of `stones` with fewest liberties among those touching `other` (else the weakest). */
function principal(board: Board, stones: readonly number[], other: readonly number[]): number {
  const near = new Set<number>();
  const adj = board.geo.adjacent;
  for (const p of other) for (let k = 0; k < 4; k++) near.add(p + adj[k]);
  let best = stones[0];
  let bestLibs = Infinity;
  let bestNear = false;
  for (const p of stones) {
    const isNear = near.has(p);
    const l = board.chainLiberties(p);
    if ((isNear && !bestNear) || (isNear === bestNear && l < bestLibs)) {
      best = p;
      bestLibs = l;
      bestNear = isNear;
    }
  }
  return best;
}

/** Moves of a race: captures next to `mine`, the target's outside liberties, then shared ones. */
function raceMoves(board: Board, mine: number, target: number, player: Player): number[] {
  const out: number[] = [];
  const stones = new Int32Array(board.chainSize(mine));
  const n = board.chainStones(mine, stones);
  const adj = board.geo.adjacent;
  const enemy = 3 - player;
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 4; k++) {
      const q = stones[i] + adj[k];
      if (board.colors[q] === enemy && board.chainLiberties(q) === 1) out.push(...libertiesOf(board, q));
    }
  }
  const mineLibs = new Set(libertiesOf(board, mine));
  const targetLibs = libertiesOf(board, target);
  const outside = targetLibs.filter((l) => !mineLibs.has(l));
  const shared = targetLibs.filter((l) => mineLibs.has(l));
  for (const l of [...outside, ...shared]) {
    if (out.includes(l) || board.colors[l] !== EMPTY) continue;
    const f = board.analyzeMove(l, player);
    if (f & MoveFlag.Illegal) continue;
    if (f & MoveFlag.SelfAtari && !(f & MoveFlag.Capturing)) continue;
    out.push(l);
  }
  return out;
}
