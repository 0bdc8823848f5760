import type { Board } from '../board/board';
import type { Player } from '../board/color';
import { DEFAULT_OWL_VIEW_PARAMS, OwlScratch, type DragonView, type OwlViewParams } from '../owl/eyespace';
import { ReadingLine } from '../reading/line';
import { codeRank, downgrade, invert, packResult, ReadCode, unpackResult } from '../reading/result';
import { TranspositionTable } from '../reading/transposition';
import { countRace, RaceCount } from './count';
import { goalCaptured, libertyOfGoal, type RaceGoal } from './goal';
import { raceMoves, RaceScratch, sacrificesLast, type RaceSide } from './moves';
import { sureEyes } from './shapes';
import { raceView, RaceViewScratch } from './view';

/** Limits of the race reading. */
export interface SemeaiParams {
  /** Nodes per question (the defence and the kill are two questions). */
  readonly budget: number;
  /**
   * Least nodes per move at the root: each gets half of what is left of the question's budget, at
   * least this many (within the budget), so a first move that runs out does not fail the others.
   * The root's pass gets this many only: a pass that keeps A alive (or lets B live) is read out
   * fast, and a long pass line, scored at its cut, ate half the budget the moves needed.
   */
  readonly rootMoveBudget: number;
  readonly maxDepth: number;
  /** Moves tried per node, pass not counted (12: with 10 the kill of semeai 43 was not among them). */
  readonly width: number;
  /** Plies up to which a ko may be retaken after a threat (the line then wins at most KO_B). */
  readonly koDepth: number;
  /**
   * Largest eye space the views inside the search read (the root's view reads the owl's 14): bigger
   * areas count as open there, so the eye-graph reader is not asked about every stone played in a
   * wide area.
   */
  readonly nodeEyeSpace: number;
  /** Each side keeps empty its own eye space that holds the other's stones (see RaceSide.keepEmpty). */
  readonly keepInside: boolean;
  /**
   * Plies up to which approach moves are read (see raceMoves): 1, the root's only (deeper, they
   * spend the budget on lines GNU Go does not read). After a pass at the root the other side's
   * first move is read as a root move (one ply more), so each side's first move can approach.
   */
  readonly approachDepth: number;
  /**
   * Own strings outside the goal, in atari or with two liberties, that touch an enemy goal string
   * with at most this many liberties have their liberties defended (see raceMoves); 0: never.
   */
  readonly lifelineLibs: number;
  /**
   * Plies up to which throw-ins are read (see raceMoves): a sacrifice of one or two stones on a
   * liberty of an enemy goal string with at most `throwInLibs` liberties. Deeper they widen lines
   * that are not needed (semeai 148 ran out of nodes with them at every ply).
   */
  readonly throwInDepth: number;
  readonly throwInLibs: number;
}

export const DEFAULT_SEMEAI_PARAMS: SemeaiParams = {
  budget: 20_000,
  rootMoveBudget: 3_000,
  maxDepth: 40,
  width: 12,
  koDepth: 12,
  nodeEyeSpace: 8,
  keepInside: false,
  approachDepth: 1,
  lifelineLibs: 3,
  throwInDepth: 4,
  throwInLibs: 2,
};

/** GNU Go's analyze_semeai answer: codes for A's survival and B's capture (0-3), and the move. */
export interface SemeaiAnswer {
  readonly defense: ReadCode;
  readonly attack: ReadCode;
  readonly move: number;
}

/** The two questions, from the side of A's owner (who moves first). */
const DEFEND = 0;
const KILL = 1;

/**
 * Reads a capturing race between two goals of opposite colours, A's owner to move: can A survive
 * (B captured, or both living: seki or independent life), and can B be captured? Each is a
 * two-player search with GNU Go's ko codes: every node tries the race moves of the side to move
 * (see {@link raceMoves}) and a pass; two passes in a row, the depth limit or the node budget end a
 * line with both goals on the board. A side with two eyes that hold none of the other's stones
 * lives. Retaking a ko (after a threat) wins at most KO_B, once per line for one side (see
 * koMaster); a legal ko capture is an ordinary move, and wins KO_A when the other side's only answer
 * is such a retake (GNU Go's codes as its documentation gives them). Plays and undoes on `board`,
 * which is left as found.
 */
export class SemeaiReader {
  nodes = 0;
  private readonly table = new TranspositionTable(100_000);
  private readonly owlScratch: OwlScratch;
  private readonly scratch: RaceScratch;
  private readonly viewScratch: RaceViewScratch;
  private readonly zeros: Uint8Array;
  private a!: RaceGoal;
  private b!: RaceGoal;
  private keepA!: Uint8Array;
  private keepB!: Uint8Array;
  private question = DEFEND;
  /**
   * The side that retook a ko after a threat on the line being read, or 0: the other side may then
   * not retake one after a threat (GNU Go's komaster, from its documentation), so a ko fight is
   * read once each way instead of retaken to the ko depth.
   */
  private koMaster: 0 | Player = 0;
  /** The node count at which the line being read stops, and whether one did since the last root move. */
  private limit = 0;
  private cut = false;
  /** Whether the root's answer is a win on a line cut by the budget (see search). */
  private provisional = false;
  /** A root move whose win is taken even when its line is cut, tried first (see analyze). */
  private sureMove = 0;
  /** The positions along the line being read, and which results depend on them. */
  private readonly line: ReadingLine;
  private readonly nodeView: OwlViewParams;

  constructor(
    readonly board: Board,
    readonly params: SemeaiParams = DEFAULT_SEMEAI_PARAMS,
  ) {
    this.owlScratch = new OwlScratch(board.geo.arraySize);
    this.scratch = new RaceScratch(board.geo.arraySize);
    this.viewScratch = new RaceViewScratch(board.geo.arraySize);
    this.zeros = new Uint8Array(board.geo.arraySize);
    this.line = new ReadingLine(0, params.maxDepth);
    this.nodeView = { ...DEFAULT_OWL_VIEW_PARAMS, maxEyeSpace: params.nodeEyeSpace, escapeRoom: 0 };
  }

  analyze(a: RaceGoal, b: RaceGoal): SemeaiAnswer {
    this.a = a;
    this.b = b;
    this.keepA = this.params.keepInside ? this.insidePoints(a, b) : new Uint8Array(this.board.geo.arraySize);
    this.keepB = this.params.keepInside ? this.insidePoints(b, a) : new Uint8Array(this.board.geo.arraySize);
    const def = this.root(DEFEND);
    // The defence's move, read out to a win, is tried first for the kill and its win there taken
    // even from a line cut by the budget.
    this.sureMove = def.code === ReadCode.Win && !this.provisional ? def.move : 0;
    const att = this.root(KILL);
    this.sureMove = 0;
    if (att.code !== ReadCode.Fail) {
      const d = codeRank(def.code) > codeRank(att.code) ? def.code : att.code;
      return { defense: d, attack: att.code, move: att.move };
    }
    return { defense: def.code, attack: ReadCode.Fail, move: def.code === ReadCode.Fail ? 0 : def.move };
  }

  /**
   * The points of `side`'s eye spaces that hold stones of `other` now: the side keeps them empty
   * (see {@link RaceSide.keepEmpty}).
   */
  private insidePoints(side: RaceGoal, other: RaceGoal): Uint8Array {
    const keep = new Uint8Array(this.board.geo.arraySize);
    const v = this.view(side, true);
    if (!v) return keep;
    const otherStones = new Set(other.stones);
    for (const e of v.eyeSpaces) {
      if (!e.points.some((p) => otherStones.has(p))) continue;
      for (const p of e.points) if (this.board.colors[p] === 0) keep[p] = 1;
    }
    return keep;
  }

  private view(goal: RaceGoal, root = false): DragonView | null {
    if (goalCaptured(this.board, goal)) return null;
    const params = root ? DEFAULT_OWL_VIEW_PARAMS : this.nodeView;
    const other = goal === this.a ? this.b : this.a;
    return raceView(
      this.board,
      goal,
      other,
      this.zeros,
      this.zeros,
      this.owlScratch,
      params,
      this.viewScratch,
    );
  }

  /**
   * The view of `goal` after the move `last` (0 a pass, -1 a capture): the parent's view when the move
   * neither captured nor touched one of its eye spaces (outside liberties filled do not change the
   * eyes), else a new one. Saves the eye-graph readings of the many outside moves of a race.
   */
  private viewAfter(goal: RaceGoal, parent: DragonView | null, last: number): DragonView | null {
    if (parent === null || last < 0 || goalCaptured(this.board, goal)) return this.view(goal);
    if (last === 0) return parent;
    const adj = this.board.geo.adjacent;
    for (const e of parent.eyeSpaces) {
      for (const p of e.points) {
        if (p === last) return this.view(goal);
        for (let k = 0; k < 4; k++) if (p + adj[k] === last) return this.view(goal);
      }
    }
    return parent;
  }

  /**
   * After the other goal's capture: does `goal` live? With two eyes, or room to the open board (an
   * area too big to be an eye space, or the owl's escape room). A side that took the other's stones
   * inside its own enclosed area and still has fewer than two eyes there (a bent three or a bent
   * four in the corner, the other to move) loses the race: the surrounding enemy kills it. Where a
   * seki was there instead, the side's other line (leaving the stones) finds it (GNU Go answers such
   * races 1 0 from both sides; a shape that only the capture gives, 0 0 and 1 1).
   */
  private livesAfterCapture(goal: RaceGoal): boolean {
    const v = this.view(goal, true);
    if (!v) return false;
    return sureEyes(this.board, v) >= 2 || v.room >= DEFAULT_OWL_VIEW_PARAMS.escapeRoom || v.connects;
  }

  /** Two eyes in spaces free of the other goal's stones. */
  private twoEyes(view: DragonView | null, other: RaceGoal): boolean {
    if (!view || view.minEyes < 2) return false;
    let eyes = 0;
    for (const e of view.eyeSpaces) {
      let clean = true;
      for (const p of e.points) if (this.board.colors[p] === other.owner) clean = false;
      if (clean) eyes += e.eyes.min;
    }
    return eyes >= 2;
  }

  /** Liberties of the goal's weakest string now on the board. */
  private weakestLibs(goal: RaceGoal): number {
    let least = 1 << 30;
    for (const s of goal.stones)
      if (this.board.colors[s] === goal.owner) least = Math.min(least, this.board.chainLiberties(s));
    return least;
  }

  /**
   * The side a line cut by the node budget is scored for: two eyes (the parent's views) against
   * fewer win; else the weakest strings' liberties, an eye worth one more, the side to move
   * winning a tie.
   */
  private leafWinner(toMove: Player, va: DragonView | null, vb: DragonView | null): Player {
    const p = this.a.owner;
    const o = (3 - p) as Player;
    const ea = va?.minEyes ?? 0;
    const eb = vb?.minEyes ?? 0;
    if (ea >= 2 && eb < 2) return p;
    if (eb >= 2 && ea < 2) return o;
    const la = this.weakestLibs(this.a) + (ea > 0 ? 1 : 0);
    const lb = this.weakestLibs(this.b) + (eb > 0 ? 1 : 0);
    if (la === lb) return toMove;
    return la > lb ? p : o;
  }

  private root(question: number): { code: ReadCode; move: number } {
    this.question = question;
    this.nodes = 0;
    this.limit = this.params.budget;
    const r = unpackResult(this.search(this.a.owner, 0, 0, true));
    return r;
  }

  /**
   * The code for `toMove` (its goal: A's owner wants the question's success, the other side its
   * failure), packed with the move; at the root (`root`) the pass is tried first for the defence
   * (a pass that keeps A alive is the answer) and last for the kill.
   */
  private search(
    toMove: Player,
    passes: number,
    depth: number,
    root = false,
    last = 0,
    parentA: DragonView | null = null,
    parentB: DragonView | null = null,
  ): number {
    const board = this.board;
    const p = this.a.owner;
    const win = (side: Player): number => packResult(side === toMove ? ReadCode.Win : ReadCode.Fail, 0);
    const bothLive = this.question === DEFEND ? p : ((3 - p) as Player);
    // A capture that leaves the capturer without life loses it the race (see livesAfterCapture).
    if (goalCaptured(board, this.a)) return win(this.livesAfterCapture(this.b) ? ((3 - p) as Player) : p);
    if (goalCaptured(board, this.b)) return win(this.livesAfterCapture(this.a) ? p : ((3 - p) as Player));
    if (passes >= 2 || depth >= this.params.maxDepth) return win(bothLive);
    if (this.nodes >= this.limit) {
      this.cut = true;
      return win(this.leafWinner(toMove, parentA, parentB));
    }
    // A position repeated on this line with the same side to move: nobody made progress.
    if (this.line.repeats(depth, board.hashLo, board.hashHi)) return win(bothLive);
    this.nodes++;
    const va = this.viewAfter(this.a, parentA, last);
    const vb = this.viewAfter(this.b, parentB, last);
    if (this.question === DEFEND && this.twoEyes(va, this.b)) return win(p);
    if (this.question === KILL && this.twoEyes(vb, this.a)) return win((3 - p) as Player);
    if (!root) {
      const mover = toMove === p ? this.a : this.b;
      const count = countRace(
        board,
        mover,
        toMove === p ? this.b : this.a,
        toMove === p ? va : vb,
        toMove === p ? vb : va,
        this.scratch.libs,
      );
      if (count === RaceCount.Seki) return win(bothLive);
      if (count === RaceCount.MoverWins) return win(toMove);
      if (count === RaceCount.OtherWins) return win((3 - toMove) as Player);
    }
    const slot = (this.question * 2 + (passes > 0 ? 1 : 0)) * 3 + this.koMaster;
    if (!root) {
      const cached = this.table.get(board.hashLo, board.hashHi, slot, toMove);
      if (cached >= 0) return cached;
    }
    const repeatAbove = this.line.enterNode();
    const sideA: RaceSide = { goal: this.a, view: va, keepEmpty: this.keepA };
    const sideB: RaceSide = { goal: this.b, view: vb, keepEmpty: this.keepB };
    const own = toMove === p ? sideA : sideB;
    const enemy = toMove === p ? sideB : sideA;
    const approach = depth < this.params.approachDepth + (passes === depth ? 1 : 0);
    const throwInLibs = depth < this.params.throwInDepth ? this.params.throwInLibs : 0;
    const found = raceMoves(
      board,
      toMove,
      own,
      enemy,
      this.scratch,
      this.params.width,
      approach,
      this.params.lifelineLibs,
      throwInLibs,
    );
    const moves = root ? sacrificesLast(board, toMove, found) : found;
    if (root && this.sureMove !== 0) {
      const i = moves.indexOf(this.sureMove);
      if (i > 0) moves.unshift(...moves.splice(i, 1));
    }
    const other = (3 - toMove) as Player;
    let best: number = ReadCode.Fail;
    let bestMove = 0;
    // At the root a win on a line cut by the budget is provisional: the other moves are read for
    // a win read out to the end, which is preferred.
    let provisional = false;
    // At the root, of two moves with the same ko code the first that fills a liberty of the enemy
    // goal is the answer (a capture elsewhere first found the same ko: semeai 143).
    const consider = (code: number, move: number): boolean => {
      const cutWin =
        root && this.cut && code === ReadCode.Win && (this.sureMove === 0 || move !== this.sureMove);
      const fillTie =
        root &&
        code === best &&
        (code === ReadCode.KoA || code === ReadCode.KoB) &&
        bestMove !== 0 &&
        move !== 0 &&
        !libertyOfGoal(board, toMove === p ? this.b : this.a, bestMove) &&
        libertyOfGoal(board, toMove === p ? this.b : this.a, move);
      if (codeRank(code) > codeRank(best) || (provisional && code === ReadCode.Win && !cutWin) || fillTie) {
        best = code;
        bestMove = move;
        provisional = cutWin;
      }
      return best === ReadCode.Win && !provisional;
    };
    // At the root each move gets its share of the budget (see SemeaiParams.rootMoveBudget); a line
    // cut by its limit is not cached, nor a ko result (it depends on the kos retaken on the way).
    const share = (pass = false): void => {
      if (!root) return;
      this.cut = false;
      const left = this.params.budget - this.nodes;
      const part = pass ? 0 : left / 2;
      this.limit = Math.min(this.params.budget, this.nodes + Math.max(this.params.rootMoveBudget, part));
    };
    const tryPass = (): boolean => {
      share(true);
      board.passRecorded();
      const code = invert(unpackResult(this.search(other, passes + 1, depth + 1, false, 0, va, vb)).code);
      board.undo();
      return consider(code, 0);
    };
    const passFirst = root && this.question === DEFEND && toMove === p;
    let done = passFirst && tryPass();
    for (let i = 0; i < moves.length && !done; i++) {
      const m = moves[i];
      share();
      let ko: ReadCode | 0 = 0;
      if (!board.isLegal(m, toMove)) {
        if (m !== board.koPointFor(toMove) || depth >= this.params.koDepth) continue;
        if (this.koMaster !== 0 && this.koMaster !== toMove) continue;
        ko = ReadCode.KoB;
      }
      const captured = board.captures[1] + board.captures[2];
      board.playAssumeLegal(m, toMove);
      const took = board.captures[1] + board.captures[2] !== captured;
      const master = this.koMaster;
      if (ko === ReadCode.KoB) this.koMaster = toMove;
      let code = invert(unpackResult(this.search(other, 0, depth + 1, false, took ? -1 : m, va, vb)).code);
      this.koMaster = master;
      board.undo();
      if (ko !== 0) code = downgrade(code, ko);
      done = consider(code, m);
    }
    // Right after the root's pass, the other side passes back only when every move of its own
    // loses: with a ko to fight it fights it (GNU Go's 2 2 PASS, semeai 144), where passing back
    // would have scored the race as both living.
    const koToFight = depth === 1 && passes === 1 && best !== ReadCode.Fail;
    if (!done && !passFirst && !koToFight) tryPass();
    if (root) this.provisional = provisional;
    const result = packResult(best, bestMove);
    const settled = best === ReadCode.Win || best === ReadCode.Fail;
    const historyFree = this.line.leaveNode(depth, repeatAbove);
    if (!root && !this.cut && settled && historyFree)
      this.table.set(board.hashLo, board.hashHi, slot, toMove, result);
    return result;
  }
}
