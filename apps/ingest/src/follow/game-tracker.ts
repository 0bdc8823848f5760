import { MAX_POSITION_MOVES, type KataGoMove, type PositionInput } from '@moyo/contracts';
import {
  Geometry,
  engineRulesForKataGoName,
  formatGtpVertex,
  parseOgsPoint,
  parseSgfPoint,
} from '@moyo/engine';
import {
  decodeOgsMoves,
  type OgsGameData,
  type OgsMove,
  type OgsMoveEvent,
  type OgsPhase,
} from '../ogs/protocol';

/** The game cannot be followed (non-square board, malformed moves): names the game and the problem. */
export class UnfollowableGameError extends Error {
  constructor(
    readonly gameId: number,
    problem: string,
  ) {
    super(`OGS game ${gameId} cannot be followed: ${problem}`);
    this.name = 'UnfollowableGameError';
  }
}

/** What a `move` event did to the tracked game. */
export type MoveOutcome =
  /** The next move: appended, and any buffered moves that now follow it too. */
  | 'appended'
  /** A move number already known with the same point: a repeat, ignored. */
  | 'duplicate'
  /** A move number beyond the next: kept until the gap fills (or a resync replaces it). */
  | 'buffered'
  /** A known move number with a different point (an undo we missed): needs a resync. */
  | 'conflict';

/** Game setup read from `gamedata`. */
export interface GameSetup {
  size: number;
  komi: number;
  rules: string;
  handicap: number;
  initialStones: KataGoMove[];
}

/**
 * One OGS game's move list, rebuilt from `gamedata` and extended by `move` events, whatever order
 * and however often they arrive. Move n (from 1) is `moves[n - 1]`. Pure state, no I/O.
 */
export class GameTracker {
  private setupValue?: GameSetup;
  private geo?: Geometry;
  private kata: KataGoMove[] = [];
  private readonly buffered = new Map<number, OgsMove>();
  private firstPlayer: 'black' | 'white' = 'black';
  private freeHandicap = 0;
  phase: OgsPhase = 'play';

  constructor(readonly gameId: number) {}

  /** True once a `gamedata` has been applied (move events before that are buffered). */
  get hasState(): boolean {
    return this.setupValue !== undefined;
  }

  get setup(): GameSetup {
    if (!this.setupValue) throw new Error(`game ${this.gameId}: no gamedata yet`);
    return this.setupValue;
  }

  /** Number of moves known in order (the last move number). */
  get moveCount(): number {
    return this.kata.length;
  }

  /** Move numbers received out of order and still waiting for the gap before them. */
  get bufferedMoveNumbers(): number[] {
    return [...this.buffered.keys()].sort((a, b) => a - b);
  }

  /** Move `n` (from 1) as KataGo writes it. */
  move(n: number): KataGoMove {
    const m = this.kata[n - 1];
    if (!m) throw new RangeError(`game ${this.gameId}: no move ${n} (have ${this.kata.length})`);
    return m;
  }

  /**
   * Replaces the state with a full `gamedata`. Returns the length of the prefix that is unchanged
   * (moves after it are new or replaced: an undo shortens the list). Throws UnfollowableGameError.
   */
  applyGameData(data: OgsGameData): { keptPrefix: number } {
    if (data.width !== data.height) {
      throw new UnfollowableGameError(this.gameId, `board ${data.width}x${data.height} is not square`);
    }
    let moves: OgsMove[];
    try {
      moves = decodeOgsMoves(data.moves);
    } catch (err) {
      throw new UnfollowableGameError(this.gameId, `gamedata: ${(err as Error).message}`);
    }
    if (moves.length > MAX_POSITION_MOVES) throw this.tooLong(moves.length);
    let geo: Geometry;
    try {
      geo = Geometry.of(data.width);
    } catch (err) {
      throw new UnfollowableGameError(this.gameId, (err as Error).message);
    }
    // OGS names (japanese, chinese, aga, korean, nz, ing) are KataGo's; the engine takes its own.
    const rulesName = String(data.rules ?? 'japanese');
    const rules = engineRulesForKataGoName(rulesName);
    if (!rules) {
      throw new UnfollowableGameError(
        this.gameId,
        `rules ${JSON.stringify(rulesName)} are unknown (known: japanese, chinese, aga, korean, nz, ing and KataGo's other names)`,
      );
    }
    const handicap = Number(data.handicap ?? 0);
    this.geo = geo;
    this.firstPlayer = data.initial_player ?? 'black';
    this.freeHandicap = data.free_handicap_placement && handicap > 1 ? handicap : 0;
    this.setupValue = {
      size: data.width,
      komi: Number(data.komi ?? 6.5),
      rules: rules.name,
      handicap,
      initialStones: [
        ...this.packedStones(data.initial_state?.black ?? '', 'B'),
        ...this.packedStones(data.initial_state?.white ?? '', 'W'),
      ],
    };
    const before = this.kata;
    this.kata = [];
    for (const m of moves) this.append(m);
    let keptPrefix = 0;
    while (
      keptPrefix < before.length &&
      keptPrefix < this.kata.length &&
      sameMove(before[keptPrefix], this.kata[keptPrefix])
    ) {
      keptPrefix++;
    }
    for (const n of [...this.buffered.keys()]) if (n <= this.kata.length) this.buffered.delete(n);
    this.drainBuffered();
    this.phase = data.phase ?? 'play';
    return { keptPrefix };
  }

  /** A game longer than a position may be: no job could hold its moves (the api's limit too). */
  private tooLong(moves: number): UnfollowableGameError {
    return new UnfollowableGameError(
      this.gameId,
      `the game reached move ${moves}, past the ${MAX_POSITION_MOVES} moves a position may have`,
    );
  }

  /** Applies a `move` event. See MoveOutcome. Throws UnfollowableGameError on a malformed move. */
  applyMove(event: OgsMoveEvent): MoveOutcome {
    const n = Number(event.move_number);
    if (!Number.isInteger(n) || n < 1) {
      throw new UnfollowableGameError(
        this.gameId,
        `move event has move_number ${JSON.stringify(event.move_number)}`,
      );
    }
    if (n > MAX_POSITION_MOVES) throw this.tooLong(n);
    let move: OgsMove;
    try {
      [move] = typeof event.move === 'string' ? decodeOgsMoves(event.move) : [event.move];
    } catch (err) {
      throw new UnfollowableGameError(this.gameId, `move ${n}: ${(err as Error).message}`);
    }
    if (!this.hasState) {
      this.buffered.set(n, move);
      return 'buffered';
    }
    if (n <= this.kata.length) {
      return sameMove(this.toKataGo(move, n - 1), this.kata[n - 1]) ? 'duplicate' : 'conflict';
    }
    if (n > this.kata.length + 1) {
      this.buffered.set(n, move);
      return 'buffered';
    }
    this.append(move);
    this.drainBuffered();
    return 'appended';
  }

  /** The position after move `n` (0 = the setup only) as a pipeline job input. */
  positionAfter(n: number): PositionInput {
    if (n < 0 || n > this.kata.length) throw new RangeError(`game ${this.gameId}: no move ${n}`);
    const s = this.setup;
    return {
      boardXSize: s.size,
      boardYSize: s.size,
      komi: s.komi,
      rules: s.rules,
      initialStones: s.initialStones.map((m) => [m[0], m[1]]),
      moves: this.kata.slice(0, n).map((m) => [m[0], m[1]]),
    };
  }

  private drainBuffered(): void {
    for (let next = this.kata.length + 1; this.buffered.has(next); next = this.kata.length + 1) {
      const m = this.buffered.get(next)!;
      this.buffered.delete(next);
      this.append(m);
    }
  }

  private append(move: OgsMove): void {
    this.kata.push(this.toKataGo(move, this.kata.length));
  }

  /** The colour of the move at `index` (0-based): the move's own colour, else by turn order. */
  private colorAt(move: OgsMove, index: number): 'B' | 'W' {
    if (move[3] === 1) return 'B';
    if (move[3] === 2) return 'W';
    if (index < this.freeHandicap) return 'B';
    const turn = index - this.freeHandicap;
    // After a free handicap placement White moves; otherwise players alternate from the first.
    const first = this.freeHandicap > 0 ? 'W' : this.firstPlayer === 'white' ? 'W' : 'B';
    return turn % 2 === 0 ? first : first === 'B' ? 'W' : 'B';
  }

  private toKataGo(move: OgsMove, index: number): KataGoMove {
    if (!Array.isArray(move) || move.length < 2) {
      throw new UnfollowableGameError(
        this.gameId,
        `move ${index + 1} is not [x, y, ...]: ${JSON.stringify(move)}`,
      );
    }
    const geo = this.geo!;
    let point: number;
    try {
      point = parseOgsPoint([move[0], move[1]], geo);
    } catch (err) {
      throw new UnfollowableGameError(this.gameId, `move ${index + 1}: ${(err as Error).message}`);
    }
    return [this.colorAt(move, index), formatGtpVertex(point, geo)];
  }

  private packedStones(packed: string, color: 'B' | 'W'): KataGoMove[] {
    const geo = this.geo!;
    const out: KataGoMove[] = [];
    if (typeof packed !== 'string' || packed.length % 2 !== 0) {
      throw new UnfollowableGameError(
        this.gameId,
        `initial_state ${JSON.stringify(packed)} is not pairs of letters`,
      );
    }
    for (let i = 0; i < packed.length; i += 2) {
      try {
        out.push([color, formatGtpVertex(parseSgfPoint(packed.slice(i, i + 2), geo), geo)]);
      } catch (err) {
        throw new UnfollowableGameError(this.gameId, `initial_state: ${(err as Error).message}`);
      }
    }
    return out;
  }
}

function sameMove(a: KataGoMove, b: KataGoMove): boolean {
  return a[0] === b[0] && a[1] === b[1];
}
