import type { Board } from '../board/board';
import { BLACK, EMPTY, WHITE, type Player } from '../board/color';
import { barredKoCapture, koSalt, readKoRetake, saltedHashHi, saltedHashLo, type KoMaster } from './komaster';
import { TacticalMoves } from './moves';
import { DEFAULT_TACTICAL_PARAMS, type TacticalParams } from './params';
import { orderCandidates } from './ordering';
import { ReadingLine } from './line';
import { codeRank, downgrade, invert, packResult, ReadCode, unpackResult, type ReadResult } from './result';
import { TranspositionTable } from './transposition';

export { DEFAULT_TACTICAL_PARAMS, type TacticalParams } from './params';

const OP_ATTACK = 0;
const OP_DEFEND = 4;
const MOVES_PER_NODE = 64;
/** Cached values are packed result + depth * DEPTH_UNIT (a packed result is below 4 * 4096). */
const DEPTH_UNIT = 16_384;

/**
 * Tactical reading of strings on one board, GNU Go's tactical reading as the model (its
 * documentation, not its code): `attack(p)` asks whether the string at p can be captured with the
 * attacker to move, `defend(p)` whether its owner, moving first, can save it. Both play and undo on
 * the board (it is left as found) and remember results by Zobrist hash, string, question and the
 * liberty band the depth allows.
 *
 * Candidates come from `TacticalMoves` (liberties, approach moves, nets, rescues; captures and
 * ataris of neighbours, second-order liberties) and are ordered by playing them: the attacker
 * prefers moves that leave the string fewer liberties and its own stone more, the defender moves
 * that give the string the most liberties. Capturing a string by taking a ko wins KO_A; a string
 * in atari whose capture the ko forbids right now is KO_B (a threat first); a line that needs a ko
 * capture succeeds with KO_A at best.
 */
export class TacticalReader {
  /** Nodes visited since the last top-level query. */
  nodes = 0;
  /** Nodes visited in all. */
  totalNodes = 0;
  private exhausted = false;
  /** The node count at which reading stops (the budget, or a root candidate's share of it). */
  private limit = 0;
  private readonly unsureBuf = new Int32Array(MOVES_PER_NODE);
  /** The ko master of the current line (see komaster.ts). */
  private readonly ko: KoMaster = { komaster: 0, komPos: 0 };
  private readonly table = new TranspositionTable();
  private readonly moveBuf: Int32Array[] = [];
  private readonly scoreBuf: Int32Array[] = [];
  private readonly libBuf = new Int32Array(8);
  private readonly line = new ReadingLine(MOVES_PER_NODE);
  private readonly gen: TacticalMoves;

  constructor(
    readonly board: Board,
    readonly params: TacticalParams = DEFAULT_TACTICAL_PARAMS,
  ) {
    this.gen = new TacticalMoves(board, params);
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
    this.nodes = 0;
    this.limit = this.params.budget;
    this.exhausted = false;
    const d = unpackResult(this.readDefend(p, 0));
    if (a.code !== ReadCode.Fail) return d;
    return d.code === ReadCode.Win ? d : { code: ReadCode.Win, move: 0 };
  }

  /** Attack with the node count continuing (for callers that read many strings in one budget). */
  attackCode(p: number): number {
    this.begin();
    return unpackResult(this.readAttack(p, 0)).code;
  }

  private begin(): void {
    this.ko.komaster = 0;
    this.ko.komPos = 0;
    this.nodes = 0;
    this.limit = this.params.budget;
    this.exhausted = false;
  }

  private tick(): boolean {
    this.totalNodes++;
    if (++this.nodes > this.limit) this.exhausted = true;
    return this.exhausted;
  }

  /** The most liberties a string may have at this depth and still be read (the cache band). */
  private cap(depth: number): number {
    const p = this.params;
    return depth < p.threeLibertyDepth ? p.maxLiberties : depth < p.twoLibertyDepth ? 3 : 2;
  }

  private buffers(depth: number): [Int32Array, Int32Array] {
    let b = this.moveBuf[depth];
    if (!b) {
      b = new Int32Array(MOVES_PER_NODE);
      this.moveBuf[depth] = b;
      this.scoreBuf[depth] = new Int32Array(MOVES_PER_NODE);
    }
    return [b, this.scoreBuf[depth]];
  }

  /** Attacker to move against the string at s. Packed result. */
  private readAttack(s: number, depth: number): number {
    const b = this.board;
    const color = b.colors[s];
    if (color === EMPTY) return packResult(ReadCode.Win, 0);
    const attacker = (3 - color) as Player;
    const n = b.chainLiberties(s);
    let capture = 0;
    if (n === 1) {
      // Capturing outright ends it; a capture that needs the ko (or that the ko forbids) is only a
      // floor: a quiet move may still make the capture certain (the string cannot escape anyway).
      capture = this.captureInAtari(s, attacker, depth);
      if (unpackResult(capture).code === ReadCode.Win || depth >= this.params.koDepth) return capture;
    }
    const cap = this.cap(depth);
    if (n > cap || depth >= this.params.maxDepth || this.tick())
      return n === 1 ? capture : packResult(ReadCode.Fail, 0);
    const op = OP_ATTACK + cap - 1;
    const lo = this.keyLo();
    const hi = this.keyHi();
    if (this.line.repeats(depth, lo, hi)) return n === 1 ? capture : packResult(ReadCode.Fail, 0);
    const cached = this.cached(lo, hi, s, op, depth);
    if (cached >= 0) return cached;
    const above = this.line.enterNode();

    const [moves, scores] = this.buffers(depth);
    let count = this.withRetake(attacker, depth, moves, this.gen.attackMoves(s, attacker, n, depth, moves));
    count = orderCandidates(b, s, attacker, true, n, depth < this.params.koDepth, moves, scores, count);
    if (n >= 3 && depth >= this.params.branchDepth) count = Math.min(count, 1);
    const score = (m: number) =>
      b.colors[s] === EMPTY
        ? this.afterCapture(m, attacker, depth)
        : invert(this.noteRefutation(depth, this.readDefend(s, depth + 1)));
    this.line.clearRefutations(depth);
    let result = this.bestOf(s, depth, attacker, moves, count, score);
    result = this.tryRefutations(s, depth, attacker, true, n, moves, scores, count, result, score);
    if (codeRank(unpackResult(capture).code) > codeRank(unpackResult(result).code)) result = capture;
    const historyFree = this.line.leaveNode(depth, above);
    if (!this.exhausted && historyFree) this.table.set(lo, hi, s, op, result + depth * DEPTH_UNIT);
    return result;
  }

  /**
   * The string at s has one liberty: capture it (KO_A when that takes a ko, KO_B when the ko
   * forbids it right now; neither when the defender is the ko master).
   */
  private captureInAtari(s: number, attacker: Player, depth: number): number {
    const b = this.board;
    b.chainLibertyPoints(s, this.libBuf);
    const l = this.libBuf[0];
    const mayTakeKo = !barredKoCapture(this.ko, attacker, l);
    if (b.isLegal(l, attacker)) {
      b.playAssumeLegal(l, attacker);
      const ko = b.koPoint !== 0;
      const code = ko ? ReadCode.Fail : this.afterCapture(l, attacker, depth);
      b.undo();
      if (!ko) return packResult(code, code === ReadCode.Fail ? 0 : l);
      if (!mayTakeKo) return packResult(ReadCode.Fail, 0);
      // The ko master's opponent cannot fight this ko back (it may retake no ko after a threat).
      return packResult(this.ko.komaster === 3 - attacker ? ReadCode.Win : ReadCode.KoA, l);
    }
    if (l === b.koPointFor(attacker) && this.ko.komaster === 0) return packResult(ReadCode.KoB, l);
    return packResult(ReadCode.Fail, 0);
  }

  /**
   * The attacker's move at m has just captured the string (not as a ko). The capture stands unless
   * the capturing string is left in atari: then the defender takes it back (a snapback) and the
   * question goes on about the string that recaptured. The attacker's code.
   */
  private afterCapture(m: number, attacker: Player, depth: number): number {
    const b = this.board;
    if (b.chainLiberties(m) !== 1) return ReadCode.Win;
    b.chainLibertyPoints(m, this.libBuf);
    const r = this.libBuf[0];
    const defender = (3 - attacker) as Player;
    if (!b.isLegal(r, defender)) return ReadCode.Win;
    b.playAssumeLegal(r, defender);
    const code = b.colors[m] === EMPTY ? unpackResult(this.readAttack(r, depth + 2)).code : ReadCode.Win;
    b.undo();
    return code;
  }

  /**
   * The cached packed result of this question, or -1. Deeper reads try fewer candidate kinds, so a
   * result read deeper than `depth` is not reused here (it could miss what this depth would try).
   */
  private cached(lo: number, hi: number, s: number, op: number, depth: number): number {
    const v = this.table.get(lo, hi, s, op);
    if (v < 0 || Math.floor(v / DEPTH_UNIT) > depth) return -1;
    return v % DEPTH_UNIT;
  }

  /** The cache key: the position's hash with the ko master mixed in. */
  private keyLo(): number {
    return saltedHashLo(this.board, koSalt(this.ko));
  }

  private keyHi(): number {
    return saltedHashHi(this.board, koSalt(this.ko));
  }

  /**
   * One node: plays each candidate of `player`, asks `score()` for the code after it and keeps the
   * best (stopping at an outright win). A ko capture is allowed only to the ko master (or anyone
   * while there is none; the capturer becomes it) and wins KO_A at best. Packed result.
   */
  private bestOf(
    s: number,
    depth: number,
    player: Player,
    moves: Int32Array,
    count: number,
    score: (m: number) => number,
  ): number {
    if (depth === 0 && this.params.rootShare) return this.bestAtRoot(s, player, moves, count, score);
    let best = 0;
    let bestMove = 0;
    for (let i = 0; i < count; i++) {
      const code = this.playAndScore(s, depth, player, moves[i], score);
      if (code > 0 && codeRank(code) > codeRank(best)) {
        best = code;
        bestMove = moves[i];
        if (code === ReadCode.Win) break;
      }
    }
    return packResult(best, best === 0 ? 0 : bestMove);
  }

  /**
   * The root node with the budget shared (see TacticalParams.rootShare): each candidate may use
   * what is left over the candidates not read yet; those cut short are read again in order with
   * all that is left when nothing read to the end wins outright, and their results count last.
   */
  private bestAtRoot(
    s: number,
    player: Player,
    moves: Int32Array,
    count: number,
    score: (m: number) => number,
  ): number {
    const budget = this.params.budget;
    const unsure = this.unsureBuf;
    let nu = 0;
    let best = 0;
    let bestMove = 0;
    for (let i = 0; i < count && this.nodes < budget; i++) {
      this.limit = this.nodes + Math.floor((budget - this.nodes) / (count - i));
      const code = this.playAndScore(s, 0, player, moves[i], score);
      if (this.exhausted) {
        this.exhausted = false;
        if (nu < unsure.length) unsure[nu++] = moves[i];
        continue;
      }
      if (code > 0 && codeRank(code) > codeRank(best)) {
        best = code;
        bestMove = moves[i];
        if (code === ReadCode.Win) break;
      }
    }
    for (let i = 0; i < nu && best !== ReadCode.Win; i++) {
      // A read the budget cuts short counts as it always did (the string escapes).
      this.limit = i === nu - 1 ? budget : this.nodes + Math.floor((budget - this.nodes) / (nu - i));
      const code = this.playAndScore(s, 0, player, unsure[i], score);
      if (code > 0 && codeRank(code) > codeRank(best)) {
        best = code;
        bestMove = unsure[i];
      }
      if (this.exhausted && this.nodes >= budget) break;
      if (i < nu - 1) this.exhausted = false;
    }
    this.limit = budget;
    return packResult(best, best === 0 ? 0 : bestMove);
  }

  /**
   * Plays candidate m of `player`, scores the position after it and takes it back: its code, or
   * -1 when m cannot be played (a ko retake is read as after a threat where the rules allow).
   */
  private playAndScore(
    s: number,
    depth: number,
    player: Player,
    m: number,
    score: (m: number) => number,
  ): number {
    const b = this.board;
    let code: number;
    // A ko retake forbidden right now is read as if a ko threat had been made and answered.
    if (!b.isLegal(m, player)) return readKoRetake(b, this.ko, m, player, score);
    b.playAssumeLegal(m, player);
    const koCapture = b.koPoint !== 0;
    if (koCapture && barredKoCapture(this.ko, player, m)) {
      code = ReadCode.Fail;
    } else if (koCapture && this.ko.komaster !== 3 - player) {
      // Read on: the opponent's retake after a threat is among its candidates (its code then
      // comes back as KO_B); when the string is gone or retakes are no longer read, the capture
      // wins KO_A at best. Against the ko master (who may retake no ko) it is a plain move.
      const c = score(m);
      code = b.colors[s] !== EMPTY && depth + 1 < this.params.koDepth ? c : downgrade(c, ReadCode.KoA);
    } else {
      code = score(m);
    }
    b.undo();
    return code;
  }

  /** Defender to move, the string at s under attack. Packed result. */
  private readDefend(s: number, depth: number): number {
    const b = this.board;
    if (b.colors[s] === EMPTY) return packResult(ReadCode.Fail, 0);
    const color = b.colors[s] as Player;
    const n = b.chainLiberties(s);
    const cap = this.cap(depth);
    if (n > cap || depth >= this.params.maxDepth || this.tick()) return packResult(ReadCode.Win, 0);
    const op = OP_DEFEND + cap - 1;
    const lo = this.keyLo();
    const hi = this.keyHi();
    if (this.line.repeats(depth, lo, hi)) return packResult(ReadCode.Win, 0);
    const cached = this.cached(lo, hi, s, op, depth);
    if (cached >= 0) return cached;
    const above = this.line.enterNode();

    const [moves, scores] = this.buffers(depth);
    let count = this.withRetake(color, depth, moves, this.gen.defenseMoves(s, color, n, depth, moves));
    count = orderCandidates(b, s, color, false, n, depth < this.params.koDepth, moves, scores, count);
    const score = () => invert(this.noteRefutation(depth, this.readAttack(s, depth + 1)));
    this.line.clearRefutations(depth);
    let result = this.bestOf(s, depth, color, moves, count, score);
    result = this.tryRefutations(s, depth, color, false, n, moves, scores, count, result, score);
    if (depth > 0) result = this.tenuki(s, depth, result);
    const historyFree = this.line.leaveNode(depth, above);
    if (!this.exhausted && historyFree) this.table.set(lo, hi, s, op, result + depth * DEPTH_UNIT);
    return result;
  }

  /** Notes the opponent's move of a packed reply that works for it (below refutationDepth). Its code. */
  private noteRefutation(depth: number, packed: number): number {
    const r = unpackResult(packed);
    if (r.code !== ReadCode.Fail && r.move !== 0 && depth < this.params.refutationDepth)
      this.line.noteRefutation(depth, r.move);
    return r.code;
  }

  /**
   * No candidate worked outright: try the points where the opponent refuted them (its key point is
   * often one's own: the vital point of an eye, a ladder breaker), those not tried yet, ordered as
   * candidates. Only an outright success among them counts (a ko found there is not trusted).
   */
  private tryRefutations(
    s: number,
    depth: number,
    player: Player,
    attacking: boolean,
    n: number,
    moves: Int32Array,
    scores: Int32Array,
    count: number,
    result: number,
    score: (m: number) => number,
  ): number {
    if (depth >= this.params.refutationDepth || unpackResult(result).code === ReadCode.Win) return result;
    const k = this.line.refutationCount(depth);
    if (k === 0 || this.exhausted) return result;
    const extra = moves.subarray(count);
    let m = 0;
    for (let i = 0; i < k && m < extra.length; i++) {
      const r = this.line.refutation(depth, i);
      let tried = false;
      for (let j = 0; j < count; j++) if (moves[j] === r) tried = true;
      if (!tried && this.board.colors[r] === EMPTY) extra[m++] = r;
    }
    if (m === 0) return result;
    m = orderCandidates(this.board, s, player, attacking, n, false, extra, scores.subarray(count), m);
    const more = this.bestOf(s, depth, player, extra, m, score);
    return unpackResult(more).code === ReadCode.Win ? more : result;
  }

  /**
   * When no candidate saves s outright, the defender may also leave it alone (every candidate can
   * make things worse, e.g. fill its own eye): the attacker moves again. Only an outright save
   * counts (a pass that merely turns the capture into a ko is not read as a defence, as GNU Go).
   */
  private tenuki(s: number, depth: number, result: number): number {
    const b = this.board;
    if (unpackResult(result).code === ReadCode.Win) return result;
    b.passRecorded();
    const code = invert(unpackResult(this.readAttack(s, depth + 1)).code);
    b.undo();
    return code === ReadCode.Win ? packResult(code, 0) : result;
  }

  /**
   * Near the root the retake of the ko the last move took is always a candidate (read as after a
   * threat), so that a ko capture is read on rather than counted a ko win in advance.
   */
  private withRetake(player: Player, depth: number, moves: Int32Array, count: number): number {
    const k = this.board.koPointFor(player);
    if (k === 0 || depth >= this.params.koDepth || count >= moves.length) return count;
    for (let i = 0; i < count; i++) if (moves[i] === k) return count;
    moves[count] = k;
    return count + 1;
  }
}

/** The colour of the stone at p, or throws naming the point when it is empty. */
export function stoneColor(board: Board, p: number): Player {
  const c = board.colors[p];
  if (c !== BLACK && c !== WHITE) throw new RangeError(`no stone at point ${p}`);
  return c;
}
