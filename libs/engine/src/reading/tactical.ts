import type { Board } from '../board/board';
import { BLACK, EMPTY, WHITE, type Player } from '../board/color';
import { bestOfMoves } from './node';
import { invert, packResult, ReadCode, unpackResult, type ReadResult } from './result';
import { TranspositionTable } from './transposition';

/** Limits of tactical (string capture) reading. */
export interface TacticalParams {
  /** Nodes per top-level query; over it the string counts as saved (attack fails, defence works). */
  readonly budget: number;
  /** Plies; deeper lines count as escaped. */
  readonly maxDepth: number;
  /** Strings with more liberties than this are not attacked at the root. */
  readonly maxLiberties: number;
  /** From this depth on only strings of up to three liberties are read... */
  readonly threeLibertyDepth: number;
  /** ...and from this one only up to two (ladders and nets). */
  readonly twoLibertyDepth: number;
}

/** Defaults: four-liberty strings near the root, ladders to 80 plies. */
export const DEFAULT_TACTICAL_PARAMS: TacticalParams = {
  budget: 6000,
  maxDepth: 80,
  maxLiberties: 4,
  threeLibertyDepth: 6,
  twoLibertyDepth: 14,
};

const OP_ATTACK = 0;
const OP_DEFEND = 1;
const MOVES_PER_NODE = 48;

/**
 * Tactical reading of strings on one board, GNU Go's reading.c as the model (its documentation,
 * not its code): `attack(p)` asks whether the string at p can be captured with the attacker to move,
 * `defend(p)` whether its owner, moving first, can save it. Both play and undo on the board (it is
 * left as found) and remember results by Zobrist hash, string and question.
 *
 * Moves read: for the attacker the string's liberties and, on two liberties, the points next to
 * them (nets), and the liberty of its own strings in atari next to the target; for the defender
 * captures and ataris of adjacent attacker strings, then its liberties. A move that retakes a ko
 * makes the line's success KO_A at best.
 */
export class TacticalReader {
  /** Nodes visited since the last top-level query. */
  nodes = 0;
  /** Nodes visited in all. */
  totalNodes = 0;
  private exhausted = false;
  private readonly table = new TranspositionTable();
  private readonly moveBuf: Int32Array[] = [];
  private readonly scratchLibs = new Int32Array(512);
  private readonly scratchStones: Int32Array;
  private readonly scratchOther = new Int32Array(512);

  constructor(
    readonly board: Board,
    readonly params: TacticalParams = DEFAULT_TACTICAL_PARAMS,
  ) {
    this.scratchStones = new Int32Array(board.geo.arraySize);
  }

  /** Can the string at p be captured if its opponent moves first? Code and the capturing move. */
  attack(p: number): ReadResult {
    this.begin();
    return unpackResult(this.readAttack(p, 0));
  }

  /**
   * Can the string at p be saved if its owner moves first? Code and the saving move; a string that
   * cannot be attacked answers Win with move 0 (nothing to do).
   */
  defend(p: number): ReadResult {
    this.begin();
    const a = unpackResult(this.readAttack(p, 0));
    if (a.code === ReadCode.Fail) return { code: ReadCode.Win, move: 0 };
    this.nodes = 0;
    this.exhausted = false;
    return unpackResult(this.readDefend(p, 0));
  }

  /** Attack with the node count continuing (for callers that read many strings in one budget). */
  attackCode(p: number): number {
    this.begin();
    return unpackResult(this.readAttack(p, 0)).code;
  }

  private begin(): void {
    this.nodes = 0;
    this.exhausted = false;
  }

  private tick(): boolean {
    this.totalNodes++;
    if (++this.nodes > this.params.budget) this.exhausted = true;
    return this.exhausted;
  }

  private cap(depth: number): number {
    const p = this.params;
    return depth < p.threeLibertyDepth ? p.maxLiberties : depth < p.twoLibertyDepth ? 3 : 2;
  }

  private buf(depth: number): Int32Array {
    let b = this.moveBuf[depth];
    if (!b) {
      b = new Int32Array(MOVES_PER_NODE);
      this.moveBuf[depth] = b;
    }
    return b;
  }

  /** Attacker to move against the string at s. Packed result. */
  private readAttack(s: number, depth: number): number {
    const b = this.board;
    const color = b.colors[s];
    if (color === EMPTY) return packResult(ReadCode.Win, 0);
    const attacker = (3 - color) as Player;
    const n = b.chainLiberties(s);
    if (n === 1) {
      b.chainLibertyPoints(s, this.scratchLibs);
      const l = this.scratchLibs[0];
      if (b.isLegal(l, attacker)) return packResult(ReadCode.Win, l);
      if (l === b.koPointFor(attacker)) return packResult(ReadCode.KoB, l);
      return packResult(ReadCode.Fail, 0);
    }
    if (n > this.cap(depth) || depth >= this.params.maxDepth || this.tick())
      return packResult(ReadCode.Fail, 0);
    const cached = this.table.get(b.hashLo, b.hashHi, s, OP_ATTACK);
    if (cached >= 0) return cached;

    const moves = this.buf(depth);
    const count = this.attackMoves(s, attacker, n, moves);
    const result = bestOfMoves(b, attacker, moves, count, () =>
      b.colors[s] === EMPTY ? ReadCode.Win : invert(unpackResult(this.readDefend(s, depth + 1)).code),
    );
    if (!this.exhausted) this.table.set(b.hashLo, b.hashHi, s, OP_ATTACK, result);
    return result;
  }

  /** Defender to move, the string at s under attack. Packed result. */
  private readDefend(s: number, depth: number): number {
    const b = this.board;
    if (b.colors[s] === EMPTY) return packResult(ReadCode.Fail, 0);
    const color = b.colors[s] as Player;
    const n = b.chainLiberties(s);
    if (n > this.cap(depth) || depth >= this.params.maxDepth) return packResult(ReadCode.Win, 0);
    if (this.tick()) return packResult(ReadCode.Win, 0);
    const cached = this.table.get(b.hashLo, b.hashHi, s, OP_DEFEND);
    if (cached >= 0) return cached;

    const moves = this.buf(depth);
    const count = this.defenseMoves(s, color, n, moves);
    // A move that leaves one liberty saves nothing, unless it took a ko.
    const result = bestOfMoves(b, color, moves, count, () =>
      b.chainLiberties(s) >= 2 || b.koPoint !== 0
        ? invert(unpackResult(this.readAttack(s, depth + 1)).code)
        : ReadCode.Fail,
    );
    if (!this.exhausted) this.table.set(b.hashLo, b.hashHi, s, OP_DEFEND, result);
    return result;
  }

  /** Attacker's candidates against s (n liberties): liberties, nets, saving its own strings in atari. */
  private attackMoves(s: number, attacker: Player, n: number, out: Int32Array): number {
    const b = this.board;
    const { colors } = b;
    const adj = b.geo.adjacent;
    const libs = this.scratchLibs;
    const nl = b.chainLibertyPoints(s, libs);
    let count = 0;
    // Liberties, most liberties for the new stone first.
    for (let i = 0; i < nl; i++) count = pushUnique(out, count, libs[i]);
    sortByEmptyNeighbours(out, 0, count, colors, adj);
    const firstSecond = count;
    if (n === 2) {
      for (let i = 0; i < nl; i++) {
        for (let k = 0; k < 4; k++) {
          const q = libs[i] + adj[k];
          if (colors[q] === EMPTY) count = pushUnique(out, count, q);
        }
      }
      sortByEmptyNeighbours(out, firstSecond, count, colors, adj);
    }
    // The attacker's own strings next to s in atari: extend them.
    const ns = b.chainStones(s, this.scratchStones);
    for (let i = 0; i < ns && count < out.length - 1; i++) {
      for (let k = 0; k < 4; k++) {
        const q = this.scratchStones[i] + adj[k];
        if (colors[q] === attacker && b.chainLiberties(q) === 1) {
          b.chainLibertyPoints(q, this.scratchOther);
          count = pushUnique(out, count, this.scratchOther[0]);
        }
      }
    }
    return count;
  }

  /** Defender's candidates for s (n liberties): captures and ataris of neighbours, then liberties. */
  private defenseMoves(s: number, color: Player, n: number, out: Int32Array): number {
    const b = this.board;
    const { colors } = b;
    const adj = b.geo.adjacent;
    const enemy = 3 - color;
    let count = 0;
    const ns = b.chainStones(s, this.scratchStones);
    const other = this.scratchOther;
    for (let i = 0; i < ns && count < out.length - 8; i++) {
      for (let k = 0; k < 4; k++) {
        const q = this.scratchStones[i] + adj[k];
        if (colors[q] !== enemy) continue;
        const ql = b.chainLiberties(q);
        if (ql === 1 || (ql === 2 && n >= 2)) {
          const m = b.chainLibertyPoints(q, other);
          for (let j = 0; j < m; j++) count = pushUnique(out, count, other[j]);
        }
      }
    }
    const firstLiberty = count;
    const nl = b.chainLibertyPoints(s, this.scratchLibs);
    for (let i = 0; i < nl; i++) count = pushUnique(out, count, this.scratchLibs[i]);
    sortByEmptyNeighbours(out, firstLiberty, count, colors, adj);
    if (n === 2) {
      // Second-order liberties: extensions that keep a liberty the attacker cannot fill at once.
      const firstSecond = count;
      for (let i = 0; i < nl; i++) {
        for (let k = 0; k < 4; k++) {
          const q = this.scratchLibs[i] + adj[k];
          if (colors[q] === EMPTY) count = pushUnique(out, count, q);
        }
      }
      sortByEmptyNeighbours(out, firstSecond, count, colors, adj);
    }
    return count;
  }
}

function pushUnique(out: Int32Array, count: number, m: number): number {
  if (count >= out.length) return count;
  for (let i = 0; i < count; i++) if (out[i] === m) return count;
  out[count] = m;
  return count + 1;
}

/** Insertion sort of out[from, to) by the number of empty neighbours, most first. */
function sortByEmptyNeighbours(
  out: Int32Array,
  from: number,
  to: number,
  colors: Int8Array,
  adj: Int32Array,
): void {
  const score = (m: number) => {
    let e = 0;
    for (let k = 0; k < 4; k++) if (colors[m + adj[k]] === EMPTY) e++;
    return e;
  };
  for (let i = from + 1; i < to; i++) {
    const m = out[i];
    const sm = score(m);
    let j = i - 1;
    while (j >= from && score(out[j]) < sm) {
      out[j + 1] = out[j];
      j--;
    }
    out[j + 1] = m;
  }
}

/** The colour of the stone at p, or throws naming the point when it is empty. */
export function stoneColor(board: Board, p: number): Player {
  const c = board.colors[p];
  if (c !== BLACK && c !== WHITE) throw new RangeError(`no stone at point ${p}`);
  return c;
}
