import { MoveFlag, type Board } from '../board/board';
import { EMPTY, type Player } from '../board/color';
import { invert, packResult, ReadCode, unpackResult, type ReadResult } from './result';
import { TacticalReader, DEFAULT_TACTICAL_PARAMS } from './tactical';
import { TranspositionTable } from './transposition';

/** Limits of connection reading. */
export interface ConnectionParams {
  /** Nodes per question; over it the position counts as it stands (see `settled`). */
  readonly budget: number;
  /** Plies; at the limit the position counts as it stands. */
  readonly maxDepth: number;
  /** Nodes of each tactical question (can a string of the pair be captured?). */
  readonly tacticalBudget: number;
}

export const DEFAULT_CONNECTION_PARAMS: ConnectionParams = {
  budget: 4000,
  maxDepth: 6,
  tacticalBudget: 800,
};

const OP_CONNECT = 0;
const OP_DISCONNECT = 1;
const MOVES = 40;
/** Farthest point (in empty steps) the path search looks at. */
const MAX_DIST = 4;

/**
 * Reading of the connection between two strings of one colour, GNU Go's connection reading as the
 * model (its documentation, not its code): `connect(a, b)` asks whether the owner, moving first,
 * can join them (or already has: same string, or two shared liberties that cannot both be taken),
 * `disconnect(a, b)` whether the opponent, moving first, can keep them apart, capturing one of them
 * included. Answers with GNU Go's codes and the move (0 fails, 1 works). Plays and undoes on the board.
 *
 * Candidates (both sides): shared liberties, liberties of one string next to a liberty of the other
 * (a one- or two-point gap), the liberties of weak enemy strings touching both, the liberties of
 * a string of the pair with two liberties or fewer; the cutter also tries the tactical attack on
 * either string, the owner the tactical defence.
 */
export class ConnectionReader {
  nodes = 0;
  private readonly table = new TranspositionTable(50_000);
  private readonly tactical: TacticalReader;
  private readonly moveBuf: Int32Array[] = [];
  private readonly la = new Int32Array(512);
  private readonly lb = new Int32Array(512);
  private readonly lc = new Int32Array(512);
  private readonly stones: Int32Array;
  private readonly mark: Int32Array;
  private readonly da: Int32Array;
  private readonly db: Int32Array;
  private readonly queue: Int32Array;
  private gen = 0;
  private a = 0;
  private b = 0;

  constructor(
    readonly board: Board,
    readonly params: ConnectionParams = DEFAULT_CONNECTION_PARAMS,
  ) {
    this.tactical = new TacticalReader(board, { ...DEFAULT_TACTICAL_PARAMS, budget: params.tacticalBudget });
    this.stones = new Int32Array(board.geo.arraySize);
    this.mark = new Int32Array(board.geo.arraySize);
    this.da = new Int32Array(board.geo.arraySize);
    this.db = new Int32Array(board.geo.arraySize);
    this.queue = new Int32Array(board.geo.arraySize * 8);
  }

  /** Can the owner of the strings at a and b, moving first, connect them? */
  connect(a: number, b: number): ReadResult {
    this.begin(a, b);
    if (this.joined()) return { code: ReadCode.Win, move: 0 };
    return unpackResult(this.readConnect(0));
  }

  /** Can their opponent, moving first, keep the strings at a and b apart (or capture one)? */
  disconnect(a: number, b: number): ReadResult {
    this.begin(a, b);
    if (this.joined()) return { code: ReadCode.Fail, move: 0 };
    return unpackResult(this.readDisconnect(0));
  }

  private begin(a: number, b: number): void {
    this.a = a;
    this.b = b;
    this.nodes = 0;
  }

  private joined(): boolean {
    const bd = this.board;
    return (
      bd.colors[this.a] !== EMPTY &&
      bd.colors[this.a] === bd.colors[this.b] &&
      bd.chainHead(this.a) === bd.chainHead(this.b)
    );
  }

  private buf(depth: number): Int32Array {
    let m = this.moveBuf[depth];
    if (!m) {
      m = new Int32Array(MOVES);
      this.moveBuf[depth] = m;
    }
    return m;
  }

  /**
   * At the depth or node limit: connected when one string, sharing two liberties, or sharing one
   * the cutter cannot fill (illegal or self-atari).
   */
  private settled(): boolean {
    if (this.joined()) return true;
    const bd = this.board;
    const na = bd.chainLibertyPoints(this.a, this.la);
    const nb = bd.chainLibertyPoints(this.b, this.lb);
    let shared = 0;
    const cutter = (3 - bd.colors[this.a]) as Player;
    for (let i = 0; i < na; i++) {
      for (let j = 0; j < nb; j++) {
        if (this.la[i] !== this.lb[j]) continue;
        // A shared liberty the cutter cannot play (or only as a self-atari) joins them on its own.
        const f = bd.analyzeMove(this.la[i], cutter);
        if (f & MoveFlag.Illegal || (f & MoveFlag.SelfAtari && !(f & MoveFlag.Capturing))) return true;
        shared++;
      }
    }
    return shared >= 2;
  }

  /** Owner to move. Packed result. */
  private readConnect(depth: number): number {
    const bd = this.board;
    if (bd.colors[this.a] === EMPTY || bd.colors[this.b] === EMPTY) return packResult(ReadCode.Fail, 0);
    if (this.joined()) return packResult(ReadCode.Win, 0);
    if (depth >= this.params.maxDepth || ++this.nodes > this.params.budget)
      return packResult(this.settled() ? ReadCode.Win : ReadCode.Fail, 0);
    const cached = this.table.get(bd.hashLo, bd.hashHi, this.a, OP_CONNECT);
    if (cached >= 0) return cached;
    const owner = bd.colors[this.a] as Player;
    const moves = this.buf(depth);
    const count = this.candidates(moves);
    const result = this.best(owner, moves, count, () => {
      if (bd.colors[this.a] === EMPTY || bd.colors[this.b] === EMPTY) return ReadCode.Fail;
      if (this.joined()) return this.captured() ? ReadCode.Fail : ReadCode.Win;
      return invert(unpackResult(this.readDisconnect(depth + 1)).code);
    });
    this.table.set(bd.hashLo, bd.hashHi, this.a, OP_CONNECT, result);
    return result;
  }

  /** Cutter to move. Packed result. */
  private readDisconnect(depth: number): number {
    const bd = this.board;
    if (bd.colors[this.a] === EMPTY || bd.colors[this.b] === EMPTY) return packResult(ReadCode.Win, 0);
    if (this.joined()) return this.attackEither();
    if (depth >= this.params.maxDepth || ++this.nodes > this.params.budget)
      return packResult(this.settled() ? ReadCode.Fail : ReadCode.Win, 0);
    const cached = this.table.get(bd.hashLo, bd.hashHi, this.a, OP_DISCONNECT);
    if (cached >= 0) return cached;
    const capture = this.attackEither();
    if (unpackResult(capture).code === ReadCode.Win) {
      this.table.set(bd.hashLo, bd.hashHi, this.a, OP_DISCONNECT, capture);
      return capture;
    }
    if (this.settled()) return packResult(ReadCode.Fail, 0);
    const cutter = (3 - bd.colors[this.a]) as Player;
    const moves = this.buf(depth);
    const count = this.candidates(moves);
    const result = this.best(cutter, moves, count, () => {
      if (bd.colors[this.a] === EMPTY || bd.colors[this.b] === EMPTY) return ReadCode.Win;
      return invert(unpackResult(this.readConnect(depth + 1)).code);
    });
    this.table.set(bd.hashLo, bd.hashHi, this.a, OP_DISCONNECT, result);
    return result;
  }

  /** True when the (joined) pair can be captured with the cutter to move. */
  private captured(): boolean {
    return this.tactical.attack(this.a).code === ReadCode.Win;
  }

  /** The cutter's outright capture of either string, packed (Fail when neither falls). */
  private attackEither(): number {
    const ra = this.tactical.attack(this.a);
    if (ra.code === ReadCode.Win) return packResult(ReadCode.Win, ra.move);
    if (this.joined()) return packResult(ReadCode.Fail, 0);
    const rb = this.tactical.attack(this.b);
    if (rb.code === ReadCode.Win) return packResult(ReadCode.Win, rb.move);
    return packResult(ReadCode.Fail, 0);
  }

  /** Plays each legal candidate, keeps the best code (stops at a win). Packed result. */
  private best(player: Player, moves: Int32Array, count: number, score: () => number): number {
    const bd = this.board;
    for (let i = 0; i < count; i++) {
      const m = moves[i];
      if (!bd.isLegal(m, player)) continue;
      bd.playAssumeLegal(m, player);
      const code = score();
      bd.undo();
      if (code === ReadCode.Win) return packResult(ReadCode.Win, m);
    }
    return packResult(ReadCode.Fail, 0);
  }

  private add(out: Int32Array, count: number, m: number): number {
    if (count >= out.length || this.board.colors[m] !== EMPTY || this.mark[m] === this.gen) return count;
    this.mark[m] = this.gen;
    out[count] = m;
    return count + 1;
  }

  /** Candidate moves for either side (see the class comment), most direct first. */
  private candidates(out: Int32Array): number {
    const bd = this.board;
    const adj = bd.geo.adjacent;
    this.gen++;
    let count = 0;
    const na = bd.chainLibertyPoints(this.a, this.la);
    const nb = bd.chainLibertyPoints(this.b, this.lb);
    // Shared liberties.
    for (let i = 0; i < na; i++)
      for (let j = 0; j < nb; j++) if (this.la[i] === this.lb[j]) count = this.add(out, count, this.la[i]);
    // Captures and ataris of enemy strings touching both, defence or capture of a weak member.
    count = this.weakStrings(out, count);
    // One-point gaps: a liberty of one next to a liberty of the other; two-point gaps: the points between.
    const near = (p: number, libs: Int32Array, n: number) => {
      for (let k = 0; k < 4; k++) {
        const q = p + adj[k];
        for (let j = 0; j < n; j++) if (libs[j] === q) return true;
      }
      return false;
    };
    for (let i = 0; i < na; i++) if (near(this.la[i], this.lb, nb)) count = this.add(out, count, this.la[i]);
    for (let j = 0; j < nb; j++) if (near(this.lb[j], this.la, na)) count = this.add(out, count, this.lb[j]);
    return this.paths(out, count);
  }

  /**
   * Empty points on the shortest paths between the strings (within one step of the shortest):
   * distances by a 0-1 search from each string over empty points (cost 1) and friendly stones
   * (cost 0), enemy stones blocking, up to MAX_DIST.
   */
  private paths(out: Int32Array, count: number): number {
    const bd = this.board;
    const owner = bd.colors[this.a];
    this.distances(this.a, owner, this.da);
    this.distances(this.b, owner, this.db);
    let best = Infinity;
    for (const p of bd.geo.points) {
      if (bd.colors[p] !== EMPTY || this.da[p] > MAX_DIST || this.db[p] > MAX_DIST) continue;
      best = Math.min(best, this.da[p] + this.db[p]);
    }
    for (let d = best; d <= best && d < Infinity; d++) {
      for (const p of bd.geo.points) {
        if (
          bd.colors[p] === EMPTY &&
          this.da[p] <= MAX_DIST &&
          this.db[p] <= MAX_DIST &&
          this.da[p] + this.db[p] === d
        )
          count = this.add(out, count, p);
      }
    }
    return count;
  }

  private distances(from: number, owner: number, dist: Int32Array): void {
    const bd = this.board;
    const adj = bd.geo.adjacent;
    dist.fill(MAX_DIST + 1);
    const queue = this.queue;
    // A deque in a flat array: cost-0 steps go to the front, cost-1 steps to the back.
    let head = this.queue.length >> 1;
    let tail = head;
    const n = bd.chainStones(from, this.stones);
    for (let i = 0; i < n; i++) {
      dist[this.stones[i]] = 0;
      queue[tail++] = this.stones[i];
    }
    while (head < tail) {
      const p = queue[head++];
      const dp = dist[p];
      for (let k = 0; k < 4; k++) {
        const q = p + adj[k];
        const c = bd.colors[q];
        const cost = c === EMPTY ? 1 : c === owner ? 0 : -1;
        if (cost < 0 || dp + cost >= dist[q] || dp + cost > MAX_DIST) continue;
        dist[q] = dp + cost;
        if (cost === 0 && head > 0) queue[--head] = q;
        else queue[tail++] = q;
      }
    }
  }

  /**
   * Liberties of enemy strings of up to two liberties next to both strings (or next to one and a
   * liberty of the other), and of members with up to two liberties.
   */
  private weakStrings(out: Int32Array, count: number): number {
    const bd = this.board;
    const adj = bd.geo.adjacent;
    const owner = bd.colors[this.a];
    const enemy = 3 - owner;
    for (const s of [this.a, this.b]) {
      if (bd.chainLiberties(s) <= 2) {
        const n = bd.chainLibertyPoints(s, this.lc);
        for (let i = 0; i < n; i++) count = this.add(out, count, this.lc[i]);
      }
      const ns = bd.chainStones(s, this.stones);
      for (let i = 0; i < ns; i++) {
        for (let k = 0; k < 4; k++) {
          const q = this.stones[i] + adj[k];
          if (bd.colors[q] !== enemy || bd.chainLiberties(q) > 2) continue;
          const n = bd.chainLibertyPoints(q, this.lc);
          for (let j = 0; j < n; j++) count = this.add(out, count, this.lc[j]);
        }
      }
    }
    return count;
  }
}
