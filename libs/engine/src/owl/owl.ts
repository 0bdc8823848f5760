import type { Board } from '../board/board';
import { EMPTY, type Player } from '../board/color';
import { invert, packResult, ReadCode, unpackResult, type ReadResult } from '../reading/result';
import { OP_ATTACK, OP_DEFEND, OwlCache } from './cache';
import { OwlScratch, viewDragon, type DragonView } from './eyespace';
import { attackerMoves, defenderMoves, weakLiberties } from './moves';
import { bestOf, type OwlSearchState } from './node';
import { DEFAULT_OWL_PARAMS, type OwlParams } from './params';
import { ALIVE, DEAD, OwlJudge } from './verdict';

export { DEFAULT_OWL_PARAMS, type OwlParams } from './params';

/**
 * Life-and-death reading of one dragon (GNU Go's owl as the model, from its documentation): the
 * attacker moves at vital points of the eye spaces, inside them and on the liberties leading out;
 * the owner at the vital points, captures of lunches, liberties leading out. A node is alive with two
 * sure eyes, room to run (outside the enemy's sphere) or a connection to a living friend; dead when
 * its goal stones are captured, or with fewer than two possible eyes, little room and no lunch
 * (verdict.ts). Plays and undoes on the board (left as found); results are remembered by hash and
 * dragon (cache.ts); each node keeps its best move (node.ts).
 * Over the node budget or the depth the dragon counts as living: a dragon is dead only when the
 * reading shows it.
 */
export class OwlReader {
  nodes = 0;
  totalNodes = 0;
  /**
   * The last question ran out of nodes or depth somewhere (with exactCache: its answer rests on a
   * line cut so): a failed attack may be a guess.
   */
  inconclusive = false;
  /**
   * The flags the nodes of a question share: the budget ran out; the result the last readAttack /
   * readDefend returned rests on a line cut by the depth or the budget (`soft`: a living result only,
   * cut lines count as living, so kills never rest on one); a root kill is being verified.
   */
  private readonly state: OwlSearchState = { exhausted: false, soft: false, verifying: false };
  private readonly cache: OwlCache;
  private readonly scratch: OwlScratch;
  private readonly judge: OwlJudge;
  private goal: readonly number[] = [];
  /** The attacker's killing move while the root of a defence is read (0 otherwise). */
  private rootHint = 0;
  private owner: Player = 1;
  private key = 0;
  /** Lines cut by the depth or the budget so far (see OwlParams.exactCache). */
  private cuts = 0;

  constructor(
    readonly board: Board,
    /** 1 on points inside the enemy's sphere of influence, per colour of the dragon (index by owner). */
    readonly spheres: { readonly [owner: number]: Uint8Array },
    /** 1 on stones of living dragons. */
    readonly alive: Uint8Array,
    readonly params: OwlParams = DEFAULT_OWL_PARAMS,
  ) {
    this.scratch = new OwlScratch(board.geo.arraySize);
    this.judge = new OwlJudge(board, params);
    this.cache = new OwlCache(board, params.maxDepth);
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
    if (this.params.exactCache === true) this.inconclusive = this.state.soft;
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
    this.state.exhausted = false;
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
    this.state.exhausted = false;
    this.inconclusive = false;
    this.state.soft = false;
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

  /** A static death at the root is read on (see OwlParams.readDeadRoot); no goal stone left never is. */
  private readRoot(v: DragonView | null, depth: number): boolean {
    return (
      (depth === 0 || (this.state.verifying && depth === 1)) &&
      v !== null &&
      this.params.readDeadRoot === true
    );
  }

  private tick(): boolean {
    this.totalNodes++;
    if (++this.nodes > this.params.budget) this.state.exhausted = true;
    return this.state.exhausted;
  }

  /** A line cut by the depth or the budget: the dragon counts as living (`code` for the mover). */
  private cut(code: number): number {
    this.inconclusive = true;
    this.state.soft = true;
    this.cuts++;
    return packResult(code, 0);
  }

  /** Attacker to move. */
  private readAttack(depth: number): number {
    const v = this.look();
    const judge = this.judge;
    const verdict = judge.judge(v, this.goal.length, true);
    this.state.soft = false;
    if (verdict === DEAD && !this.readRoot(v, depth)) return packResult(ReadCode.Win, 0);
    // Eyes counted by shape assume the surrounding strings hold (GNU Go's optics has the same blind
    // spot): a string of two liberties that tactical reading captures leaves the dragon unsettled,
    // with the capturing move first.
    let capture = 0;
    if (verdict === ALIVE) {
      capture = v!.connects ? 0 : judge.capturable(v!);
      if (capture === 0 && !judge.weakAlive(v!, depth) && !judge.aliveRoot(v!, depth))
        return packResult(ReadCode.Fail, 0);
    }
    if (depth >= this.params.maxDepth || this.tick()) return this.cut(ReadCode.Fail);
    const b = this.board;
    const cached = this.recall(OP_ATTACK, depth);
    if (cached >= 0) return cached;
    const attacker = (3 - this.owner) as Player;
    const moves =
      verdict === ALIVE && capture === 0 && !judge.aliveRoot(v!, depth)
        ? weakLiberties(b, v!, attacker)
        : attackerMoves(b, v!, attacker, this.params.width, this.params.contain === true);
    if (verdict === ALIVE && capture === 0 && judge.aliveRoot(v!, depth)) {
      // Its eyes are spoilt from outside: the points inside its eye spaces are left out, but for
      // the liberties of its short strings (see weakAlive).
      const keep = judge.weakAlive(v!, depth) ? weakLiberties(b, v!, attacker) : [];
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
    const result = bestOf(b, this.params, this.state, attacker, moves, false, depth, () =>
      invert(unpackResult(this.readDefend(depth + 1)).code),
    );
    this.remember(OP_ATTACK, depth, cuts, unpackResult(result).code !== ReadCode.Win, result);
    return result;
  }

  /** Owner to move. */
  private readDefend(depth: number): number {
    const v = this.look();
    const verdict = this.judge.judge(v, this.goal.length);
    this.state.soft = false;
    if (verdict === DEAD && !this.readRoot(v, depth)) return packResult(ReadCode.Fail, 0);
    const hint = depth === 0 ? this.rootHint : 0;
    if (verdict === ALIVE && hint === 0 && !this.judge.lostString(v!, this.goal.length))
      return packResult(ReadCode.Win, 0);
    if (depth >= this.params.maxDepth || this.tick()) return this.cut(ReadCode.Win);
    const b = this.board;
    const fresh = this.state.verifying && depth === 1;
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
    const result = bestOf(b, this.params, this.state, owner, moves, true, depth, (m) => {
      if (b.chainLiberties(m) > 1 || b.koPoint !== 0)
        return invert(unpackResult(this.readAttack(depth + 1)).code);
      this.state.soft = false;
      return ReadCode.Fail;
    });
    if (!fresh) this.remember(OP_DEFEND, depth, cuts, unpackResult(result).code !== ReadCode.Fail, result);
    return result;
  }

  /**
   * Remembers a node's result (not after the budget ran out). With exactCache, a result saying the
   * dragon lives (`lives`) after a line below was cut (`cuts` before it) is only reused where no
   * more depth is left (see OwlCache).
   */
  private remember(op: number, depth: number, cuts: number, lives: boolean, result: number): void {
    if (this.state.exhausted) return;
    const inexact = this.params.exactCache === true && lives && this.cuts !== cuts;
    this.cache.remember(this.key, op, depth, inexact, result);
  }

  /** The remembered result of this node, or -1 (sets `soft` when it hits). */
  private recall(op: number, depth: number): number {
    const v = this.cache.recall(this.key, op, depth);
    if (v >= 0) this.state.soft = this.cache.soft;
    return v;
  }
}
