import type { Board } from '../board/board';
import type { Player } from '../board/color';
import { barredKoCapture, readKoRetake, type KoMaster } from '../reading/komaster';
import { codeRank, downgrade, packResult, ReadCode } from '../reading/result';
import type { OwlParams } from './params';

/**
 * Owner nodes within this many plies of the root (with exactCache) look on past a living move that
 * rests on a cut line for a firm one (see bestOf): ld_owl 63 -> 65 (27, 174 gained), owl 116 (83
 * gained, 221 lost: another defence first), owl1 25. At 1-3 plies nothing changed; at every depth
 * ld_owl gained 27, 174, 515 and lost 14, 21, 22 (the budget ran out before their kills).
 */
const FIRM_DEPTH = 4;

export const VERIFY_KILL = 1;

/** The flags of one owl question that its nodes share, and its line's ko master (see KoMaster). */
export interface OwlSearchState extends KoMaster {
  /** The node budget ran out. */
  exhausted: boolean;
  /** The code last scored rests on a line cut by the depth or the budget. */
  soft: boolean;
  /**
   * A root move is being checked (0: none): a kill (VERIFY_KILL, see OwlParams.verifyRoot), the
   * owner's reply at depth 1 read whatever the static view says, and not from or into the cache.
   */
  verifying: number;
  /** Nodes read for the question so far. */
  nodes: number;
  /**
   * The two moves that last won outright at each depth, the latest at 2 * depth, the one before it
   * at 2 * depth + 1 (see OwlParams.killers).
   */
  killers: Int32Array;
}

/**
 * One node (as reading/node's bestOfMoves): plays each legal move of `moves` for `player`, asks
 * `score(move)` for the mover's code after it (`state.soft` then tells whether that code rests on a
 * cut line), keeps the best code, a ko capture winning at most KO_A, and stops at the first
 * outright win; at an owner's node `depth` <= FIRM_DEPTH (with exactCache) a win that rests on a cut
 * does not stop it, and a firm code replaces an equal one that rests on a cut. The owner's node
 * (`ownerMoves`) rests on a cut when its chosen code does; the attacker's, when it does not kill
 * outright and any reply it weighed rested on one. Sets `state.soft`; returns the packed result.
 */
export function bestOf(
  b: Board,
  params: OwlParams,
  state: OwlSearchState,
  player: Player,
  moves: readonly number[],
  ownerMoves: boolean,
  depth: number,
  score: (move: number) => number,
): number {
  // Near the root the owner looks on past a living move that rests on a cut for a firm one.
  const firm = ownerMoves && params.exactCache === true && depth <= FIRM_DEPTH;
  let best = 0;
  let bestMove = 0;
  let bestSoft = false;
  let anySoft = false;
  // At the root of an attack, a kill is played only once it holds (see OwlParams.verifyRoot).
  const verify = !ownerMoves && depth === 0 && params.verifyRoot === true;
  let firstWin = 0;
  for (const m of moves) {
    const code = tryMove(b, params, state, player, m, score);
    if (code < 0) continue;
    const soft = state.soft;
    anySoft ||= soft;
    if (verify && code === ReadCode.Win && !(firm && soft)) {
      if (holds(b, state, m, player, score)) {
        state.soft = false;
        return packResult(ReadCode.Win, m);
      }
      if (firstWin === 0) firstWin = m;
      continue;
    }
    if (codeRank(code) > codeRank(best) || (firm && code === best && code !== 0 && bestSoft && !soft)) {
      best = code;
      bestMove = m;
      bestSoft = soft;
      if (code === ReadCode.Win && !(firm && soft)) {
        if (params.killers === true) rememberKiller(state.killers, depth, m);
        break;
      }
    }
  }
  if (firstWin !== 0) {
    state.soft = false;
    return packResult(ReadCode.Win, firstWin);
  }
  state.soft = ownerMoves ? best !== 0 && bestSoft : best !== ReadCode.Win && anySoft;
  return packResult(best, best === 0 ? 0 : bestMove);
}

/** Notes m as the latest move to win outright at `depth` (see OwlSearchState.killers). */
function rememberKiller(killers: Int32Array, depth: number, m: number): void {
  const i = 2 * depth;
  if (i + 1 >= killers.length || killers[i] === m) return;
  killers[i + 1] = killers[i];
  killers[i] = m;
}

/**
 * Plays `player`'s move m, scores it and takes it back: the mover's code (a ko capture KO_A at
 * best, see bestOf), or -1 when m cannot be played. Leaves `state.soft` as the score left it.
 */
function tryMove(
  b: Board,
  params: OwlParams,
  state: OwlSearchState,
  player: Player,
  m: number,
  score: (move: number) => number,
): number {
  const kos = params.koThreats === true;
  if (!b.isLegal(m, player)) {
    if (!kos) return -1;
    // A forbidden retake is read as after a threat (the retaker becomes the ko master).
    const fresh = (mv: number) => {
      state.soft = false;
      return score(mv);
    };
    return readKoRetake(b, state, m, player, fresh);
  }
  b.playAssumeLegal(m, player);
  const koCapture = b.koPoint !== 0;
  // The ko master's opponent may not take back the ko the master retook.
  const barred = kos && koCapture && barredKoCapture(state, player, m);
  state.soft = false;
  let code = barred ? ReadCode.Fail : score(m);
  b.undo();
  // A ko capture wins KO_A at best, unless the ko master (who retakes no more kos) is the opponent,
  // or (koRetakes) the opponent's retake after a threat was read on a line no cut decided.
  const read = params.koRetakes === true && state.komaster === 0 && !state.soft;
  if (koCapture && !(kos && state.komaster === 3 - player) && !read) code = downgrade(code, ReadCode.KoA);
  return code;
}

/**
 * Whether the attacker's root move `m` still kills with the owner's reply read whatever the static
 * view says (see OwlParams.verifyRoot). A refutation that rests on a depth or budget cut does not
 * count; with the budget already spent nothing is checked (the first kill stays).
 */
function holds(
  b: Board,
  state: OwlSearchState,
  m: number,
  player: Player,
  score: (move: number) => number,
): boolean {
  if (state.exhausted) return false;
  b.playAssumeLegal(m, player);
  state.verifying = VERIFY_KILL;
  state.soft = false;
  try {
    return score(m) === ReadCode.Win || state.soft || state.exhausted;
  } finally {
    state.verifying = 0;
    b.undo();
  }
}
