import type { Board } from '../board/board';
import { EMPTY, opponent, type Player } from '../board/color';
import { koSalt } from '../reading/komaster';
import { invert, packResult, ReadCode, unpackResult, type ReadResult } from '../reading/result';
import { OP_ATTACK, OP_DEFEND, OwlCache } from './cache';
import { OwlScratch, viewDragon, type DragonView } from './eyespace';
import { addNewStoneLiberties, attackerMoves, defenderMoves, weakLiberties } from './moves';
import { addRetake, preferKiller, putFirst, threatenedVitalFirst, threatFirst } from './ordering';
import { bestOf, VERIFY_KILL, type OwlSearchState } from './node';
import { DEFAULT_OWL_PARAMS, type OwlParams } from './params';
import { ALIVE, DEAD, OwlJudge } from './verdict';

export { DEFAULT_OWL_PARAMS, type OwlParams } from './params';

/** The colour of a dragon's stones (its first stone's), or 0 when there is no stone there. */
export function dragonOwner(board: Board, stones: readonly number[]): Player | 0 {
  const c = stones.length > 0 ? board.colors[stones[0]] : EMPTY;
  return c === 1 || c === 2 ? c : 0;
}

/** Plies that keep a killer move (deeper nodes are not reordered). */
const KILLER_DEPTHS = 64;

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
  private readonly state: OwlSearchState = {
    exhausted: false,
    soft: false,
    verifying: 0,
    komaster: 0,
    komPos: 0,
    nodes: 0,
    killers: new Int32Array(2 * KILLER_DEPTHS),
  };
  private readonly cache: OwlCache;
  private readonly scratch: OwlScratch;
  private readonly judge: OwlJudge;
  private goal: readonly number[] = [];
  /** The attacker's killing move while the root of a defence is read (0 otherwise). */
  private rootHint = 0;
  /** The question being read is a defence (the owner moves first at its root). */
  private defenceQuestion = false;
  private owner: Player = 1;
  private key = 0;
  /** The owner's moves on the line being read (see OwlParams.newStoneLiberties). */
  private readonly ownerLine: number[] = [];
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

  /** Nodes read for the last question (its defence after its attack, for defend). */
  get nodes(): number {
    return this.state.nodes;
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

  /**
   * Can the dragon live with its owner moving first? Win with move 0 when it needs no move: the
   * attack fails and either the static view calls the dragon alive with its owner to move or no
   * move of the owner's, read with the owner first, is found to live (owl.tst 70 -> 72 of GNU Go's
   * passes among its owl_defend tests: 116 and 213 gained, none lost; ld_owl's the same).
   */
  defend(stones: readonly number[]): ReadResult {
    if (!this.setGoal(stones)) return { code: ReadCode.Fail, move: 0 };
    const a = unpackResult(this.readAttack(0));
    if (a.code === ReadCode.Fail) {
      // GNU Go's owl names no move only where its static view calls the dragon alive: one it does
      // not, whose attack failed, gets the owner's move read with the owner first (a failed attack
      // is no proof that no move is needed: a ko or a cut line may hide one). Where that reading
      // finds no living move, the failed attack stands (the dragon needs none).
      const attackSoft = this.state.soft;
      this.restart();
      const d = this.readDefenceRoot();
      if (d.code !== ReadCode.Fail) {
        this.settle();
        return d;
      }
      this.state.soft = attackSoft;
      this.settle();
      return { code: ReadCode.Win, move: 0 };
    }
    this.restart();
    // The attack works: the owner needs a move, whatever the static view says, and the killing
    // point is one to try first.
    this.rootHint = this.params.readDeadRoot === true ? a.move : 0;
    try {
      const d = this.readDefenceRoot();
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
    const d = this.readDefenceRoot();
    this.settle();
    return d;
  }

  /** The root of a defence question: the owner moves first. */
  private readDefenceRoot(): ReadResult {
    this.defenceQuestion = true;
    try {
      return unpackResult(this.readDefend(0));
    } finally {
      this.defenceQuestion = false;
    }
  }

  /** The owl's static view of the dragon now (for callers that want eyes and room). */
  view(stones: readonly number[]): DragonView | null {
    if (!this.setGoal(stones)) return null;
    return this.look();
  }

  private setGoal(stones: readonly number[]): boolean {
    const c = dragonOwner(this.board, stones);
    if (c === 0) return false;
    this.goal = stones;
    this.owner = c;
    this.cache.readWith(this.spheres);
    this.key = Math.min(...stones);
    this.restart();
    this.inconclusive = false;
    this.state.soft = false;
    this.state.komaster = 0;
    this.state.komPos = 0;
    this.state.killers.fill(0);
    return true;
  }

  /** A fresh node budget. */
  private restart(): void {
    this.state.nodes = 0;
    this.state.exhausted = false;
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
      (depth === 0 || (this.state.verifying === VERIFY_KILL && depth === 1)) &&
      v !== null &&
      this.params.readDeadRoot === true
    );
  }

  /** A static death of an owner's node near the root of a defence is read on (readDeadDefenceDepth). */
  private readDeadDefence(v: DragonView | null, depth: number): boolean {
    return (
      v !== null && this.defenceQuestion && depth >= 2 && depth <= (this.params.readDeadDefenceDepth ?? 0)
    );
  }

  private tick(): boolean {
    this.totalNodes++;
    if (++this.state.nodes > this.params.budget) this.state.exhausted = true;
    return this.state.exhausted;
  }

  /** A line cut by the depth or the budget: the dragon counts as living (`code` for the mover). */
  private cut(code: number): number {
    this.inconclusive = true;
    this.state.soft = true;
    this.cuts++;
    return packResult(code, 0);
  }

  /** Attacker to move; `afterPass`: its second move in a row (the owner passed: passCheckDepth). */
  private readAttack(depth: number, afterPass = false): number {
    const v = this.look();
    const judge = this.judge;
    const verdict = judge.judge(v, this.goal.length, true);
    this.state.soft = false;
    if (verdict === DEAD && !this.readRoot(v, depth)) return packResult(ReadCode.Win, 0);
    // A life by shape whose strings are short of liberties, after the owner's pass or at the root:
    // the attacker's whole candidate list (see OwlParams.passCheckDepth).
    const whole = verdict === ALIVE && (afterPass || (depth === 0 && judge.shortLife(v!)));
    const attacker = opponent(this.owner);
    // Eyes counted by shape assume the surrounding strings hold (GNU Go's optics has the same blind
    // spot): a string of two liberties that tactical reading captures leaves the dragon unsettled,
    // with the capturing move first.
    let capture = 0;
    if (verdict === ALIVE) {
      capture = v!.connects ? 0 : judge.capturable(v!);
      if (capture === 0 && !whole && !judge.weakAlive(v!, depth) && !judge.aliveRoot(v!, depth))
        return this.lastChance(attacker, depth, ReadCode.Fail, this.attackScore(depth));
    }
    if (depth >= this.params.maxDepth || this.tick()) return this.cut(ReadCode.Fail);
    const b = this.board;
    // The node after a pass is no position's usual attacker node: not from or into the cache.
    const cached = whole ? -1 : this.recall(OP_ATTACK, depth);
    if (cached >= 0) return cached;
    const moves =
      verdict === ALIVE && capture === 0 && !whole && !judge.aliveRoot(v!, depth)
        ? weakLiberties(b, v!, attacker, this.params.weakAliveOuter ?? 0)
        : attackerMoves(
            b,
            v!,
            attacker,
            this.params.width,
            this.params.contain === true,
            this.params.sharedVitalFirst === true,
          );
    if (whole) putFirst(moves, weakLiberties(b, v!, attacker));
    else if (verdict === ALIVE && capture === 0 && judge.aliveRoot(v!, depth)) {
      // Its eyes are spoilt from outside: the points inside its eye spaces are left out, but for
      // the liberties of its short strings (see weakAlive).
      const keep = judge.weakAlive(v!, depth) ? weakLiberties(b, v!, attacker) : [];
      const inside = new Set(v!.eyeSpaces.flatMap((e) => e.points));
      for (let i = moves.length - 1; i >= 0; i--) if (inside.has(moves[i])) moves.splice(i, 1);
      for (const m of keep) if (!moves.includes(m)) moves.push(m);
    }
    if (this.params.newStoneLiberties === true)
      addNewStoneLiberties(b, v!, this.ownerLine, this.owner, moves);
    addRetake(b, this.params, this.state, moves, v!, attacker, this.owner);
    preferKiller(this.params, this.state, moves, depth);
    if (capture !== 0) putFirst(moves, [capture]);
    const cuts = this.cuts;
    const result = bestOf(b, this.params, this.state, attacker, moves, false, depth, this.attackScore(depth));
    if (!whole) this.remember(OP_ATTACK, depth, cuts, unpackResult(result).code !== ReadCode.Win, result);
    return result;
  }

  /** Owner to move. */
  private readDefend(depth: number): number {
    const v = this.look();
    const verdict = this.judge.judge(v, this.goal.length);
    this.state.soft = false;
    if (verdict === DEAD && !this.readRoot(v, depth) && !this.readDeadDefence(v, depth))
      return this.lastChance(this.owner, depth, ReadCode.Fail, this.defendScore(depth));
    const hint = depth === 0 ? this.rootHint : 0;
    const defenceRoot = depth === 0 && this.defenceQuestion;
    // At the root of a defence, a life that needs an open space the attacker can enter is read.
    const doubted = defenceRoot && verdict === ALIVE && this.judge.doubtedEyes(v!);
    let threat = 0;
    if (verdict === ALIVE && hint === 0 && !doubted && !this.judge.lostString(v!, this.goal.length)) {
      if (!this.passCheck(v!, depth)) return packResult(ReadCode.Win, 0);
      // The attacker moves twice: where that fails too, the dragon needs no move.
      if (depth + 1 >= this.params.maxDepth) return this.cut(ReadCode.Win);
      const t = unpackResult(this.readAttack(depth + 1, true));
      if (t.code === ReadCode.Fail) return packResult(ReadCode.Win, 0);
      threat = t.move;
    }
    if (depth >= this.params.maxDepth || this.tick()) return this.cut(ReadCode.Win);
    const b = this.board;
    const fresh = this.state.verifying === VERIFY_KILL && depth === 1;
    const cached = fresh ? -1 : this.recall(OP_DEFEND, depth);
    if (cached >= 0) return cached;
    const cuts = this.cuts;
    const owner = this.owner;
    const width = defenceRoot ? (this.params.defenceRootWidth ?? this.params.width) : this.params.width;
    const moves = defenderMoves(
      b,
      v!,
      owner,
      width,
      this.params.sharedVitalFirst === true,
      this.params.settledAttackPoints === true && defenceRoot,
    );
    addRetake(b, this.params, this.state, moves, v!, owner, owner);
    preferKiller(this.params, this.state, moves, depth);
    if (doubted) threatenedVitalFirst(b, v!, owner, moves);
    if (threat !== 0) threatFirst(b, v!, owner, moves, threat);
    if (hint !== 0 && b.colors[hint] === EMPTY) putFirst(moves, [hint]);
    const result = bestOf(b, this.params, this.state, owner, moves, true, depth, this.defendScore(depth));
    if (!fresh) this.remember(OP_DEFEND, depth, cuts, unpackResult(result).code !== ReadCode.Fail, result);
    return result;
  }

  /** An owner's node below the root whose static life is checked with a pass (passCheckDepth). */
  private passCheck(v: DragonView, depth: number): boolean {
    return depth > 0 && depth < (this.params.passCheckDepth ?? 0) && this.judge.shortLife(v);
  }

  /** The attacker's code after its move at a node at `depth`. */
  private attackScore(depth: number): (m: number) => number {
    return () => invert(unpackResult(this.readDefend(depth + 1)).code);
  }

  /**
   * The owner's code after its move at a node at `depth`: a self-atari that captures nothing gives
   * the attacker a free capture, unless it took a ko.
   */
  private defendScore(depth: number): (m: number) => number {
    const b = this.board;
    return (m) => {
      if (b.chainLiberties(m) > 1 || b.koPoint !== 0) {
        this.ownerLine.push(m);
        try {
          return invert(unpackResult(this.readAttack(depth + 1)).code);
        } finally {
          this.ownerLine.pop();
        }
      }
      this.state.soft = false;
      return ReadCode.Fail;
    };
  }

  /**
   * A node the static view decides against `player` (`lost`, its code) right after the opponent
   * took a ko: with koRetakes, the retake after a threat is read before the node is given up (see
   * OwlParams.koRetakes).
   */
  private lastChance(player: Player, depth: number, lost: number, score: (m: number) => number): number {
    const lose = packResult(lost, 0);
    if (this.params.koRetakes !== true || this.state.komaster !== 0) return lose;
    const b = this.board;
    const ko = b.koPointFor(player);
    if (ko === 0 || depth >= this.params.maxDepth || this.tick()) return lose;
    const r = bestOf(b, this.params, this.state, player, [ko], player === this.owner, depth, score);
    return unpackResult(r).code === ReadCode.Fail ? lose : r;
  }

  /** Ko state mixed into cache keys (0 without a ko master). */
  private salt(): number {
    return koSalt(this.state);
  }

  /**
   * Remembers a node's result (not after the budget ran out). With exactCache, a result saying the
   * dragon lives (`lives`) after a line below was cut (`cuts` before it) is only reused where no
   * more depth is left (see OwlCache).
   */
  private remember(op: number, depth: number, cuts: number, lives: boolean, result: number): void {
    if (this.state.exhausted) return;
    const inexact = this.params.exactCache === true && lives && this.cuts !== cuts;
    this.cache.remember(this.key, op, depth, inexact, result, this.salt());
  }

  /** The remembered result of this node, or -1 (sets `soft` when it hits). */
  private recall(op: number, depth: number): number {
    const v = this.cache.recall(this.key, op, depth, this.salt());
    if (v >= 0) this.state.soft = this.cache.soft;
    return v;
  }
}
