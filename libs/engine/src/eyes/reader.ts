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
import { TranspositionTable } from './transposition';
import { seededWords } from '../board/random';

/** Move-ordering score of a neighbour by colour: empty 2, Black 3, White and the edge 0. */
const NEIGHBOUR_SCORE = Int32Array.of(2, 3, 0, 0);

/** Is `value` among the first `count` entries of `list`? */
function includes(list: Int32Array, count: number, value: number): boolean {
  for (let i = 0; i < count; i++) if (list[i] === value) return true;
  return false;
}

/** Makes the board the reader plays on from rows of `X`, `O`, `.` (top row first). */
export type ReadingBoardFactory = (rows: string[], movePoints: Int32Array) => ReadingBoard;

/** The search gave up: the problem needs more nodes than the budget allows. */
export class EyeGraphBudgetError extends Error {
  readonly nodes: number;
  /** `nodes`: the node budget ran out; `depth`: a line grew longer than MAX_EYE_READING_DEPTH. */
  readonly limit: 'nodes' | 'depth';
  constructor(nodes: number, limit: 'nodes' | 'depth' = 'nodes', maxDepth = MAX_EYE_READING_DEPTH) {
    super(
      limit === 'nodes'
        ? `eye graph: reading budget of ${nodes} nodes exhausted; the shape is too large to read out`
        : `eye graph: a line of play grew past ${maxDepth} moves (after ${nodes} nodes); ` +
            'the shape is too large to read out',
    );
    this.name = 'EyeGraphBudgetError';
    this.nodes = nodes;
    this.limit = limit;
  }
}

/**
 * Longest line of play the reader follows. Capturing moves may repeat a position (GNU Go 3.8's
 * rule), so capture cycles can make lines, and the recursion, grow without end on large shapes.
 */
export const MAX_EYE_READING_DEPTH = 400;

/** An eye value a b c d with the vital points that change it (board points). */
export interface EyeEvaluation {
  a: number;
  b: number;
  c: number;
  d: number;
  vitalAttacks: number[];
  vitalDefenses: number[];
}

interface LifeStatus {
  attack: boolean;
  defense: boolean;
  attackPoints: number[];
  defensePoints: number[];
}

/** GNU Go 3.8 reads at most 17 vertices, 3 of them its own: 14 points and enclosed blanks. */
const GNUGO_MAX_GRAPH_VERTICES = 14;

/** Default node budget: far above what any graph of 17 points needs with the full cache. */
export const DEFAULT_EYE_READING_BUDGET = 20_000_000;

/**
 * Tactical life-and-death reader for a constructed eye problem (seed 002). It decides whether
 * Black can capture every White stone under alternating play where only White may pass, on one
 * Board with play/undo (never cloning), and derives the eye value and vital points from that.
 *
 * Search: depth-first with a complete (never evicting) transposition table keyed by a 64-bit
 * Zobrist hash of the colours of the playable vertices and whether a ko point exists, two result
 * slots (attack, defence) per key, and
 * GNU Go's rules for a node that is still open on the current path (it counts as a win for the side
 * asking, which resolves repetition cycles). Moves are ordered as GNU Go orders them (margins first,
 * self-ataris last, points with empty or Black neighbours early). Repetition of a whole-board
 * position is forbidden (GNU Go 3.8: except for capturing moves; extended mode: for Black only),
 * and in extended mode the ko master may retake a ko by spending a virtual ko threat.
 * The same search order as GNU Go gives the same answers, including its vital points.
 *
 * One reader analyses one problem; it mutates only its own board and cache.
 */
export class EyeGraphReader {
  readonly board: ReadingBoard;
  /** Attack and defence nodes searched so far. */
  nodes = 0;
  private readonly problem: EyeProblem;
  /** Results by position: bits 0-1 attack, 2-3 defence (1 open on this line, 2 lost, 3 won). */
  private readonly cache = new TranspositionTable(1 << 10);
  /** Eye values by whole-board position (a*27 + b*9 + c*3 + d + 1), past GNU Go's reach only. */
  private readonly values = new TranspositionTable(64);
  /** Eye values of positions evaluated after a vital candidate (GNU Go's reach), by whole board. */
  private readonly evaluated = new TranspositionTable(64);
  private readonly zobristLo: Uint32Array;
  private readonly zobristHi: Uint32Array;
  private keyLo = 0;
  /** The board keeps the vertices' Zobrist key itself (hashKey then only adds the ko flag). */
  private readonly vertexKeyed: boolean;
  private keyHi = 0;
  private readonly budget: number;
  private readonly maxDepth: number;
  private readonly classic: boolean;
  /**
   * Whether to stop as soon as White has two eyes Black can never fill. Only past GNU Go's reach
   * (more than 14 points and enclosed blanks), where no answer of GNU Go's must be reproduced: the
   * cut-off is sound, but it changes which nodes the open-node rule sees, hence some vital points.
   */
  private readonly staticLife: boolean;
  private readonly n: number;
  private depth = 0;
  private readonly rememberedLo: number[] = [];
  private readonly rememberedHi: number[] = [];
  /** How many of rememberedLo[0, depth) fall in each of 1024 buckets (low bits of the hash). */
  private readonly pathBuckets = new Int32Array(1024);
  private readonly forcedThreatDepths: number[] = [];
  private readonly libs = new Int32Array(512);
  private readonly blackLibs = new Int32Array(512);
  private readonly marks: Int32Array;
  private readonly moveBuffers: Int32Array[] = [];
  /** The buffers orderInto filled last. */
  private ordered: Int32Array = new Int32Array(0);
  private orderedScores: Int32Array = new Int32Array(0);
  private readonly friendHeads = new Int32Array(4);
  /** Move scores by (line depth, colour), beside moveBuffers. */
  private readonly scoreBuffers: Int32Array[] = [];
  private memoLo = -1;
  private memoHi = -1;
  private memoCount = 0;
  private readonly memoHeads = new Int32Array(64);
  private readonly memoResults = new Uint8Array(64);
  private markGeneration = 0;
  /** Scratch for whiteUnconditionallyAlive (by point, by region, by chain). */
  private readonly isVertex: Uint8Array;
  private readonly regionOf: Int32Array;
  private readonly bensonStack: Int32Array;
  private readonly regionOpen = new Uint8Array(32);
  private readonly regionBorders = new Int32Array(32 * 8);
  private readonly regionBorderCount = new Int32Array(32);
  private readonly regionEmptyStart = new Int32Array(32);
  private readonly regionEmptyEnd = new Int32Array(32);
  private readonly regionEmpties: Int32Array;
  private readonly bensonHeads = new Int32Array(64);
  private readonly bensonHealthy = new Uint8Array(32 * 64);
  private readonly bensonChainAlive = new Uint8Array(64);
  private readonly bensonRegionLive = new Uint8Array(32);

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
    const { geo, colors } = problem;
    const rows: string[] = [];
    for (let y = 0; y < geo.size; y++) {
      let row = '';
      for (let x = 0; x < geo.size; x++) {
        const c = colors[geo.pt(x, y)];
        row += c === BLACK ? 'X' : c === WHITE ? 'O' : '.';
      }
      rows.push(row);
    }
    this.board = makeBoard(rows, problem.vertices);
    this.marks = new Int32Array(geo.arraySize);
    this.isVertex = new Uint8Array(geo.arraySize);
    for (const v of problem.vertices) this.isVertex[v] = 1;
    this.regionOf = new Int32Array(geo.arraySize);
    this.bensonStack = new Int32Array(geo.arraySize);
    this.regionEmpties = new Int32Array(this.n);
    // Slot 0 (vertex 0, EMPTY) is unused by the colours and keys the ko flag instead.
    this.zobristLo = seededWords(this.n * 3, 0xe7e0001);
    this.zobristHi = seededWords(this.n * 3, 0xe7e0002);
    this.vertexKeyed = this.board.keyVertices?.(problem.vertices, this.zobristLo, this.zobristHi) ?? false;
  }

  // ---- board helpers (GNU Go's predicates, computed from chain data) -------------------------

  private isSuicide(p: number, color: Player): boolean {
    const b = this.board;
    const quick = b.isSuicide ? b.isSuicide(p, color) : -1;
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

  private capturesSomething(p: number, color: Player): boolean {
    const b = this.board;
    const quick = b.captures ? b.captures(p, color) : -1;
    if (quick >= 0) return quick === 1;
    const adj = b.geo.adjacent;
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      if (b.colors[q] === 3 - color && b.chainLiberties(q) === 1) return true;
    }
    return false;
  }

  /** Liberties (counted up to 2) a stone of `color` at p would have after its captures. */
  private libertiesAfter(p: number, color: Player): number {
    const b = this.board;
    const quick = b.libertiesAfter ? b.libertiesAfter(p, color) : -1;
    if (quick >= 0) return quick;
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
  private touchesInvincibleBlack(p: number): boolean {
    const b = this.board;
    const quick = b.touchesInvincibleBlack ? b.touchesInvincibleBlack(p) : -1;
    if (quick >= 0) return quick === 1;
    const adj = b.geo.adjacent;
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      if (b.colors[q] === BLACK && this.invincible(q)) return true;
    }
    return false;
  }

  /** Is the Black chain at q invincible? Memoised per position (move ordering asks often). */
  private invincible(q: number): boolean {
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

  /**
   * Two empty vertices whose every neighbour is the big White string (or off the board): Black
   * can play neither while the other is empty, so the string can never be captured.
   */
  private whiteHasTwoEyes(): boolean {
    const b = this.board;
    const { vertices } = this.problem;
    const adj = b.geo.adjacent;
    const str = this.problem.string;
    if (b.colors[str] !== WHITE) return false;
    const head = b.chainHead(str);
    let eyes = 0;
    for (let k = 0; k < this.n; k++) {
      const v = vertices[k];
      if (b.colors[v] !== EMPTY) continue;
      let eye = true;
      for (let d = 0; d < 4 && eye; d++) {
        const c = b.colors[v + adj[d]];
        eye = c === 3 || (c === WHITE && b.chainHead(v + adj[d]) === head);
      }
      if (eye && ++eyes >= 2) return true;
    }
    return false;
  }

  /**
   * Benson's unconditional life of the big White string: White chains and the regions (connected
   * non-White points) they enclose; a region is healthy for a chain when each of its empty points
   * is a liberty of that chain; chains with fewer than two healthy regions among regions bordered
   * only by surviving chains are dropped until nothing changes. A surviving string can never be
   * captured, however Black plays and even if White always passes. Regions that reach a point
   * outside the playable vertices (Black's invincible groups and their eyes) count as unhealthy,
   * which only makes the test more cautious.
   */
  private whiteUnconditionallyAlive(): boolean {
    const b = this.board;
    const colors = b.colors;
    const str = this.problem.string;
    if (colors[str] !== WHITE) return false;
    const { vertices } = this.problem;
    const adj = b.geo.adjacent;
    const n = this.n;
    const gen = ++this.markGeneration;
    const marks = this.marks;
    const isVertex = this.isVertex;
    const regionOf = this.regionOf;
    const stack = this.bensonStack;
    // Regions: flood over non-White vertices.
    const regionOpen = this.regionOpen;
    let regions = 0;
    // Per region: bordering chain heads (at most 8 kept; more makes the region unhealthy).
    const borders = this.regionBorders;
    const borderCount = this.regionBorderCount;
    const emptyStart = this.regionEmptyStart;
    const empties = this.regionEmpties;
    let emptyTotal = 0;
    for (let k = 0; k < n; k++) {
      const v = vertices[k];
      if (colors[v] === WHITE || marks[v] === gen) continue;
      if (regions >= 32) return false;
      const r = regions++;
      regionOpen[r] = 0;
      borderCount[r] = 0;
      emptyStart[r] = emptyTotal;
      marks[v] = gen;
      regionOf[v] = r;
      let top = 0;
      stack[top++] = v;
      while (top > 0) {
        const p = stack[--top];
        if (colors[p] === EMPTY) empties[emptyTotal++] = p;
        for (let d = 0; d < 4; d++) {
          const q = p + adj[d];
          const c = colors[q];
          if (c === 3) continue;
          if (c === WHITE) {
            const head = b.chainHead(q);
            const base = r * 8;
            let known = false;
            for (let i = 0; i < borderCount[r]; i++) if (borders[base + i] === head) known = true;
            if (!known) {
              if (borderCount[r] >= 8) regionOpen[r] = 1;
              else borders[base + borderCount[r]++] = head;
            }
            continue;
          }
          if (marks[q] === gen) continue;
          if (!isVertex[q]) {
            regionOpen[r] = 1;
            continue;
          }
          marks[q] = gen;
          regionOf[q] = r;
          stack[top++] = q;
        }
      }
      this.regionEmptyEnd[r] = emptyTotal;
    }
    // Chains: every head bordering some region; alive[] by index into chainHeads.
    const heads = this.bensonHeads;
    let chains = 0;
    const strHead = b.chainHead(str);
    for (let r = 0; r < regions; r++) {
      for (let i = 0; i < borderCount[r]; i++) {
        const h = borders[r * 8 + i];
        let known = false;
        for (let c = 0; c < chains; c++) if (heads[c] === h) known = true;
        if (!known) {
          if (chains >= heads.length) return false;
          heads[chains++] = h;
        }
      }
    }
    // healthy[r * 64 + c]: region r is healthy for chain c.
    const healthy = this.bensonHealthy;
    for (let r = 0; r < regions; r++) {
      for (let c = 0; c < chains; c++) {
        let ok = regionOpen[r] === 0;
        if (ok) {
          const h = heads[c];
          let borders_c = false;
          for (let i = 0; i < borderCount[r]; i++) if (borders[r * 8 + i] === h) borders_c = true;
          ok = borders_c;
          for (let e = emptyStart[r]; e < this.regionEmptyEnd[r] && ok; e++) {
            const p = empties[e];
            let lib = false;
            for (let d = 0; d < 4 && !lib; d++) {
              const q = p + adj[d];
              if (colors[q] === WHITE && b.chainHead(q) === h) lib = true;
            }
            ok = lib;
          }
        }
        healthy[r * 64 + c] = ok ? 1 : 0;
      }
    }
    const chainAlive = this.bensonChainAlive;
    const regionLive = this.bensonRegionLive;
    for (let c = 0; c < chains; c++) chainAlive[c] = 1;
    for (let r = 0; r < regions; r++) regionLive[r] = regionOpen[r] === 0 ? 1 : 0;
    for (;;) {
      let changed = false;
      for (let c = 0; c < chains; c++) {
        if (!chainAlive[c]) continue;
        let vital = 0;
        for (let r = 0; r < regions && vital < 2; r++) if (regionLive[r] && healthy[r * 64 + c]) vital++;
        if (vital < 2) {
          chainAlive[c] = 0;
          changed = true;
          for (let r = 0; r < regions; r++) {
            if (!regionLive[r]) continue;
            for (let i = 0; i < borderCount[r]; i++) {
              if (borders[r * 8 + i] === heads[c]) {
                regionLive[r] = 0;
                break;
              }
            }
          }
        }
      }
      if (!changed) break;
    }
    for (let c = 0; c < chains; c++) if (heads[c] === strHead) return chainAlive[c] === 1;
    return false;
  }

  /** Candidate moves for `color`, best first, in GNU Go's order. */
  private orderMoves(color: Player): Int32Array {
    const count = this.orderInto(color);
    const moves = this.ordered;
    const scores = this.orderedScores;
    for (let k = 0; k < count; k++) this.selectMove(moves, scores, k, count);
    return moves.subarray(0, count);
  }

  /**
   * orderMoves without allocating or sorting: the count; the moves and their scores are
   * `this.ordered` and `this.orderedScores` [0, count), to be taken in order with selectMove.
   */
  private orderInto(color: Player): number {
    const { vertices, types } = this.problem;
    const b = this.board;
    const n = this.n;
    // One buffer per (line depth, colour): a caller iterates its moves while deeper searches order
    // theirs; at one depth only a finished loop of the same colour is ever ordered again.
    const slot = this.depth * 2 + (color === BLACK ? 0 : 1);
    let moves = this.moveBuffers[slot];
    let scores = this.scoreBuffers[slot];
    if (moves === undefined) {
      moves = new Int32Array(n);
      this.moveBuffers[slot] = moves;
      scores = new Int32Array(n);
      this.scoreBuffers[slot] = scores;
    }
    const adj = b.geo.adjacent;
    const colors = b.colors;
    const classic = this.classic;
    const a0 = adj[0];
    const a1 = adj[1];
    const a2 = adj[2];
    const a3 = adj[3];
    // Points next to an invincible Black chain, by vertex index, when the board keeps them.
    const near = this.vertexKeyed && b.invincibleNear ? b.invincibleNear() : -1;
    let count = 0;
    for (let k = 0; k < n; k++) {
      if (classic) {
        if (k >= n - 3) {
          if (color === WHITE) break; // filling its own outer liberties or extra eye never helps White
          if (k === n - 2 && colors[vertices[n - 3]] === EMPTY) continue;
        }
      } else if (types[k] !== VertexType.Regular) {
        if (color === WHITE) break;
        if (
          types[k] === VertexType.OuterLiberty &&
          types[k - 1] === VertexType.OuterLiberty &&
          colors[vertices[k - 1]] === EMPTY
        ) {
          continue;
        }
      }
      const move = vertices[k];
      if (colors[move] !== EMPTY) continue;
      let score = 0;
      if (near >= 0 ? (near >>> k) & 1 : this.touchesInvincibleBlack(move)) {
        if (classic) score = k < n - 3 ? 5 : -10;
        else if (types[k] === VertexType.Regular) score = 5;
      }
      const c0 = colors[move + a0];
      const c1 = colors[move + a1];
      const c2 = colors[move + a2];
      const c3 = colors[move + a3];
      // Two empty neighbours are two liberties whatever else.
      const empties =
        (c0 === EMPTY ? 1 : 0) + (c1 === EMPTY ? 1 : 0) + (c2 === EMPTY ? 1 : 0) + (c3 === EMPTY ? 1 : 0);
      if (empties < 2 && this.libertiesAfter(move, color) === 1) score -= 3;
      // +2 for each empty neighbour, +3 for each Black one.
      score += NEIGHBOUR_SCORE[c0] + NEIGHBOUR_SCORE[c1] + NEIGHBOUR_SCORE[c2] + NEIGHBOUR_SCORE[c3];
      moves[count] = move;
      scores[count] = score;
      count++;
    }
    this.ordered = moves;
    this.orderedScores = scores;
    return count;
  }

  /**
   * Step k of GNU Go's selection sort (not stable: ties keep GNU Go's order) over moves and
   * scores [k, count): brings the best remaining move to k and returns it. Taking the steps one
   * by one as a search loop asks for the next move gives exactly the sorted order, without
   * sorting the moves after a cut-off.
   */
  private selectMove(moves: Int32Array, scores: Int32Array, k: number, count: number): number {
    let maxScore = scores[k];
    let maxAt = 0;
    for (let r = k + 1; r < count; r++) {
      if (scores[r] > maxScore) {
        maxScore = scores[r];
        maxAt = r;
      }
    }
    if (maxAt !== 0) {
      const m = moves[maxAt];
      moves[maxAt] = moves[k];
      moves[k] = m;
      const sc = scores[maxAt];
      scores[maxAt] = scores[k];
      scores[k] = sc;
    }
    return moves[k];
  }

  // ---- moves --------------------------------------------------------------------------------

  private play(p: number, color: Player): boolean {
    if (!this.board.playRecorded(p, color)) return false;
    this.pathBuckets[(this.rememberedLo[this.depth] ?? 0) & 1023]++;
    this.depth++;
    return true;
  }

  private pop(): void {
    this.board.undo();
    this.depth--;
    this.pathBuckets[(this.rememberedLo[this.depth] ?? 0) & 1023]--;
  }

  /** A legal move that does not repeat an earlier position on the current line (see class doc). */
  private tryMove(p: number, color: Player, allowKoThreat: boolean): boolean {
    const b = this.board;
    this.rememberedLo[this.depth] = b.hashLo;
    this.rememberedHi[this.depth] = b.hashHi;
    if (this.classic) {
      const known = b.lastCaptures !== undefined;
      const captures = !known && this.capturesSomething(p, color);
      if (!this.play(p, color)) return false;
      if (known ? b.lastCaptures! > 0 : captures) return true;
    } else if (!this.play(p, color)) {
      if (!allowKoThreat || color !== this.problem.komaster || this.isSuicide(p, color)) return false;
      const threat = this.problem.koThreats.find((t) => b.colors[t] === EMPTY);
      if (threat === undefined) return false;
      // The opponent answers a virtual ko threat (Black always plays the threat point), then the
      // ko master retakes.
      if (!this.play(threat, BLACK)) return false;
      this.forcedThreatDepths.push(this.depth);
      if (!this.play(p, color)) {
        this.forcedThreatDepths.pop();
        this.pop();
        return false;
      }
      if (color === WHITE) return true;
    } else if (color === WHITE) return true;
    // No earlier position of the line in this position's bucket: no repetition.
    if (this.pathBuckets[b.hashLo & 1023] === 0) return true;
    for (let k = 0; k < this.depth; k++) {
      if (this.rememberedLo[k] === b.hashLo && this.rememberedHi[k] === b.hashHi) {
        this.popMove();
        return false;
      }
    }
    return true;
  }

  private popMove(): void {
    this.pop();
    const forced = this.forcedThreatDepths;
    if (forced.length > 0 && forced[forced.length - 1] === this.depth) {
      this.pop();
      forced.pop();
    }
  }

  // ---- search -------------------------------------------------------------------------------

  /**
   * Hashes the colours of the playable vertices and whether a ko point exists (64-bit Zobrist,
   * lo in `keyLo`, hi in `keyHi`): the cache key. Exact keys (base 3) would overflow a double from
   * 34 vertices on, and shapes against an edge can enclose dozens of stray White stones.
   */
  private hashKey(): void {
    const { zobristLo, zobristHi } = this;
    if (this.vertexKeyed) {
      const b = this.board;
      this.keyLo = b.koPoint !== 0 ? b.vertexKeyLo! ^ zobristLo[0] : b.vertexKeyLo!;
      this.keyHi = b.koPoint !== 0 ? b.vertexKeyHi! ^ zobristHi[0] : b.vertexKeyHi!;
      return;
    }
    const { vertices } = this.problem;
    const colors = this.board.colors;
    let lo = 0;
    let hi = 0;
    for (let k = 0; k < this.n; k++) {
      const c = colors[vertices[k]];
      if (c === EMPTY) continue;
      lo ^= zobristLo[k * 3 + c];
      hi ^= zobristHi[k * 3 + c];
    }
    if (this.board.koPoint !== 0) {
      lo ^= zobristLo[0];
      hi ^= zobristHi[0];
    }
    this.keyLo = lo;
    this.keyHi = hi;
  }

  private countNode(): void {
    if (++this.nodes > this.budget) throw new EyeGraphBudgetError(this.budget);
    if (this.depth > this.maxDepth) throw new EyeGraphBudgetError(this.nodes, 'depth', this.maxDepth);
  }

  /** Can Black capture all White stones, Black to move? */
  private attack(): boolean {
    this.countNode();
    const str = this.problem.string;
    const cache = this.cache;
    this.hashKey();
    const lo = this.keyLo;
    const hi = this.keyHi;
    // Without Benson's test an unknown position is marked open at once (one probe).
    const entry = this.staticLife ? cache.get(lo, hi) : cache.openIfUnknown(lo, hi, 3, 1);
    const cached = entry & 3;
    if (cached === 2) return false;
    if (cached !== 0) return true; // 3 = win, 1 = open on this line (counts as a win)
    // Read after the cache: a position the table knows costs no Benson test.
    if (this.staticLife) {
      if (this.whiteUnconditionallyAlive()) {
        cache.set(lo, hi, entry | 2);
        return false;
      }
      cache.set(lo, hi, entry | 1);
    }
    const count = this.orderInto(BLACK);
    const moves = this.ordered;
    const scores = this.orderedScores;
    for (let k = 0; k < count; k++) {
      if (!this.tryMove(this.selectMove(moves, scores, k, count), BLACK, true)) continue;
      const result = this.board.colors[str] === EMPTY || !this.defend();
      this.popMove();
      if (result) {
        cache.update(lo, hi, 3, 3);
        return true;
      }
    }
    cache.update(lo, hi, 3, 2);
    return false;
  }

  /** Can White keep all its stones, White to move (passing allowed)? */
  private defend(): boolean {
    this.countNode();
    const cache = this.cache;
    this.hashKey();
    const lo = this.keyLo;
    const hi = this.keyHi;
    const entry = this.staticLife ? cache.get(lo, hi) : cache.openIfUnknown(lo, hi, 12, 4);
    const cached = (entry >> 2) & 3;
    if (cached === 2) return false;
    if (cached !== 0) return true;
    if (this.staticLife) {
      if (this.whiteUnconditionallyAlive()) {
        cache.set(lo, hi, entry | 12);
        return true;
      }
      cache.set(lo, hi, entry | 4);
    }
    const count = this.orderInto(WHITE);
    const moves = this.ordered;
    const scores = this.orderedScores;
    for (let k = 0; k < count; k++) {
      const move = this.selectMove(moves, scores, k, count);
      // Never fill a point Black cannot play, unless it captures.
      if (this.isSuicide(move, BLACK) && !this.capturesSomething(move, WHITE)) continue;
      if (!this.tryMove(move, WHITE, true)) continue;
      const result = !this.attack();
      this.popMove();
      if (result) {
        cache.update(lo, hi, 12, 12);
        return true;
      }
    }
    if (!this.attack()) {
      cache.update(lo, hi, 12, 12);
      return true;
    }
    cache.update(lo, hi, 12, 8);
    return false;
  }

  /**
   * Tactical status of the White stones, with the extra eye kept (haveEye) or filled first;
   * when critical and asked, also every attacking and defending first move.
   */
  private tacticalLife(haveEye: boolean, wantAttacks: boolean, wantDefenses: boolean): LifeStatus {
    const str = this.problem.string;
    const status: LifeStatus = { attack: true, defense: false, attackPoints: [], defensePoints: [] };
    if (this.board.colors[str] === EMPTY) return status;
    if (!haveEye && !this.tryMove(this.problem.extraEye, WHITE, false)) return status;
    status.attack = false;
    if (this.attack()) {
      status.attack = true;
      if (this.defend()) status.defense = true;
    } else status.defense = true;
    // The order of these searches matters: they fill the shared cache, whose open-node rule makes
    // later answers depend on what was read before.
    if (status.attack && status.defense && wantAttacks) {
      for (const move of this.orderMoves(BLACK)) {
        if (!this.tryMove(move, BLACK, true)) continue;
        if (this.board.colors[str] === EMPTY || !this.defend()) status.attackPoints.push(move);
        this.popMove();
      }
    }
    if (status.attack && status.defense && wantDefenses) {
      for (const move of this.orderMoves(WHITE)) {
        if (!this.tryMove(move, WHITE, true)) continue;
        if (!this.attack()) status.defensePoints.push(move);
        this.popMove();
      }
    }
    if (!haveEye) this.popMove();
    return status;
  }

  /**
   * The eye value of the current position and its vital points: tactical life with and without
   * the extra eye, and again after each candidate move (recursively where a ko threat must be
   * told from a real one).
   */
  evaluate(): EyeEvaluation {
    return this.evaluatePosition();
  }

  /**
   * The digits a b c d of the current position's eye value, past GNU Go's reach only, for the
   * recursive questions evaluatePosition asks after a vital candidate. b and c always; a only with
   * `wantA` and d only with `wantD` (else 3), each loop stopping as soon as its digit is settled
   * and without collecting vital points. Remembered by whole-board position: the recursion reaches
   * the same positions by many move orders. Same digits as evaluatePosition's, read with far
   * fewer nodes.
   */
  private valueOf(wantA: boolean, wantD: boolean): number[] {
    if (this.depth > this.maxDepth) throw new EyeGraphBudgetError(this.nodes, 'depth', this.maxDepth);
    const { hashLo, hashHi } = this.board;
    const known = this.values.get(hashLo, hashHi);
    let a = 3;
    let d = 3;
    if (known !== 0) {
      const v = known - 1;
      a = (v / 48) | 0;
      d = v % 4;
      if ((!wantA || a !== 3) && (!wantD || d !== 3)) return [a, ((v / 16) | 0) % 3, ((v / 4) | 0) % 4, d];
    }
    const settled = this.valueDigits(wantA && a === 3, wantD && d === 3);
    if (a === 3) a = settled[0];
    if (d === 3) d = settled[3];
    const [, b, c] = settled;
    this.values.set(hashLo, hashHi, a * 48 + b * 16 + c * 4 + d + 1);
    return [a, b, c, d];
  }

  /** valueOf's reading, with no memory: evaluatePosition's branches, lazily. */
  private valueDigits(wantA: boolean, wantD: boolean): number[] {
    const first = this.tacticalLife(false, false, false);
    if (!first.attack) {
      let a = 2;
      if (wantA) {
        for (const move of this.orderMoves(BLACK)) {
          if (!this.tryMove(move, BLACK, true)) continue;
          if (this.tacticalLife(false, false, false).attack) {
            a = this.tacticalLife(true, false, false).attack ? 0 : 1;
          }
          this.popMove();
          if (a === 0) break;
        }
      }
      return [a, 2, 2, 2];
    }
    if (first.defense) {
      const withEye = this.tacticalLife(true, false, false);
      if (withEye.attack) return [0, 0, 2, 2];
      let a = 3;
      if (wantA) {
        // Black's attacking first moves without the extra eye, read again after each.
        const attacks = this.tacticalLife(false, true, false).attackPoints;
        a = 1;
        for (const move of attacks) {
          if (!this.tryMove(move, BLACK, true)) continue;
          const after = this.valueOf(false, false);
          if (after[1] === 0 && after[2] === 1 && this.valueOf(false, true)[3] === 1) a = 0;
          this.popMove();
          if (a === 0) break;
        }
      }
      return [a, 1, 2, 2];
    }
    const withEye = this.tacticalLife(true, false, false);
    if (!withEye.attack) {
      let a = 3;
      let d = 3;
      if (wantA) {
        a = 1;
        for (const move of this.orderMoves(BLACK)) {
          if (!this.tryMove(move, BLACK, true)) continue;
          if (this.tacticalLife(true, false, false).attack && this.valueOf(false, true)[3] === 1) a = 0;
          this.popMove();
          if (a === 0) break;
        }
      }
      if (wantD) {
        d = 1;
        for (const move of this.orderMoves(WHITE)) {
          if (!this.tryMove(move, WHITE, true)) continue;
          if (this.tacticalLife(false, false, false).defense && this.valueOf(true, false)[0] === 1) d = 2;
          this.popMove();
          if (d === 2) break;
        }
      }
      return [a, 1, 1, d];
    }
    if (withEye.defense) {
      let d = 3;
      if (wantD) {
        const defenses = this.tacticalLife(true, false, true).defensePoints;
        d = 1;
        for (const move of defenses) {
          if (!this.tryMove(move, WHITE, true)) continue;
          const after = this.valueOf(false, false);
          if (after[1] === 1 && after[2] === 2 && this.valueOf(true, false)[0] === 1) d = 2;
          this.popMove();
          if (d === 2) break;
        }
      }
      return [0, 0, 1, d];
    }
    let d = 3;
    if (wantD) {
      d = 0;
      for (const move of this.orderMoves(WHITE)) {
        if (!this.tryMove(move, WHITE, true)) continue;
        if (this.tacticalLife(true, false, false).defense) {
          d = Math.max(d, this.tacticalLife(false, false, false).defense ? 2 : 1);
        }
        this.popMove();
        if (d === 2) break;
      }
    }
    return [0, 0, 0, d];
  }

  /**
   * The value after a vital candidate: GNU Go's full recursive evaluation within its reach (its
   * vital points depend on every node read), the lazy remembered digits past it.
   */
  private recursiveValue(
    wantA: boolean,
    onlyIfB = -1,
    onlyIfC = -1,
  ): { a: number; b: number; c: number; d: number } {
    if (!this.staticLife) {
      const { hashLo, hashHi } = this.board;
      const known = this.evaluated.get(hashLo, hashHi);
      if (known !== 0) {
        const v = known - 1;
        return { a: (v / 27) | 0, b: ((v / 9) | 0) % 3, c: ((v / 3) | 0) % 3, d: v % 3 };
      }
      const e = this.evaluatePosition();
      this.evaluated.set(hashLo, hashHi, e.a * 27 + e.b * 9 + e.c * 3 + e.d + 1);
      return e;
    }
    const v = this.valueOf(false, false);
    // The critical-branch questions (is it 0011? is it 1122?) need a or d only for that b and c.
    if (onlyIfB >= 0 && (v[1] !== onlyIfB || v[2] !== onlyIfC)) return { a: v[0], b: v[1], c: v[2], d: v[3] };
    const wantD = !wantA;
    if (wantD && v[3] === 3) v[3] = this.valueOf(false, true)[3];
    if (wantA && v[0] === 3) v[0] = this.valueOf(true, false)[0];
    return { a: v[0], b: v[1], c: v[2], d: v[3] };
  }

  private evaluatePosition(): EyeEvaluation {
    if (this.depth > this.maxDepth) throw new EyeGraphBudgetError(this.nodes, 'depth', this.maxDepth);
    const vitalAttacks: number[] = [];
    const vitalDefenses: number[] = [];
    const result = (a: number, b: number, c: number, d: number): EyeEvaluation => ({
      a,
      b,
      c,
      d,
      vitalAttacks,
      vitalDefenses,
    });
    const first = this.tacticalLife(false, true, true);

    if (!first.attack) {
      // Alive without the extra eye: 0222, 1222 or 2222; find Black's ko threats.
      let a = 2;
      for (const move of this.orderMoves(BLACK)) {
        if (!this.tryMove(move, BLACK, true)) continue;
        if (this.tacticalLife(false, false, false).attack) {
          if (this.tacticalLife(true, false, false).attack) {
            if (a === 1) vitalAttacks.length = 0;
            a = 0;
            vitalAttacks.push(move);
          } else if (a !== 0) {
            vitalAttacks.push(move);
            a = 1;
          }
        }
        this.popMove();
      }
      return result(a, 2, 2, 2);
    }

    if (first.defense) {
      // Critical without the extra eye: 0022, 0122 or 1122.
      const withEye = this.tacticalLife(true, true, false);
      vitalDefenses.push(...first.defensePoints);
      if (withEye.attack) {
        vitalAttacks.push(...withEye.attackPoints);
        return result(0, 0, 2, 2);
      }
      let a = 1;
      for (const move of first.attackPoints) {
        if (!this.tryMove(move, BLACK, true)) continue;
        const after = this.recursiveValue(false, 0, 1);
        if (after.b === 0 && after.c === 1 && after.d === 1) {
          if (a === 1) vitalAttacks.length = 0;
          a = 0;
          vitalAttacks.push(move);
        } else if (a === 1) vitalAttacks.push(move);
        this.popMove();
      }
      return result(a, 1, 2, 2);
    }

    // Dead without the extra eye.
    const withEye = this.tacticalLife(true, true, true);
    if (!withEye.attack) {
      // Alive with it: 0111, 0112, 1111 or 1112.
      let a = 1;
      let d = 1;
      for (const move of this.orderMoves(BLACK)) {
        if (!this.tryMove(move, BLACK, true)) continue;
        if (this.tacticalLife(true, false, false).attack) {
          if (this.recursiveValue(false).d === 1) {
            vitalAttacks.push(move);
            a = 0;
          }
        }
        this.popMove();
      }
      for (const move of this.orderMoves(WHITE)) {
        if (!this.tryMove(move, WHITE, true)) continue;
        if (this.tacticalLife(false, false, false).defense) {
          if (this.recursiveValue(true).a === 1) {
            vitalDefenses.push(move);
            d = 2;
          }
        }
        this.popMove();
      }
      return result(a, 1, 1, d);
    }

    if (withEye.defense) {
      // Critical with it: 0011 or 0012.
      let d = 1;
      vitalAttacks.push(...withEye.attackPoints);
      for (const move of withEye.defensePoints) {
        if (!this.tryMove(move, WHITE, true)) continue;
        const after = this.recursiveValue(true, 1, 2);
        if (after.a === 1 && after.b === 1 && after.c === 2) {
          if (d === 1) vitalDefenses.length = 0;
          d = 2;
          vitalDefenses.push(move);
        } else if (d === 1) vitalDefenses.push(move);
        this.popMove();
      }
      return result(0, 0, 1, d);
    }

    // Dead even with it: 0000, 0001 or 0002; find White's ko threats.
    let d = 0;
    for (const move of this.orderMoves(WHITE)) {
      if (!this.tryMove(move, WHITE, true)) continue;
      if (this.tacticalLife(true, false, false).defense) {
        if (this.tacticalLife(false, false, false).defense) {
          if (d === 1) vitalDefenses.length = 0;
          d = 2;
          vitalDefenses.push(move);
        } else if (d !== 2) {
          vitalDefenses.push(move);
          d = 1;
        }
      }
      this.popMove();
    }
    return result(0, 0, 0, d);
  }
}
