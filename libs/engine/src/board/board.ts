import { BLACK, EMPTY, WHITE, WALL, type Player, type PointColor } from './color';
import { Geometry, MAX_BOARD_SIZE, MIN_BOARD_SIDE, type BoardDims } from './geometry';
import { formatGtpVertex } from './coords';
import { zobristTable } from './zobrist';

// Module-local copies of the colour codes: the hot paths read these instead of imported bindings
// (some CommonJS loaders, tsx among them, turn every imported binding read into a getter call).
const EMPTY_ = EMPTY;
const BLACK_ = BLACK;
const WHITE_ = WHITE;
const WALL_ = WALL;

/** Why a move is illegal, as named in `IllegalMoveError.reason`. */
export type IllegalReason = 'off-board' | 'occupied' | 'ko' | 'suicide' | 'superko' | 'bad-player';

/** Thrown by `Board.play` (and `Game.play`) for an illegal move; names the point and the reason. */
export class IllegalMoveError extends Error {
  constructor(
    readonly point: number,
    readonly reason: IllegalReason,
    detail?: string,
  ) {
    super(`illegal move${detail ? ` ${detail}` : ` at point ${point}`}: ${reason}`);
    this.name = 'IllegalMoveError';
  }
}

/** Thrown when golden rows or a size do not describe a board. */
export class BoardFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BoardFormatError';
  }
}

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

/** Options of a Board. */
export interface BoardOptions {
  /** Allow suicide (of any size): the mover's chain is removed and counted as captured by the opponent. */
  allowSuicide?: boolean;
}

function checkDimension(what: string, v: number): void {
  if (!Number.isInteger(v) || v < MIN_BOARD_SIDE || v > MAX_BOARD_SIZE) {
    throw new BoardFormatError(
      `${what} must be an integer from ${MIN_BOARD_SIDE} to ${MAX_BOARD_SIZE}, got ${v}`,
    );
  }
}

// Undo record kinds.
const REC_MOVE = 1;
const REC_PASS = 2;

/**
 * A Go board: colours on a flat Int8Array with a WALL border, chains as circular linked lists
 * (`next`) with a head per stone and exact liberty counts per head, kept incrementally, simple ko,
 * and a 64-bit Zobrist hash of stones and ko point (as two uint32 halves).
 *
 * This is the fast layer: no turn order, no superko, no rules (see `Game` for those). Reading code
 * plays with `playRecorded` and takes back with `undo`; neither allocates in the steady state.
 */
export class Board {
  readonly geo: Geometry;
  /** Point colours: EMPTY, BLACK, WHITE, WALL on the border. Read freely; mutate only via methods. */
  readonly colors: Int8Array;
  /** The point forbidden by simple ko to the player who did not just capture (0 = none). */
  koPoint = 0;
  /** Low 32 bits of the Zobrist hash of stones and ko point. */
  hashLo = 0;
  /** High 32 bits of the Zobrist hash. */
  hashHi = 0;
  /** Stones captured, indexed by colour of the capturer: `captures[BLACK]` = black's prisoners. */
  readonly captures = new Int32Array(3);
  /** Whether suicide is a legal move on this board. */
  readonly allowSuicide: boolean;

  /** Head (representative) of the chain of each stone; stale on empty points. */
  private readonly head: Int32Array;
  /** Next stone of the same chain (circular). */
  private readonly next: Int32Array;
  /** Liberty count per chain, indexed by head. */
  private readonly libs: Int32Array;
  /** Stone count per chain, indexed by head. */
  private readonly stones: Int32Array;
  /** Generation-stamped marks for liberty enumeration (no clearing between uses). */
  private readonly mark: Int32Array;
  /** Second mark array: stones a candidate move would capture, chains already walked. */
  private readonly capMark: Int32Array;
  private markGen = 0;
  private readonly keys: Uint32Array;
  /** Flat undo stack: variable-length records; `recStarts` holds where each record begins. */
  private rec: Int32Array;
  private recTop = 0;
  private recStarts: Int32Array;
  private recCount = 0;

  private constructor(dims: BoardDims, options: BoardOptions = {}) {
    const square = typeof dims === 'number';
    const width = square ? dims : dims.width;
    const height = square ? dims : dims.height;
    checkDimension(square ? 'board size' : 'board width', width);
    if (!square) checkDimension('board height', height);
    this.geo = Geometry.of(width, height);
    const n = this.geo.arraySize;
    this.colors = this.geo.emptyColors.slice();
    this.head = new Int32Array(n);
    this.next = new Int32Array(n);
    this.libs = new Int32Array(n);
    this.stones = new Int32Array(n);
    this.mark = new Int32Array(n);
    this.capMark = new Int32Array(n);
    this.keys = zobristTable(this.geo);
    this.rec = new Int32Array(1024);
    this.recStarts = new Int32Array(256);
    this.allowSuicide = options.allowSuicide ?? false;
  }

  /**
   * An empty board of `dims`: a side length, or a width and a height (a Geometry), each 2..25.
   * Throws BoardFormatError naming the bad dimension.
   */
  static empty(dims: BoardDims, options?: BoardOptions): Board {
    return new Board(dims, options);
  }

  /** Side length of a square board; throws RangeError on a rectangular one (see `Geometry.size`). */
  get size(): number {
    return this.geo.size;
  }

  /** Number of columns. */
  get width(): number {
    return this.geo.width;
  }

  /** Number of rows. */
  get height(): number {
    return this.geo.height;
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

  /** Number of recorded moves that `undo` can take back. */
  get undoDepth(): number {
    return this.recCount;
  }

  /** True when `p` is an on-board point index. Does not mutate. */
  onBoard(p: number): boolean {
    return Number.isInteger(p) && p > 0 && p < this.geo.arraySize && this.colors[p] !== WALL_;
  }

  /** Head of the chain holding the stone at p (only meaningful on a stone). */
  chainHead(p: number): number {
    return this.head[p];
  }

  /** Number of stones in the chain at p (0 on an empty point). */
  chainSize(p: number): number {
    const c = this.colors[p];
    return c === BLACK_ || c === WHITE_ ? this.stones[this.head[p]] : 0;
  }

  /** Liberties of the chain at p (0 on an empty point). */
  chainLiberties(p: number): number {
    const c = this.colors[p];
    return c === BLACK_ || c === WHITE_ ? this.libs[this.head[p]] : 0;
  }

  /** Writes the stones of the chain at p into `out` (if given) and returns how many there are. */
  chainStones(p: number, out?: Int32Array): number {
    const c = this.colors[p];
    if (c !== BLACK_ && c !== WHITE_) return 0;
    let n = 0;
    let q = p;
    do {
      if (out) out[n] = q;
      n++;
      q = this.next[q];
    } while (q !== p);
    return n;
  }

  /** Writes the liberties of the chain at p into `out` (if given) and returns how many there are. */
  chainLibertyPoints(p: number, out?: Int32Array): number {
    const c = this.colors[p];
    if (c !== BLACK_ && c !== WHITE_) return 0;
    const { colors, mark, next } = this;
    const adj = this.geo.adjacent;
    const gen = this.nextGen();
    let n = 0;
    let q = p;
    do {
      for (let k = 0; k < 4; k++) {
        const l = q + adj[k];
        if (colors[l] === EMPTY_ && mark[l] !== gen) {
          mark[l] = gen;
          if (out) out[n] = l;
          n++;
        }
      }
      q = next[q];
    } while (q !== p);
    return n;
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

  private nextGen(): number {
    if (this.markGen >= 0x3fffffff) {
      this.mark.fill(0);
      this.capMark.fill(0);
      this.markGen = 0;
    }
    return ++this.markGen;
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

  /** Plays a move already known legal (see `isLegal`), recorded for `undo`. Mutates. */
  playAssumeLegal(p: number, player: Player): void {
    const { colors, head, next, libs, stones, keys } = this;
    const adj = this.geo.adjacent;
    const other = (3 - player) as Player;
    const start = this.beginRecord();
    // Record: kind, p, player, ko, hashLo, hashHi, capBlack, capWhite, then absorbing head with its
    // liberties and size, the merged chains (head, liberties, size), the removed chains (head, colour, n, stones).
    this.push(REC_MOVE);
    this.push(p);
    this.push(player);
    this.push(this.koPoint);
    this.push(this.hashLo);
    this.push(this.hashHi);
    this.push(this.captures[BLACK_]);
    this.push(this.captures[WHITE_]);
    if (this.koPoint !== 0) this.xorKo(this.koPoint);
    this.koPoint = 0;

    colors[p] = player;
    this.hashLo = (this.hashLo ^ keys[p * 4 + player * 2 - 2]) >>> 0;
    this.hashHi = (this.hashHi ^ keys[p * 4 + player * 2 - 1]) >>> 0;
    head[p] = p;
    next[p] = p;
    stones[p] = 1;

    // Pick the largest neighbouring friendly chain to absorb the others (less relabelling).
    let absorb = 0;
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      if (colors[q] === player) {
        const h = head[q];
        if (absorb === 0 || stones[h] > stones[absorb]) absorb = h;
      }
    }
    this.push(absorb);
    this.push(absorb === 0 ? 0 : libs[absorb]);
    this.push(absorb === 0 ? 0 : stones[absorb]);
    const nMergedPos = this.recTop;
    this.push(0);
    let nMerged = 0;
    if (absorb === 0) {
      let n = 0;
      for (let k = 0; k < 4; k++) if (colors[p + adj[k]] === EMPTY_) n++;
      libs[p] = n;
    } else {
      // Splice p into the absorbing chain.
      head[p] = absorb;
      const t = next[absorb];
      next[absorb] = p;
      next[p] = t;
      stones[absorb]++;
      for (let k = 0; k < 4; k++) {
        const q = p + adj[k];
        if (colors[q] !== player) continue;
        const h = head[q];
        if (h === absorb) continue;
        // Merge chain h into absorb: relabel, splice, remember for undo.
        this.push(h);
        this.push(libs[h]);
        this.push(stones[h]);
        nMerged++;
        let s = h;
        do {
          head[s] = absorb;
          s = next[s];
        } while (s !== h);
        const t2 = next[absorb];
        next[absorb] = next[h];
        next[h] = t2;
        stones[absorb] += stones[h];
      }
      this.rec[nMergedPos] = nMerged;
      if (nMerged === 0) {
        // One chain: old liberties minus p plus p's empty neighbours not already adjacent to it.
        let n = libs[absorb] - 1;
        for (let k = 0; k < 4; k++) {
          const e = p + adj[k];
          if (colors[e] !== EMPTY_) continue;
          let known = false;
          for (let j = 0; j < 4; j++) {
            const r = e + adj[j];
            if (r !== p && colors[r] === player && head[r] === absorb) {
              known = true;
              break;
            }
          }
          if (!known) n++;
        }
        libs[absorb] = n;
      } else {
        libs[absorb] = this.countLiberties(absorb);
      }
    }

    // Opponent chains lose liberty p; those left without any are captured.
    const capChainsPos = this.recTop;
    this.push(0);
    let capChains = 0;
    let capturedStones = 0;
    let lastCaptured = 0;
    let done0 = 0;
    let done1 = 0;
    let done2 = 0;
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      if (colors[q] !== other) continue;
      const h = head[q];
      if (h === done0 || h === done1 || h === done2) continue;
      if (k === 0) done0 = h;
      else if (k === 1) done1 = h;
      else done2 = h;
      libs[h]--;
      if (libs[h] === 0) {
        const n = this.removeChain(h, other);
        capChains++;
        capturedStones += n;
        lastCaptured = h;
      }
    }
    this.rec[capChainsPos] = capChains;
    this.captures[player] += capturedStones;

    const myHead = head[p];
    if (libs[myHead] === 0) {
      // Only reachable with allowSuicide: the own chain dies and counts for the opponent.
      const n = this.removeChain(myHead, player);
      this.rec[capChainsPos] = capChains + 1;
      this.captures[other] += n;
    } else if (capturedStones === 1 && stones[myHead] === 1 && libs[myHead] === 1) {
      this.koPoint = lastCaptured;
      this.xorKo(lastCaptured);
    }
    this.endRecord(start);
  }

  /** Counts the liberties of the chain with head h exactly. Does not mutate the position. */
  private countLiberties(h: number): number {
    const { colors, mark, next } = this;
    const adj = this.geo.adjacent;
    const gen = this.nextGen();
    let n = 0;
    let s = h;
    do {
      for (let k = 0; k < 4; k++) {
        const l = s + adj[k];
        if (colors[l] === EMPTY_ && mark[l] !== gen) {
          mark[l] = gen;
          n++;
        }
      }
      s = next[s];
    } while (s !== h);
    return n;
  }

  /**
   * Removes the chain with head h (colour c): empties its points, updates the hash, gives each
   * distinct adjacent enemy chain one liberty per freed point, and records the stones for undo.
   * Returns the number of stones removed.
   */
  private removeChain(h: number, c: number): number {
    const { colors, head, next, libs, keys } = this;
    const adj = this.geo.adjacent;
    const enemy = 3 - c;
    this.push(h);
    this.push(c);
    const countPos = this.recTop;
    this.push(0);
    let n = 0;
    let s = h;
    do {
      this.push(s);
      colors[s] = EMPTY_;
      this.hashLo = (this.hashLo ^ keys[s * 4 + c * 2 - 2]) >>> 0;
      this.hashHi = (this.hashHi ^ keys[s * 4 + c * 2 - 1]) >>> 0;
      n++;
      s = next[s];
    } while (s !== h);
    this.rec[countPos] = n;
    const base = countPos + 1;
    for (let i = 0; i < n; i++) {
      const q = this.rec[base + i];
      let d0 = 0;
      let d1 = 0;
      let d2 = 0;
      for (let k = 0; k < 4; k++) {
        const r = q + adj[k];
        if (colors[r] !== enemy) continue;
        const hr = head[r];
        if (hr === d0 || hr === d1 || hr === d2) continue;
        if (k === 0) d0 = hr;
        else if (k === 1) d1 = hr;
        else d2 = hr;
        libs[hr]++;
      }
    }
    return n;
  }

  /** Passes (mutates): clears the ko point, recorded for `undo`. */
  pass(): void {
    this.passRecorded();
  }

  /** Passes (mutates): clears the ko point and pushes an undo record. */
  passRecorded(): void {
    const start = this.beginRecord();
    this.push(REC_PASS);
    this.push(this.koPoint);
    this.push(this.hashLo);
    this.push(this.hashHi);
    if (this.koPoint !== 0) this.xorKo(this.koPoint);
    this.koPoint = 0;
    this.endRecord(start);
  }

  /** Takes back the last recorded move or pass exactly (stones, chains, hash, ko, captures). Mutates. */
  undo(): void {
    if (this.recCount === 0) throw new Error('undo: no recorded move to take back');
    const start = this.recStarts[--this.recCount];
    const rec = this.rec;
    const kind = rec[start];
    if (kind === REC_PASS) {
      this.koPoint = rec[start + 1];
      this.hashLo = rec[start + 2] >>> 0;
      this.hashHi = rec[start + 3] >>> 0;
      this.recTop = start;
      return;
    }
    const { colors, head, next, libs, stones } = this;
    const adj = this.geo.adjacent;
    const p = rec[start + 1];
    const player = rec[start + 2];
    const other = 3 - player;
    // Walk the record forwards to locate the captured-chain section.
    let i = start + 8;
    const absorb = rec[i];
    const libsA = rec[i + 1];
    const sizeA = rec[i + 2];
    const nMerged = rec[i + 3];
    const mergedPos = i + 4;
    i = mergedPos + nMerged * 3;
    const capChains = rec[i++];
    // Gather the captured-chain offsets so they can be restored in reverse order.
    const capPos = i;
    // Restore removed chains in reverse order of removal.
    const offsets = this.capOffsets;
    let j = capPos;
    for (let c = 0; c < capChains; c++) {
      offsets[c] = j;
      j += 3 + rec[j + 2];
    }
    for (let c = capChains - 1; c >= 0; c--) {
      const o = offsets[c];
      const h = rec[o];
      // The opponent's colour, or the player's own after a suicide.
      const color = rec[o + 1];
      const n = rec[o + 2];
      const base = o + 3;
      const enemy = 3 - color;
      for (let k = 0; k < n; k++) {
        const s = rec[base + k];
        colors[s] = color;
        head[s] = h;
        next[s] = rec[base + (k + 1 === n ? 0 : k + 1)];
      }
      stones[h] = n;
      libs[h] = 0;
      for (let k = 0; k < n; k++) {
        const q = rec[base + k];
        let d0 = 0;
        let d1 = 0;
        let d2 = 0;
        for (let a = 0; a < 4; a++) {
          const r = q + adj[a];
          if (colors[r] !== enemy) continue;
          const hr = head[r];
          if (hr === d0 || hr === d1 || hr === d2) continue;
          if (a === 0) d0 = hr;
          else if (a === 1) d1 = hr;
          else d2 = hr;
          libs[hr]--;
        }
      }
    }
    // Opponent chains next to p get p back as a liberty.
    let d0 = 0;
    let d1 = 0;
    let d2 = 0;
    for (let a = 0; a < 4; a++) {
      const q = p + adj[a];
      if (colors[q] !== other) continue;
      const h = head[q];
      if (h === d0 || h === d1 || h === d2) continue;
      if (a === 0) d0 = h;
      else if (a === 1) d1 = h;
      else d2 = h;
      libs[h]++;
    }
    // Split merged chains off again, newest first (each splice is its own inverse).
    for (let m = nMerged - 1; m >= 0; m--) {
      const o = mergedPos + m * 3;
      const h = rec[o];
      const t = next[absorb];
      next[absorb] = next[h];
      next[h] = t;
      let s = h;
      do {
        head[s] = h;
        s = next[s];
      } while (s !== h);
      libs[h] = rec[o + 1];
      stones[h] = rec[o + 2];
    }
    if (absorb !== 0) {
      // p sits right after absorb in the cycle: unlink it.
      next[absorb] = next[p];
      libs[absorb] = libsA;
      stones[absorb] = sizeA;
    }
    colors[p] = EMPTY_;
    this.koPoint = rec[start + 3];
    this.hashLo = rec[start + 4] >>> 0;
    this.hashHi = rec[start + 5] >>> 0;
    this.captures[BLACK_] = rec[start + 6];
    this.captures[WHITE_] = rec[start + 7];
    this.recTop = start;
  }

  private capOffsets = new Int32Array(8);

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

  /** Recomputes chains, liberties and hash from the colours; clears ko and undo history. Mutates. */
  private rebuild(): void {
    const { colors, head, next, libs, stones, keys } = this;
    const adj = this.geo.adjacent;
    this.recTop = 0;
    this.recCount = 0;
    this.hashLo = 0;
    this.hashHi = 0;
    if (this.koPoint !== 0) this.xorKo(this.koPoint);
    const pts = this.geo.points;
    for (let i = 0; i < pts.length; i++) head[pts[i]] = 0;
    for (let i = 0; i < pts.length; i++) {
      const p = pts[i];
      const c = colors[p];
      if (c !== BLACK_ && c !== WHITE_) continue;
      this.hashLo = (this.hashLo ^ keys[p * 4 + c * 2 - 2]) >>> 0;
      this.hashHi = (this.hashHi ^ keys[p * 4 + c * 2 - 1]) >>> 0;
      if (head[p] !== 0) continue;
      // Flood fill the chain, threading it into a cycle.
      head[p] = p;
      next[p] = p;
      let count = 1;
      let frontier = p;
      let cur = p;
      // Breadth-first over the cycle itself: walk from p until we return to p.
      do {
        for (let k = 0; k < 4; k++) {
          const q = cur + adj[k];
          if (colors[q] === c && head[q] === 0) {
            head[q] = p;
            next[q] = next[frontier];
            next[frontier] = q;
            frontier = q;
            count++;
          }
        }
        cur = next[cur];
      } while (cur !== p);
      stones[p] = count;
      libs[p] = this.countLiberties(p);
    }
  }

  /** Low half of the hash of the stones alone (ko point left out), as superko compares. */
  get stonesHashLo(): number {
    return this.koPoint === 0
      ? this.hashLo
      : (this.hashLo ^ this.keys[this.geo.arraySize * 4 + this.koPoint * 2]) >>> 0;
  }

  /** High half of the hash of the stones alone (ko point left out). */
  get stonesHashHi(): number {
    return this.koPoint === 0
      ? this.hashHi
      : (this.hashHi ^ this.keys[this.geo.arraySize * 4 + this.koPoint * 2 + 1]) >>> 0;
  }

  private xorKo(p: number): void {
    const base = this.geo.arraySize * 4;
    this.hashLo = (this.hashLo ^ this.keys[base + p * 2]) >>> 0;
    this.hashHi = (this.hashHi ^ this.keys[base + p * 2 + 1]) >>> 0;
  }

  private beginRecord(): number {
    if (this.recCount === this.recStarts.length) {
      const grown = new Int32Array(this.recStarts.length * 2);
      grown.set(this.recStarts);
      this.recStarts = grown;
    }
    return this.recTop;
  }

  private endRecord(start: number): void {
    this.recStarts[this.recCount++] = start;
  }

  private push(v: number): void {
    if (this.recTop === this.rec.length) {
      const grown = new Int32Array(this.rec.length * 2);
      grown.set(this.rec);
      this.rec = grown;
    }
    this.rec[this.recTop++] = v;
  }
}
