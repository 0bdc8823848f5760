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
import { VertexType } from './construction';
import { ReaderState } from './reader-state';

/**
 * Move-ordering share of a neighbour by colour (empty, Black, White, edge), 5 bits each: its score
 * times 8 (empty 2, Black 3, White and the edge 0) plus 1 when empty. Shifts, not a table: no
 * memory read per neighbour.
 */
const NEIGHBOURS = (2 * 8 + 1) | ((3 * 8) << 5);

/**
 * An ordered move's entry: the point in the low 15 bits (a board array has at most 27 * 26 + 1
 * points), bit 19 set while its self-atari test is pending.
 */
const POINT = 0x7fff;
/**
 * Bit 15: the self-atari test found no liberty after the move (none empty next to it, no friendly
 * chain with another, nothing captured): suicide, which the search never plays. A move is taken
 * only after its score is exact (see selectMove), so a taken move's entry tells it.
 */
export const SUICIDE = 1 << 15;
/**
 * Bits 16-18: the point's empty neighbours (0 to 4). Only a point with none can be suicide, so
 * the search asks the board about a suicide only for such an entry.
 */
export const EMPTIES = 7 << 16;
const PENDING = 1 << 19;
/** The score sits above them: entry >> SCORE (signed), changed by multiples of 1 << SCORE. */
const SCORE = 20;

/**
 * The entry of the empty point `move` (neighbours at the offsets a0-a3) with `score` from the
 * invincible-Black rule: +2 for each empty neighbour and +3 for each Black one (NEIGHBOURS' shares
 * summed, times 8, plus the empty ones). Two empty neighbours are two liberties whatever else;
 * with fewer, a self-atari costs 3, tested only when selectMove needs this move's exact score.
 */
const candidateEntry = (
  colors: Int8Array,
  move: number,
  a0: number,
  a1: number,
  a2: number,
  a3: number,
  score: number,
): number => {
  const around =
    ((NEIGHBOURS >>> (colors[move + a0] * 5)) & 31) +
    ((NEIGHBOURS >>> (colors[move + a1] * 5)) & 31) +
    ((NEIGHBOURS >>> (colors[move + a2] * 5)) & 31) +
    ((NEIGHBOURS >>> (colors[move + a3] * 5)) & 31);
  // The empty neighbours (0 to 4) in EMPTIES' bits; pending when fewer than 2.
  const empty = around & 7;
  return ((score + (around >> 3)) << SCORE) | (empty < 2 ? PENDING : 0) | (empty << 16) | move;
};

/**
 * GNU Go's move ordering for the tactical search (margins first, self-ataris last, points with
 * empty or Black neighbours early), into one buffer per line depth and colour so ordering never
 * allocates while searching, and taken lazily one selection-sort step at a time. A candidate is
 * one word (point, pending flag, score): one store per candidate, one load per comparison.
 */
export abstract class MoveOrdering extends ReaderState {
  private readonly buffers: Int32Array[] = [];
  /** The board's four neighbour offsets, read once (orderInto runs at every node searched). */
  private readonly a0 = this.board.geo.adjacent[0];
  private readonly a1 = this.board.geo.adjacent[1];
  private readonly a2 = this.board.geo.adjacent[2];
  private readonly a3 = this.board.geo.adjacent[3];
  /** The buffer orderInto filled last (entries, see POINT, PENDING and SCORE). */
  protected ordered: Int32Array = new Int32Array(0);

  /** Candidate moves for `color`, best first, in GNU Go's order. */
  protected orderMoves(color: Player): Int32Array {
    const count = this.orderInto(color);
    const entries = this.ordered;
    for (let k = 0; k < count; k++) this.selectMove(entries, color, k, count);
    for (let k = 0; k < count; k++) entries[k] &= POINT;
    return entries.subarray(0, count);
  }

  /**
   * orderMoves without allocating or sorting: the count; the candidates are `this.ordered`
   * [0, count), to be taken in order with selectMove.
   */
  protected orderInto(color: Player): number {
    const { vertices, types } = this.problem;
    const b = this.board;
    const n = this.n;
    // One buffer per (line depth, colour): a caller iterates its moves while deeper searches order
    // theirs; at one depth only a finished loop of the same colour is ever ordered again.
    const slot = this.depth * 2 + (color === BLACK ? 0 : 1);
    let entries = this.buffers[slot];
    if (entries === undefined) {
      entries = new Int32Array(n);
      this.buffers[slot] = entries;
    }
    const colors = b.colors;
    const classic = this.classic === true;
    const { a0, a1, a2, a3 } = this;
    // Points next to an invincible Black chain, by vertex index, when the board keeps them.
    const near = this.vertexKeyed === true && b.invincibleNear !== undefined ? b.invincibleNear() : -1;
    // The empty vertices by index, when the board keeps them: occupied ones are never visited.
    let rest = near >= 0 && b.emptyVertices !== undefined ? b.emptyVertices() : -1;
    let count = 0;
    if (rest >= 0 && classic && n >= 3) {
      // GNU Go 3.8's special points as masks: White never fills the outer liberties or the extra
      // eye (the last three), Black fills the second outer liberty only after the first.
      if (color === WHITE) rest &= (1 << (n - 3)) - 1;
      else if (colors[vertices[n - 3]] === EMPTY) rest &= ~(1 << (n - 2));
      while (rest !== 0) {
        const k = 31 - Math.clz32(rest & -rest);
        rest &= rest - 1;
        const move = vertices[k];
        const score = (near >>> k) & 1 ? (k < n - 3 ? 5 : -10) : 0;
        entries[count++] = candidateEntry(colors, move, a0, a1, a2, a3, score);
      }
      this.ordered = entries;
      return count;
    }
    for (let k = 0; k < n; k++) {
      if (rest >= 0) {
        if (rest === 0) break;
        k = 31 - Math.clz32(rest & -rest);
        rest &= rest - 1;
      }
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
      entries[count++] = candidateEntry(colors, move, a0, a1, a2, a3, score);
    }
    this.ordered = entries;
    return count;
  }

  /**
   * Step k of GNU Go's selection sort (not stable: ties keep GNU Go's order) over the entries
   * [k, count): brings the best remaining move to k and returns its point. Taking the steps one
   * by one as a search loop asks for the next move gives exactly the sorted order, without
   * sorting the moves after a cut-off. A score whose self-atari test is pending is an upper bound
   * (the test can only take 3 off); the test is made only when that bound beats the best exact
   * score so far, which finds the same move as testing every one first (a defence is mostly
   * refuted by its first move, so most tests are never made).
   */
  protected selectMove(entries: Int32Array, color: Player, k: number, count: number): number {
    let best = entries[k];
    if ((best & PENDING) !== 0) best = this.settleScore(entries, color, k);
    let maxScore = best >> SCORE;
    let maxAt = k;
    for (let r = k + 1; r < count; r++) {
      let e = entries[r];
      if (e >> SCORE > maxScore) {
        if ((e & PENDING) !== 0) {
          e = this.settleScore(entries, color, r);
          if (e >> SCORE <= maxScore) continue;
        }
        maxScore = e >> SCORE;
        maxAt = r;
      }
    }
    if (maxAt !== k) {
      best = entries[maxAt];
      entries[maxAt] = entries[k];
      entries[k] = best;
    }
    return best & POINT;
  }

  /** Makes the pending self-atari test of the move at r; its entry, now exact (and SUICIDE told). */
  private settleScore(entries: Int32Array, color: Player, r: number): number {
    let e = entries[r] & ~PENDING;
    const liberties = this.libertiesAfter(e & POINT, color);
    if (liberties === 1) e -= 3 << SCORE;
    else if (liberties === 0) e |= SUICIDE;
    entries[r] = e;
    return e;
  }
}
