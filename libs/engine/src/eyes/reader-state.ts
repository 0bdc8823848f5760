import {
  BLACK as BLACK_EXPORT,
  EMPTY as EMPTY_EXPORT,
  WHITE as WHITE_EXPORT,
  type Player,
} from '../board/color';

// Local copies of the colours: some module loaders turn imported bindings into getters, which
// cost more than the reading itself in the hot loops.
const EMPTY: number = EMPTY_EXPORT;
const BLACK = BLACK_EXPORT as Player;
const WHITE = WHITE_EXPORT as Player;
import { VertexType, type EyeProblem } from './construction';
import { BitReadingBoard } from './bit-board';
import { type ReadingBoard } from './reading-board';
import {
  DEFAULT_EYE_READING_BUDGET,
  MAX_EYE_READING_DEPTH,
  type ReadingBoardFactory,
} from './reading-limits';
import { seededWords } from '../board/random';

/** Is `value` among the first `count` entries of `list`? */
function includes(list: Int32Array, count: number, value: number): boolean {
  for (let i = 0; i < count; i++) if (list[i] === value) return true;
  return false;
}

/**
 * The problem's board as rows of `X`, `O` and `.` (top row first), the form the reading boards'
 * fromRows take; from `colors` when given (a position reached by play), else the problem's own.
 */
export function problemRows(problem: EyeProblem, colors: ArrayLike<number> = problem.colors): string[] {
  const { geo } = problem;
  const rows: string[] = [];
  for (let y = 0; y < geo.size; y++) {
    let row = '';
    for (let x = 0; x < geo.size; x++) {
      const c = colors[geo.pt(x, y)];
      row += c === BLACK ? 'X' : c === WHITE ? 'O' : '.';
    }
    rows.push(row);
  }
  return rows;
}

/** GNU Go 3.8 reads at most 17 vertices, 3 of them its own: 14 points and enclosed blanks. */
const GNUGO_MAX_GRAPH_VERTICES = 14;

/**
 * What every layer of the eye reader shares: the problem, the board it plays on (play/undo, never
 * cloned), node and depth counters with their limits, the vertices' Zobrist keys, and GNU Go's
 * board predicates (suicide, capture, liberties after a move, invincible Black chains), taken
 * from the board's bit-set shortcuts where it has them, else computed from chain data. The
 * reader's layers: ReaderState <- MoveOrdering <- TacticalReader <- EyeGraphReader.
 */
export abstract class ReaderState {
  readonly board: ReadingBoard;
  /** Attack and defence nodes searched so far. */
  nodes = 0;
  protected readonly problem: EyeProblem;
  protected readonly zobristLo: Uint32Array;
  protected readonly zobristHi: Uint32Array;
  /** The board keeps the vertices' Zobrist key itself (hashKey then only adds the ko flag). */
  protected readonly vertexKeyed: boolean;
  protected readonly budget: number;
  protected readonly maxDepth: number;
  protected readonly classic: boolean;
  /**
   * Whether to stop as soon as White has two eyes Black can never fill. Only past GNU Go's reach
   * (more than 14 points and enclosed blanks), where no answer of GNU Go's must be reproduced: the
   * cut-off is sound, but it changes which nodes the open-node rule sees, hence some vital points.
   */
  protected readonly staticLife: boolean;
  protected readonly n: number;
  /** Moves on the current line. */
  protected depth = 0;
  private readonly libs = new Int32Array(512);
  private readonly blackLibs = new Int32Array(512);
  private readonly marks: Int32Array;
  private readonly friendHeads = new Int32Array(4);
  private memoLo = -1;
  private memoHi = -1;
  private memoCount = 0;
  private readonly memoHeads = new Int32Array(64);
  private readonly memoResults = new Uint8Array(64);
  private markGeneration = 0;

  /** Sets up the problem's position on a fresh board. */
  constructor(
    problem: EyeProblem,
    budget = DEFAULT_EYE_READING_BUDGET,
    makeBoard: ReadingBoardFactory = BitReadingBoard.fromRows,
    maxDepth = MAX_EYE_READING_DEPTH,
  ) {
    this.maxDepth = maxDepth;
    this.problem = problem;
    this.budget = budget;
    this.classic = problem.mode === 'gnugo-3.8';
    let regular = 0;
    for (let k = 0; k < problem.types.length; k++) if (problem.types[k] === VertexType.Regular) regular++;
    this.staticLife = regular > GNUGO_MAX_GRAPH_VERTICES;
    this.n = problem.vertices.length;
    this.board = makeBoard(problemRows(problem), problem.vertices);
    this.marks = new Int32Array(problem.geo.arraySize);
    // Slot 0 (vertex 0, EMPTY) is unused by the colours and keys the ko flag instead.
    this.zobristLo = seededWords(this.n * 3, 0xe7e0001);
    this.zobristHi = seededWords(this.n * 3, 0xe7e0002);
    this.vertexKeyed = this.board.keyVertices?.(problem.vertices, this.zobristLo, this.zobristHi) ?? false;
  }

  // ---- board helpers (GNU Go's predicates, computed from chain data) -------------------------
  // The board's optional shortcuts are tested with `!== undefined`: a bare method in a condition
  // is a generic ToBoolean in V8's optimised code, and these run for every candidate move.

  protected isSuicide(p: number, color: Player): boolean {
    const b = this.board;
    const quick = b.isSuicide !== undefined ? b.isSuicide(p, color) : -1;
    if (quick >= 0) return quick === 1;
    const adj = b.geo.adjacent;
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      const c = b.colors[q];
      if (c === EMPTY) return false;
      if (c === color) {
        if (b.chainLiberties(q) > 1) return false;
      } else if (c === 3 - color && b.chainLiberties(q) === 1) return false;
    }
    return true;
  }

  protected capturesSomething(p: number, color: Player): boolean {
    const b = this.board;
    const quick = b.captures !== undefined ? b.captures(p, color) : -1;
    if (quick >= 0) return quick === 1;
    const adj = b.geo.adjacent;
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      if (b.colors[q] === 3 - color && b.chainLiberties(q) === 1) return true;
    }
    return false;
  }

  /** Liberties (counted up to 2) a stone of `color` at p would have after its captures. */
  protected libertiesAfter(p: number, color: Player): number {
    const b = this.board;
    const quick = b.libertiesAfter !== undefined ? b.libertiesAfter(p, color) : -1;
    // The count from chain data in a function of its own: this one stays small enough for V8 to
    // inline into the move ordering's self-atari test (~100 k calls on a 64 k-node reading).
    return quick >= 0 ? quick : this.countLibertiesAfter(p, color);
  }

  /** libertiesAfter from chain data (the board cannot tell from its shortcuts). */
  private countLibertiesAfter(p: number, color: Player): number {
    const b = this.board;
    const adj = b.geo.adjacent;
    const gen = ++this.markGeneration;
    const marks = this.marks;
    marks[p] = gen;
    let count = 0;
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      if (b.colors[q] === EMPTY && marks[q] !== gen) {
        marks[q] = gen;
        if (++count >= 2) return 2;
      }
    }
    const friendHeads = this.friendHeads;
    let friends = 0;
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      if (b.colors[q] !== color) continue;
      const head = b.chainHead(q);
      if (includes(friendHeads, friends, head)) continue;
      friendHeads[friends++] = head;
      // Three or more liberties leave at least two besides p.
      if (b.chainLiberties(q) >= 3) return 2;
      const n = b.chainLibertyPoints(q, this.libs);
      for (let i = 0; i < n; i++) {
        const l = this.libs[i];
        if (marks[l] !== gen) {
          marks[l] = gen;
          if (++count >= 2) return 2;
        }
      }
    }
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      if (b.colors[q] !== 3 - color || b.chainLiberties(q) !== 1) continue;
      const n = b.chainStones(q, this.libs);
      for (let i = 0; i < n; i++) {
        const s = this.libs[i];
        if (marks[s] === gen) continue;
        let touches = false;
        for (let m = 0; m < 4 && !touches; m++) {
          const t = s + adj[m];
          touches = t === p || (b.colors[t] === color && includes(friendHeads, friends, b.chainHead(t)));
        }
        if (touches) {
          marks[s] = gen;
          if (++count >= 2) return 2;
        }
      }
    }
    return count;
  }

  /** Next to a Black string with at least two points White cannot play (an invincible group)? */
  protected touchesInvincibleBlack(p: number): boolean {
    const b = this.board;
    const quick = b.touchesInvincibleBlack !== undefined ? b.touchesInvincibleBlack(p) : -1;
    if (quick >= 0) return quick === 1;
    const adj = b.geo.adjacent;
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      if (b.colors[q] === BLACK && this.invincible(q)) return true;
    }
    return false;
  }

  /** Is the Black chain at q invincible? Memoised per position (move ordering asks often). */
  protected invincible(q: number): boolean {
    const b = this.board;
    if (b.hashLo !== this.memoLo || b.hashHi !== this.memoHi) {
      this.memoLo = b.hashLo;
      this.memoHi = b.hashHi;
      this.memoCount = 0;
    }
    const head = b.chainHead(q);
    for (let i = 0; i < this.memoCount; i++) if (this.memoHeads[i] === head) return this.memoResults[i] === 1;
    const libs = this.blackLibs;
    const n = b.chainLibertyPoints(q, libs);
    let eyes = 0;
    for (let i = 0; i < n && eyes < 2; i++) if (this.isSuicide(libs[i], WHITE)) eyes++;
    if (this.memoCount < this.memoHeads.length) {
      this.memoHeads[this.memoCount] = head;
      this.memoResults[this.memoCount++] = eyes >= 2 ? 1 : 0;
    }
    return eyes >= 2;
  }
}
