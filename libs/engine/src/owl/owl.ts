import type { Board } from '../board/board';
import { EMPTY, type Player } from '../board/color';
import {
  codeRank,
  downgrade,
  invert,
  packResult,
  ReadCode,
  unpackResult,
  type ReadResult,
} from '../reading/result';
import { DEFAULT_TACTICAL_PARAMS, TacticalReader } from '../reading/tactical';
import { TranspositionTable } from '../reading/transposition';
import { OwlScratch, viewDragon, type DragonView } from './eyespace';
import { attackerMoves, defenderMoves, weakLiberties } from './moves';
import { DEFAULT_OWL_PARAMS, type OwlParams } from './params';

export { DEFAULT_OWL_PARAMS, type OwlParams } from './params';

/** Static verdict of a node. */
const ALIVE = 1;
const DEAD = 2;
const UNSETTLED = 0;

/** Nodes of each tactical check of a short string (see capturable). */
const TACTICAL_BUDGET = 300;

/** Packed results are below this; a cache entry adds the depth it was read with times it. */
const CACHE_DEPTH = 1 << 14;

/**
 * Owner nodes within this many plies of the root (with exactCache) look on past a living move that
 * rests on a cut line for a firm one (see bestOf): ld_owl 63 -> 65 (27, 174 gained), owl 116 (83
 * gained, 221 lost: another defence first), owl1 25. At 1-3 plies nothing changed; at every depth
 * ld_owl gained 27, 174, 515 and lost 14, 21, 22 (the budget ran out before their kills).
 */
const FIRM_DEPTH = 4;

const OP_ATTACK = 4;
const OP_DEFEND = 5;

/**
 * Life-and-death reading of one dragon (GNU Go's owl as the model, from its documentation): the
 * attacker moves at vital points of the eye spaces, inside them and on the liberties leading out;
 * the owner at the vital points, captures of lunches, liberties leading out. A node is alive with two
 * sure eyes, room to run (outside the enemy's sphere) or a connection to a living friend; dead when
 * its goal stones are captured, or with fewer than two possible eyes, little room and no lunch.
 * Plays and undoes on the board (left as found); results are remembered by hash and dragon.
 * Over the node budget or the depth the dragon counts as living: a dragon is dead only when the
 * reading shows it.
 */
export class OwlReader {
  nodes = 0;
  totalNodes = 0;
  private exhausted = false;
  /**
   * The last question ran out of nodes or depth somewhere (with exactCache: its answer rests on a
   * line cut so): a failed attack may be a guess.
   */
  inconclusive = false;
  /**
   * Whether the result the last readAttack / readDefend returned rests on a line cut by the depth or
   * the budget (a living result only: cut lines count as living, so kills never rest on one).
   */
  private soft = false;
  private readonly table = new TranspositionTable(100_000);
  private readonly scratch: OwlScratch;
  /** Reads whether a short string of a dragon that looks alive can be captured. */
  private readonly tactics: TacticalReader;
  private goal: readonly number[] = [];
  /** The attacker's killing move while the root of a defence is read (0 otherwise). */
  private rootHint = 0;
  private owner: Player = 1;
  private key = 0;
  /** Lines cut by the depth or the budget so far (see OwlParams.exactCache). */
  private cuts = 0;
  /**
   * A killing move at the root is being checked (see OwlParams.verifyRoot): the owner's reply at
   * depth 1 is read whatever the static view says, and not from or into the cache.
   */
  private verifying = false;

  constructor(
    readonly board: Board,
    /** 1 on points inside the enemy's sphere of influence, per colour of the dragon (index by owner). */
    readonly spheres: { readonly [owner: number]: Uint8Array },
    /** 1 on stones of living dragons. */
    readonly alive: Uint8Array,
    readonly params: OwlParams = DEFAULT_OWL_PARAMS,
  ) {
    this.scratch = new OwlScratch(board.geo.arraySize);
    this.tactics = new TacticalReader(board, { ...DEFAULT_TACTICAL_PARAMS, budget: TACTICAL_BUDGET });
  }

  /** Can the dragon (its stones) be killed with the attacker moving first? */
  attack(stones: readonly number[]): ReadResult {
    if (!this.setGoal(stones)) return { code: ReadCode.Win, move: 0 };
    const r = unpackResult(this.readAttack(0));
    this.settle();
    return r;
  }

  /** With exactCache, the question is inconclusive only when its answer rests on a cut line. */
  private settle(): void {
    if (this.params.exactCache === true) this.inconclusive = this.soft;
  }

  /** Can the dragon live with its owner moving first? Win with move 0 when it needs no move. */
  defend(stones: readonly number[]): ReadResult {
    if (!this.setGoal(stones)) return { code: ReadCode.Fail, move: 0 };
    const a = unpackResult(this.readAttack(0));
    if (a.code === ReadCode.Fail) {
      this.settle();
      return { code: ReadCode.Win, move: 0 };
    }
    this.nodes = 0;
    this.exhausted = false;
    // The attack works: the owner needs a move, whatever the static view says, and the killing
    // point is one to try first.
    this.rootHint = this.params.readDeadRoot === true ? a.move : 0;
    try {
      const d = unpackResult(this.readDefend(0));
      this.settle();
      return d;
    } finally {
      this.rootHint = 0;
    }
  }

  /**
   * The owner's move, read at once with the owner moving first (no attack read before it: for a
   * dragon whose attack the reading could not settle, the point both sides want). Win with move 0
   * when the static view calls it alive.
   */
  defendFirst(stones: readonly number[]): ReadResult {
    if (!this.setGoal(stones)) return { code: ReadCode.Fail, move: 0 };
    const d = unpackResult(this.readDefend(0));
    this.settle();
    return d;
  }

  /** The owl's static view of the dragon now (for callers that want eyes and room). */
  view(stones: readonly number[]): DragonView | null {
    if (!this.setGoal(stones)) return null;
    return this.look();
  }

  private setGoal(stones: readonly number[]): boolean {
    const c = stones.length > 0 ? this.board.colors[stones[0]] : EMPTY;
    if (c !== 1 && c !== 2) return false;
    this.goal = stones;
    this.owner = c;
    this.key = Math.min(...stones);
    this.nodes = 0;
    this.exhausted = false;
    this.inconclusive = false;
    this.soft = false;
    return true;
  }

  private look(): DragonView | null {
    return viewDragon(
      this.board,
      this.goal,
      this.owner,
      this.spheres[this.owner],
      this.alive,
      this.scratch,
      this.params.view,
    );
  }

  /**
   * Static verdict; a dragon with a string in atari is never alive yet (its eyes or room may hang
   * on that string).
   */
  private judge(v: DragonView | null, attackerToMove = false): number {
    if (v === null) return DEAD;
    // A string of at least half the dragon in atari is no settled dragon either way: not alive (the
    // next line says so for any string in atari) and not dead by the static count below; the
    // capture, or the escape, is read. (Without this line 123 of the 1,255 bench:real positions
    // answer differently; it was first measured as middle-game mean error 14.35 -> 14.18.)
    if (v.weakestLiberties === 1 && 2 * this.board.chainSize(v.weakest) >= this.goal.length) return UNSETTLED;
    const runs = v.connects || v.room >= this.params.view.escapeRoom;
    if (v.weakestLiberties > 1 && (v.minEyes >= 2 || (runs && !(attackerToMove && this.params.blockFirst))))
      return ALIVE;
    const deadRoom = (attackerToMove ? this.params.deadRoom : this.params.deadRoomOwner) ?? 4;
    if (v.maxEyes < 2 && v.room < deadRoom && !v.lunches.some((s) => this.board.chainLiberties(s) === 1))
      return DEAD;
    return UNSETTLED;
  }

  /** The move capturing a string of two liberties or fewer of the dragon (tactical reading), or 0. */
  private capturable(v: DragonView): number {
    for (const s of v.strings) {
      if (this.board.chainLiberties(s) > 2) continue;
      const r = this.tactics.attack(s);
      if (r.code === ReadCode.Win && r.move !== 0) return r.move;
    }
    return 0;
  }

  /**
   * A string of two liberties or fewer holding at least half the dragon that tactical reading
   * cannot save with its owner to move (see OwlParams.tacticalLife).
   */
  private lostString(v: DragonView): boolean {
    if (this.params.tacticalLife !== true || v.weakestLiberties > 2) return false;
    for (const s of v.strings) {
      if (this.board.chainLiberties(s) > 2 || 2 * this.board.chainSize(s) < this.goal.length) continue;
      if (this.tactics.defend(s).code === ReadCode.Fail) return true;
    }
    return false;
  }

  /** A statically alive dragon is read on (see OwlParams.weakAliveDepth). */
  private weakAlive(v: DragonView, depth: number): boolean {
    return !v.connects && v.weakestLiberties <= 2 && depth < (this.params.weakAliveDepth ?? 0);
  }

  /** A static life by eyes at the root of an attack is read on (see OwlParams.readAliveRoot). */
  private aliveRoot(v: DragonView, depth: number): boolean {
    return (
      depth === 0 &&
      this.params.readAliveRoot === true &&
      !v.connects &&
      v.eyeSpaces.some((e) => e.leaky === true && e.eyes.max > 0)
    );
  }

  /** A static death at the root is read on (see OwlParams.readDeadRoot); no goal stone left never is. */
  private readRoot(v: DragonView | null, depth: number): boolean {
    return (
      (depth === 0 || (this.verifying && depth === 1)) && v !== null && this.params.readDeadRoot === true
    );
  }

  private tick(): boolean {
    this.totalNodes++;
    if (++this.nodes > this.params.budget) this.exhausted = true;
    return this.exhausted;
  }

  /** Attacker to move. */
  private readAttack(depth: number): number {
    const v = this.look();
    const verdict = this.judge(v, true);
    this.soft = false;
    if (verdict === DEAD && !this.readRoot(v, depth)) return packResult(ReadCode.Win, 0);
    // Eyes counted by shape assume the surrounding strings hold (GNU Go's optics has the same blind
    // spot): a string of two liberties that tactical reading captures leaves the dragon unsettled,
    // with the capturing move first.
    let capture = 0;
    if (verdict === ALIVE) {
      capture = v!.connects ? 0 : this.capturable(v!);
      if (capture === 0 && !this.weakAlive(v!, depth) && !this.aliveRoot(v!, depth))
        return packResult(ReadCode.Fail, 0);
    }
    if (depth >= this.params.maxDepth || this.tick()) {
      this.inconclusive = true;
      this.soft = true;
      this.cuts++;
      return packResult(ReadCode.Fail, 0);
    }
    const b = this.board;
    const cached = this.recall(OP_ATTACK, depth);
    if (cached >= 0) return cached;
    const attacker = (3 - this.owner) as Player;
    const moves =
      verdict === ALIVE && capture === 0 && !this.aliveRoot(v!, depth)
        ? weakLiberties(b, v!, attacker)
        : attackerMoves(b, v!, attacker, this.params.width, this.params.contain === true);
    if (verdict === ALIVE && capture === 0 && this.aliveRoot(v!, depth)) {
      // Its eyes are spoilt from outside: the points inside its eye spaces are left out, but for
      // the liberties of its short strings (see weakAlive).
      const keep = this.weakAlive(v!, depth) ? weakLiberties(b, v!, attacker) : [];
      const inside = new Set(v!.eyeSpaces.flatMap((e) => e.points));
      for (let i = moves.length - 1; i >= 0; i--) if (inside.has(moves[i])) moves.splice(i, 1);
      for (const m of keep) if (!moves.includes(m)) moves.push(m);
    }
    if (capture !== 0) {
      const i = moves.indexOf(capture);
      if (i >= 0) moves.splice(i, 1);
      moves.unshift(capture);
    }
    const cuts = this.cuts;
    const result = this.bestOf(attacker, moves, false, depth, () =>
      invert(unpackResult(this.readDefend(depth + 1)).code),
    );
    this.remember(OP_ATTACK, depth, cuts, unpackResult(result).code !== ReadCode.Win, result);
    return result;
  }

  /** Owner to move. */
  private readDefend(depth: number): number {
    const v = this.look();
    const verdict = this.judge(v);
    this.soft = false;
    if (verdict === DEAD && !this.readRoot(v, depth)) return packResult(ReadCode.Fail, 0);
    const hint = depth === 0 ? this.rootHint : 0;
    if (verdict === ALIVE && hint === 0 && !this.lostString(v!)) return packResult(ReadCode.Win, 0);
    if (depth >= this.params.maxDepth || this.tick()) {
      this.inconclusive = true;
      this.soft = true;
      this.cuts++;
      return packResult(ReadCode.Win, 0);
    }
    const b = this.board;
    const fresh = this.verifying && depth === 1;
    const cached = fresh ? -1 : this.recall(OP_DEFEND, depth);
    if (cached >= 0) return cached;
    const owner = this.owner;
    const moves = defenderMoves(b, v!, owner, this.params.width);
    if (hint !== 0 && b.colors[hint] === EMPTY) {
      const i = moves.indexOf(hint);
      if (i >= 0) moves.splice(i, 1);
      moves.unshift(hint);
    }
    // A self-atari that captures nothing gives the attacker a free capture, unless it took a ko.
    const cuts = this.cuts;
    const result = this.bestOf(owner, moves, true, depth, (m) => {
      if (b.chainLiberties(m) > 1 || b.koPoint !== 0)
        return invert(unpackResult(this.readAttack(depth + 1)).code);
      this.soft = false;
      return ReadCode.Fail;
    });
    if (!fresh) this.remember(OP_DEFEND, depth, cuts, unpackResult(result).code !== ReadCode.Fail, result);
    return result;
  }

  /**
   * Remembers a node's result (not after the budget ran out). With exactCache, a result saying the
   * dragon lives (`lives`) after a line below was cut (`cuts` before it) is stored with the depth
   * left, and only reused where no more depth is left (see recall).
   */
  private remember(op: number, depth: number, cuts: number, lives: boolean, result: number): void {
    if (this.exhausted) return;
    const inexact = this.params.exactCache === true && lives && this.cuts !== cuts;
    const left = inexact ? this.params.maxDepth - depth + 1 : 0;
    this.table.set(this.board.hashLo, this.board.hashHi, this.key, op, result + CACHE_DEPTH * left);
  }

  /** The remembered result of this node (see remember), or -1. */
  private recall(op: number, depth: number): number {
    const v = this.table.get(this.board.hashLo, this.board.hashHi, this.key, op);
    if (v < 0) return v;
    const left = Math.floor(v / CACHE_DEPTH);
    if (left !== 0 && this.params.maxDepth - depth + 1 > left) return -1;
    this.soft = left !== 0;
    return v % CACHE_DEPTH;
  }

  /**
   * One node (as reading/node's bestOfMoves): plays each legal move of `moves` for `player`, asks
   * `score(move)` for the mover's code after it (`this.soft` then tells whether that code rests on a
   * cut line), keeps the best code, a ko capture winning at most KO_A, and stops at the first
   * outright win; at an owner's node `depth` <= FIRM_DEPTH (with exactCache) a win that rests on a cut
   * does not stop it, and a firm code replaces an equal one that rests on a cut. The owner's node
   * (`ownerMoves`) rests on a cut when its chosen code does; the attacker's, when it does not kill
   * outright and any reply it weighed rested on one. Sets `this.soft`; returns the packed result.
   */
  private bestOf(
    player: Player,
    moves: readonly number[],
    ownerMoves: boolean,
    depth: number,
    score: (move: number) => number,
  ): number {
    const b = this.board;
    // Near the root the owner looks on past a living move that rests on a cut for a firm one.
    const firm = ownerMoves && this.params.exactCache === true && depth <= FIRM_DEPTH;
    let best = 0;
    let bestMove = 0;
    let bestSoft = false;
    let anySoft = false;
    // At the root of an attack, a kill is played only once it holds (see OwlParams.verifyRoot).
    const verify = !ownerMoves && depth === 0 && this.params.verifyRoot === true;
    let firstWin = 0;
    for (const m of moves) {
      if (!b.isLegal(m, player)) continue;
      b.playAssumeLegal(m, player);
      const koCapture = b.koPoint !== 0;
      this.soft = false;
      let code = score(m);
      const soft = this.soft;
      b.undo();
      if (koCapture) code = downgrade(code, ReadCode.KoA);
      anySoft ||= soft;
      if (verify && code === ReadCode.Win) {
        if (this.holds(m, player, score)) {
          this.soft = false;
          return packResult(ReadCode.Win, m);
        }
        if (firstWin === 0) firstWin = m;
        continue;
      }
      if (codeRank(code) > codeRank(best) || (firm && code === best && code !== 0 && bestSoft && !soft)) {
        best = code;
        bestMove = m;
        bestSoft = soft;
        if (code === ReadCode.Win && !(firm && soft)) break;
      }
    }
    if (firstWin !== 0) {
      this.soft = false;
      return packResult(ReadCode.Win, firstWin);
    }
    this.soft = ownerMoves ? best !== 0 && bestSoft : best !== ReadCode.Win && anySoft;
    return packResult(best, best === 0 ? 0 : bestMove);
  }

  /**
   * Whether the attacker's root move `m` still kills with the owner's reply read whatever the static
   * view says (see OwlParams.verifyRoot). A refutation that rests on a depth or budget cut does not
   * count; with the budget already spent nothing is checked (the first kill stays).
   */
  private holds(m: number, player: Player, score: (move: number) => number): boolean {
    if (this.exhausted) return false;
    const b = this.board;
    b.playAssumeLegal(m, player);
    this.verifying = true;
    this.soft = false;
    try {
      return score(m) === ReadCode.Win || this.soft || this.exhausted;
    } finally {
      this.verifying = false;
      b.undo();
    }
  }
}
