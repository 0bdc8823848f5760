import { BLACK, EMPTY, WHITE, WALL, type Player, type PointColor } from './color';
import { MAX_BOARD_SIZE, MIN_BOARD_SIDE, type BoardDims } from './geometry';
import { formatGtpVertex } from './coords';
import { type BoardOptions } from './chains';
import { BoardFormatError, IllegalMoveError, type IllegalReason } from './errors';
import { PlayUndoBoard } from './play-undo';

export { BoardFormatError, IllegalMoveError, type IllegalReason } from './errors';
export type { BoardOptions } from './chains';

// Module-local copies of the colour codes, as in chains.ts (imported bindings are getters under tsx).
const EMPTY_ = EMPTY;
const BLACK_ = BLACK;
const WHITE_ = WHITE;
const WALL_ = WALL;

/** Bit flags returned by `Board.analyzeMove`; combine with `&`. */
export const MoveFlag = {
  /** The move may not be played (one of OffBoard, Occupied, Ko, Suicide is also set). */
  Illegal: 1,
  OffBoard: 2,
  Occupied: 4,
  /** Retakes the simple-ko point. */
  Ko: 8,
  /** Leaves the player's own chain without liberties and captures nothing. */
  Suicide: 16,
  /** Captures at least one opponent chain. */
  Capturing: 32,
  /** Leaves some adjacent opponent chain with exactly one liberty (and not captured). */
  Atari: 64,
  /** Leaves the player's own new chain with exactly one liberty. */
  SelfAtari: 128,
  /** Joins two or more of the player's chains. */
  Connecting: 256,
} as const;

/**
 * A Go board: colours on a flat Int8Array with a WALL border, chains as circular linked lists
 * (`next`) with a head per stone and exact liberty counts per head, kept incrementally, simple ko,
 * and a 64-bit Zobrist hash of stones and ko point (as two uint32 halves).
 *
 * This is the fast layer: no turn order, no superko, no rules (see `Game` for those). Reading code
 * plays with `playRecorded` and takes back with `undo`; neither allocates in the steady state.
 *
 * The parts: chains.ts holds the stones, chains, hash and chain queries (`ChainBoard`), play-undo.ts
 * the recorded moves and `undo` (`PlayUndoBoard`); this class adds the constructors, legality,
 * `analyzeMove`, throwing `play`, setup and copies.
 */
export class Board extends PlayUndoBoard {
  private constructor(dims: BoardDims, options: BoardOptions = {}) {
    super(dims, options);
  }

  /**
   * An empty board of `dims`: a side length, or a width and a height (a Geometry), each 2..25.
   * Throws BoardFormatError naming the bad dimension.
   */
  static empty(dims: BoardDims, options?: BoardOptions): Board {
    return new Board(dims, options);
  }

  /**
   * A board from golden rows: `X` Black, `O` White, `.` (or `+`) empty, top row first, one row per
   * line of the same length (the width; a board may be rectangular). Chains without liberties are
   * kept as given. Throws BoardFormatError naming the bad row and character.
   */
  static fromRows(rows: string[], options?: BoardOptions): Board {
    const height = rows.length;
    if (height < MIN_BOARD_SIDE || height > MAX_BOARD_SIZE) {
      throw new BoardFormatError(`rows: need ${MIN_BOARD_SIDE} to ${MAX_BOARD_SIZE} rows, got ${height}`);
    }
    const width = rows[0].length;
    if (width < MIN_BOARD_SIDE || width > MAX_BOARD_SIZE) {
      throw new BoardFormatError(
        `rows[0]: need ${MIN_BOARD_SIDE} to ${MAX_BOARD_SIZE} columns, got ${width}`,
      );
    }
    const board = new Board({ width, height }, options);
    rows.forEach((row, y) => {
      if (row.length !== width) {
        throw new BoardFormatError(`rows[${y}]: length ${row.length}, want ${width} (as rows[0])`);
      }
      for (let x = 0; x < width; x++) {
        const ch = row[x];
        const c = ch === 'X' ? BLACK_ : ch === 'O' ? WHITE_ : ch === '.' || ch === '+' ? EMPTY_ : -1;
        if (c < 0) throw new BoardFormatError(`rows[${y}][${x}]: bad character '${ch}' (want X, O or .)`);
        board.colors[board.geo.pt(x, y)] = c;
      }
    });
    board.rebuild();
    return board;
  }

  /**
   * A board holding the stones of `colors`, a colour array laid out as the geometry of `dims`
   * (what a `{ geo, colors }` position carries: pass its `geo`); anything but BLACK and WHITE on a
   * point is empty. No history, no ko; chains without liberties are kept as given. Throws
   * BoardFormatError on a bad size.
   */
  static fromColors(dims: BoardDims, colors: ArrayLike<number>, options?: BoardOptions): Board {
    const board = new Board(dims, options);
    for (const p of board.geo.points) {
      const c = colors[p];
      board.colors[p] = c === BLACK_ || c === WHITE_ ? c : EMPTY_;
    }
    board.rebuild();
    return board;
  }

  /** The position as golden rows (`X`, `O`, `.`), top row first. Does not mutate. */
  toRows(): string[] {
    const rows: string[] = [];
    for (let y = 0; y < this.geo.height; y++) {
      let s = '';
      for (let x = 0; x < this.geo.width; x++) {
        const c = this.colors[this.geo.pt(x, y)];
        s += c === BLACK_ ? 'X' : c === WHITE_ ? 'O' : '.';
      }
      rows.push(s);
    }
    return rows;
  }

  /** An independent copy (colours, chains, hash, ko, captures; the undo history is not copied). */
  clone(): Board {
    const b = new Board(this.geo, { allowSuicide: this.allowSuicide });
    b.colors.set(this.colors);
    b.head.set(this.head);
    b.next.set(this.next);
    b.libs.set(this.libs);
    b.stones.set(this.stones);
    b.captures.set(this.captures);
    b.koPoint = this.koPoint;
    b.hashLo = this.hashLo;
    b.hashHi = this.hashHi;
    return b;
  }

  /** The ko point forbidden to `player` (0 if none). Does not mutate. */
  koPointFor(player: Player): number {
    const ko = this.koPoint;
    if (ko === 0) return 0;
    // The ko point is surrounded by the capturer's stones: only their opponent is barred.
    const adj = this.geo.adjacent;
    for (let k = 0; k < 4; k++) if (this.colors[ko + adj[k]] === player) return 0;
    return ko;
  }

  /** True when `player` may play at p: on board, empty, not the ko point, not suicide (unless allowed). */
  isLegal(p: number, player: Player): boolean {
    if (player !== BLACK_ && player !== WHITE_) return false;
    if (!this.onBoard(p) || this.colors[p] !== EMPTY_ || p === this.koPointFor(player)) return false;
    return this.allowSuicide || this.hasLibertyAfter(p, player);
  }

  /**
   * True when a stone of `player` at the empty point p would have a liberty after captures:
   * an empty neighbour, a friendly chain with another liberty, or a capture. Does not mutate.
   */
  private hasLibertyAfter(p: number, player: Player): boolean {
    const { colors, head, libs } = this;
    const adj = this.geo.adjacent;
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      const c = colors[q];
      if (c === EMPTY_) return true;
      if (c === player) {
        if (libs[head[q]] > 1) return true;
      } else if (c !== WALL_ && libs[head[q]] === 1) {
        return true;
      }
    }
    return false;
  }

  /**
   * What playing `player` at p would do, as MoveFlag bits, without mutating the board. Illegal
   * moves have `Illegal` plus the reason; legal ones may have Capturing, Atari, SelfAtari, Connecting.
   */
  analyzeMove(p: number, player: Player): number {
    if (!this.onBoard(p)) return MoveFlag.Illegal | MoveFlag.OffBoard;
    const { colors, head, libs } = this;
    if (colors[p] !== EMPTY_) return MoveFlag.Illegal | MoveFlag.Occupied;
    if (p === this.koPointFor(player)) return MoveFlag.Illegal | MoveFlag.Ko;
    const adj = this.geo.adjacent;
    const other = 3 - player;
    let flags = 0;
    let friendChains = 0;
    let seen0 = 0;
    let seen1 = 0;
    let seen2 = 0;
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      const c = colors[q];
      if (c !== player && c !== other) continue;
      const h = head[q];
      if (h === seen0 || h === seen1 || h === seen2) continue;
      if (k === 0) seen0 = h;
      else if (k === 1) seen1 = h;
      else seen2 = h;
      if (c === other) {
        if (libs[h] === 1) flags |= MoveFlag.Capturing;
        else if (libs[h] === 2) flags |= MoveFlag.Atari;
      } else {
        friendChains++;
      }
    }
    if (friendChains > 1) flags |= MoveFlag.Connecting;
    const newLibs = this.libertiesAfter(p, player);
    if (newLibs === 0) {
      flags |= MoveFlag.Suicide;
      if (!this.allowSuicide) flags |= MoveFlag.Illegal;
    } else if (newLibs === 1) {
      flags |= MoveFlag.SelfAtari;
    }
    return flags;
  }

  /**
   * Exact liberties of the chain `player` would form at the empty point p, counting the points
   * freed by the captures the move makes. Does not mutate the position (only scratch marks).
   */
  private libertiesAfter(p: number, player: Player): number {
    const { colors, head, libs, mark, capMark, next } = this;
    const adj = this.geo.adjacent;
    const other = 3 - player;
    const gen = this.nextGen();
    // Stones about to be captured count as empty.
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      if (colors[q] !== other || libs[head[q]] !== 1 || capMark[q] === gen) continue;
      let s = q;
      do {
        capMark[s] = gen;
        s = next[s];
      } while (s !== q);
    }
    mark[p] = gen;
    let n = 0;
    for (let k = 0; k < 4; k++) {
      const l = p + adj[k];
      if ((colors[l] === EMPTY_ || capMark[l] === gen) && mark[l] !== gen) {
        mark[l] = gen;
        n++;
      }
    }
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      if (colors[q] !== player) continue;
      const h = head[q];
      if (capMark[h] === -gen) continue; // chain already walked
      capMark[h] = -gen;
      let s = h;
      do {
        for (let j = 0; j < 4; j++) {
          const l = s + adj[j];
          if ((colors[l] === EMPTY_ || capMark[l] === gen) && mark[l] !== gen) {
            mark[l] = gen;
            n++;
          }
        }
        s = next[s];
      } while (s !== h);
    }
    return n;
  }

  /** Plays `player` at p (mutates), recorded for `undo`. Throws IllegalMoveError naming the reason. */
  play(p: number, player: Player): void {
    if (!this.playRecorded(p, player)) {
      const f = this.analyzeMove(p, player);
      const reason: IllegalReason =
        player !== BLACK_ && player !== WHITE_
          ? 'bad-player'
          : f & MoveFlag.OffBoard
            ? 'off-board'
            : f & MoveFlag.Occupied
              ? 'occupied'
              : f & MoveFlag.Ko
                ? 'ko'
                : 'suicide';
      const where = this.onBoard(p) ? formatGtpVertex(p, this.geo) : `at point ${p}`;
      throw new IllegalMoveError(p, reason, `${player === BLACK_ ? 'B' : 'W'} ${where}`);
    }
  }

  /**
   * Plays `player` at p if legal and pushes an undo record; returns false (board unchanged) when
   * illegal. Mutates. Allocation-free except when the undo stack grows.
   */
  playRecorded(p: number, player: Player): boolean {
    if (!this.isLegal(p, player)) return false;
    this.playAssumeLegal(p, player);
    return true;
  }

  /**
   * Setup: puts `color` (EMPTY, BLACK or WHITE) at p without captures, as SGF AB/AW/AE do. Mutates;
   * clears the ko point and the undo history (setup is not a move). Chains are rebuilt.
   */
  setStone(p: number, color: PointColor): void {
    if (!this.onBoard(p)) throw new RangeError(`setStone: point ${p} is not on the ${this.geo.label} board`);
    if (color !== EMPTY_ && color !== BLACK_ && color !== WHITE_) {
      throw new RangeError(`setStone: color must be EMPTY, BLACK or WHITE, got ${color}`);
    }
    this.colors[p] = color;
    this.koPoint = 0;
    this.rebuild();
  }

  /** Empties the board (mutates): no stones, no ko, no captures, no undo history. */
  clear(): void {
    for (const p of this.geo.points) this.colors[p] = EMPTY_;
    this.captures.fill(0);
    this.koPoint = 0;
    this.rebuild();
  }
}
