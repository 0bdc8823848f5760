import { Board, IllegalMoveError } from './board';
import { BLACK, WHITE, opponent, type Player, type PointColor } from './color';
import { PASS, formatGtpVertex, parseGtpVertex, type Move } from './coords';
import { Geometry, type BoardDims } from './geometry';
import { RULES, type Rules } from './rules';

/** Options for a new Game. */
export interface GameOptions {
  rules?: Rules;
  /** Defaults to the rules' usual komi. */
  komi?: number;
}

/** One step of a game's history: a move, a pass, or a setup change (SGF AB/AW/AE, handicap). */
export type GameAction =
  | { kind: 'move'; player: Player; point: number }
  | {
      kind: 'setup';
      stones: { point: number; color: PointColor }[];
      toPlayBefore: Player;
      toPlayAfter: Player;
    };

/**
 * A game: the board plus what the board does not know: rules, komi, handicap, turn order, the move
 * list, consecutive passes and the superko history (KataGo's BoardHistory layer).
 * Methods that change the game say so; all of them keep board and history consistent.
 */
export class Game {
  readonly board: Board;
  readonly rules: Rules;
  komi: number;
  /** Handicap stones placed (0 = even game). */
  handicap = 0;
  /** The player to move. */
  toPlay: Player = BLACK;
  private readonly actions: GameAction[] = [];
  /** Position hashes seen (with counts) for the superko check; key includes the player when situational. */
  private readonly seen = new Map<number, number>();

  /** A game on an empty board of `dims`: a side length, or a width and a height (2..25 each). */
  constructor(dims: BoardDims, options: GameOptions = {}) {
    this.rules = options.rules ?? RULES.japanese;
    this.komi = options.komi ?? this.rules.defaultKomi;
    if (!Number.isFinite(this.komi))
      throw new RangeError(`komi: must be a finite number, got ${options.komi}`);
    this.board = Board.empty(dims, { allowSuicide: this.rules.suicide });
    this.remember();
  }

  /** The history: moves, passes and setup changes, in order. Read-only view. */
  get history(): readonly GameAction[] {
    return this.actions;
  }

  /** Side length of a square board; throws RangeError on a rectangular one (see `Geometry.size`). */
  get size(): number {
    return this.board.size;
  }

  /** Number of columns. */
  get width(): number {
    return this.board.geo.width;
  }

  /** Number of rows. */
  get height(): number {
    return this.board.geo.height;
  }

  get geo(): Geometry {
    return this.board.geo;
  }

  /** The moves played so far (passes have point PASS), in order; setup is not included. */
  get moves(): Move[] {
    const out: Move[] = [];
    for (const a of this.actions) if (a.kind === 'move') out.push({ player: a.player, point: a.point });
    return out;
  }

  /** Number of moves (passes included) played. */
  get moveNumber(): number {
    let n = 0;
    for (const a of this.actions) if (a.kind === 'move') n++;
    return n;
  }

  /** Consecutive passes at the end of the move list. */
  get consecutivePasses(): number {
    let n = 0;
    for (let i = this.actions.length - 1; i >= 0; i--) {
      const a = this.actions[i];
      if (a.kind !== 'move' || a.point !== PASS) break;
      n++;
    }
    return n;
  }

  /** True after two consecutive passes. */
  get isOver(): boolean {
    return this.consecutivePasses >= 2;
  }

  private key(player: Player): number {
    const b = this.board;
    // 53 bits of the 64-bit hash: exact enough for a repetition check within one game.
    const k = (b.stonesHashHi & 0x1fffff) * 0x100000000 + b.stonesHashLo;
    return this.rules.superko === 'situational' && player === WHITE ? -k - 1 : k;
  }

  private remember(): void {
    const k = this.key(this.toPlay);
    this.seen.set(k, (this.seen.get(k) ?? 0) + 1);
  }

  private forget(): void {
    const k = this.key(this.toPlay);
    const n = (this.seen.get(k) ?? 0) - 1;
    if (n <= 0) this.seen.delete(k);
    else this.seen.set(k, n);
  }

  /**
   * Why `player` may not play at p now (`null` when legal): the board's reasons plus superko.
   * Passes are always legal. Does not mutate (plays and undoes a probe move for superko).
   */
  illegalReason(p: number, player: Player = this.toPlay): IllegalMoveError['reason'] | null {
    if (p === PASS) return null;
    const b = this.board;
    if (!b.playRecorded(p, player)) {
      try {
        b.play(p, player);
      } catch (e) {
        if (e instanceof IllegalMoveError) return e.reason;
        throw e;
      }
      return 'suicide';
    }
    let repeat = false;
    if (this.rules.superko !== 'none') repeat = this.seen.has(this.key(opponent(player)));
    b.undo();
    return repeat ? 'superko' : null;
  }

  /** True when `player` (default: the player to move) may play at p under these rules. Does not mutate. */
  isLegal(p: number, player: Player = this.toPlay): boolean {
    return this.illegalReason(p, player) === null;
  }

  /**
   * Plays `player` (default: the player to move) at p, or passes when p is PASS. Mutates; the
   * other player is to move afterwards. Throws IllegalMoveError naming the vertex and reason.
   */
  play(p: number, player: Player = this.toPlay): void {
    const b = this.board;
    if (player !== BLACK && player !== WHITE)
      throw new IllegalMoveError(p, 'bad-player', `by player ${player}`);
    if (p === PASS) {
      b.passRecorded();
    } else if (!b.playRecorded(p, player)) {
      b.play(p, player); // throws IllegalMoveError naming the vertex and the reason
    } else if (this.rules.superko !== 'none' && this.seen.has(this.key(opponent(player)))) {
      b.undo();
      const where = formatGtpVertex(p, this.geo);
      throw new IllegalMoveError(p, 'superko', `${player === BLACK ? 'B' : 'W'} ${where}`);
    }
    this.actions.push({ kind: 'move', player, point: p });
    this.toPlay = opponent(player);
    this.remember();
  }

  /** Plays a GTP vertex (`Q16`, `pass`). Mutates; throws CoordinateError or IllegalMoveError. */
  playVertex(vertex: string, player: Player = this.toPlay): void {
    this.play(parseGtpVertex(vertex, this.geo), player);
  }

  /** Passes for the player to move (or `player`). Mutates. */
  pass(player: Player = this.toPlay): void {
    this.play(PASS, player);
  }

  /**
   * Setup stones (SGF AB/AW/AE): puts each colour at its point without captures. Mutates; keeps the
   * move list; `toPlay` may be set at the same time (SGF PL). Undoable like a move.
   */
  setup(stones: { point: number; color: PointColor }[], toPlay: Player = this.toPlay): void {
    for (const s of stones) {
      if (!this.board.onBoard(s.point)) throw new RangeError(`setup: point ${s.point} is off the board`);
    }
    this.forget();
    const before = this.toPlay;
    for (const s of stones) this.board.setStone(s.point, s.color);
    this.actions.push({ kind: 'setup', stones: stones.slice(), toPlayBefore: before, toPlayAfter: toPlay });
    this.toPlay = toPlay;
    this.remember();
  }

  /**
   * Places handicap stones at the given points (free placement) on an empty board before any move;
   * White moves next. Mutates. Throws RangeError naming the problem.
   */
  placeHandicap(points: number[]): void {
    if (this.actions.length > 0) throw new RangeError('handicap: only on an empty board before any move');
    if (points.length < 2) throw new RangeError(`handicap: need at least 2 stones, got ${points.length}`);
    const distinct = new Set(points);
    if (distinct.size !== points.length) throw new RangeError('handicap: the same point twice');
    for (const p of points) {
      if (!this.board.onBoard(p)) throw new RangeError(`handicap: point ${p} is off the board`);
    }
    this.setup(
      points.map((point) => ({ point, color: BLACK })),
      WHITE,
    );
    this.handicap = points.length;
  }

  /**
   * Takes back the last move, pass or setup. Mutates. Returns false when there is nothing to undo.
   */
  undo(): boolean {
    const last = this.actions[this.actions.length - 1];
    if (!last) return false;
    this.forget();
    this.actions.pop();
    if (last.kind === 'move') {
      this.board.undo();
      this.toPlay = last.player;
    } else {
      // Setup cleared the board's undo stack: rebuild by replaying everything before it.
      this.replay();
      this.toPlay = last.toPlayBefore;
      if (this.actions.length === 0) this.handicap = 0;
    }
    return true;
  }

  /** Replays `actions` onto a cleared board (after undoing a setup). */
  private replay(): void {
    this.board.clear();
    this.seen.clear();
    const actions = this.actions.splice(0, this.actions.length);
    this.toPlay = BLACK;
    this.remember();
    for (const a of actions) {
      if (a.kind === 'move') this.play(a.point, a.player);
      else this.setup(a.stones, a.toPlayAfter);
    }
  }

  /** A copy of the game with its own board (history replayed). */
  clone(): Game {
    const g = new Game(this.geo, { rules: this.rules, komi: this.komi });
    for (const a of this.actions) {
      if (a.kind === 'move') g.play(a.point, a.player);
      else g.setup(a.stones, a.toPlayAfter);
    }
    g.handicap = this.handicap;
    return g;
  }
}

/**
 * The GTP `fixed_handicap` points for `count` stones on a square board of `dims`, in the GTP v2
 * order (corners, then sides, then the centre on odd sizes). Throws RangeError naming the limit;
 * a rectangular board has no fixed handicap.
 */
export function fixedHandicapPoints(dims: BoardDims, count: number): number[] {
  const geo = Geometry.ofDims(dims);
  if (!geo.square) throw new RangeError(`handicap: no fixed handicap on ${geo.label}`);
  const size = geo.size;
  const max = size < 7 ? 0 : size % 2 === 0 || size === 7 ? 4 : 9;
  if (!Number.isInteger(count) || count < 2 || count > max) {
    throw new RangeError(
      max === 0
        ? `handicap: no fixed handicap on ${size}x${size}`
        : `handicap: fixed handicap on ${size}x${size} is 2 to ${max} stones, got ${count}`,
    );
  }
  const e = size >= 13 ? 3 : 2; // 4-4 points on large boards, 3-3 on small ones
  const lo = e;
  const hi = size - 1 - e;
  const mid = (size - 1) / 2;
  // (x, y) with y from the top: D4 = (lo, hi), Q16 = (hi, lo) on 19x19.
  const corners: [number, number][] = [
    [lo, hi],
    [hi, lo],
    [lo, lo],
    [hi, hi],
  ];
  const pts: [number, number][] = corners.slice(0, Math.min(count, 4));
  if (count >= 5) {
    if (count % 2 === 1) {
      // Odd counts include the centre; 5 = corners + centre, 7 = + sides, 9 = all.
      if (count >= 6) pts.push([lo, mid], [hi, mid]);
      if (count >= 8) pts.push([mid, hi], [mid, lo]);
      pts.push([mid, mid]);
    } else {
      pts.push([lo, mid], [hi, mid]);
      if (count === 8) pts.push([mid, hi], [mid, lo]);
    }
  }
  return pts.map(([x, y]) => geo.pt(x, y));
}
