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
import { BitReadingBoard } from './bit-board';
import { EMPTIES, SUICIDE } from './move-order';
import { EyeGraphBudgetError } from './reading-limits';
import { PackedTable } from './packed-table';
import { ReadingLine } from './reading-line';
import { TranspositionTable } from './transposition';
import { UnconditionalLife } from './unconditional-life';

/** Tactical status of the White stones, with the first moves that change it when asked. */
export interface LifeStatus {
  attack: boolean;
  defense: boolean;
  attackPoints: number[];
  defensePoints: number[];
}

/**
 * The tactical search: can Black capture every White stone under alternating play where only
 * White may pass? Depth-first over play/undo, with a complete transposition table (two result
 * slots per 64-bit key; a node still open on the current line counts as a win for the side asking,
 * GNU Go's rule) and the repetition and ko-threat rules of the class doc of EyeGraphReader.
 */
export abstract class TacticalReader extends ReadingLine {
  /**
   * Results by exact key (keyLo) when the board keeps one: 4 bits a position, 4 bytes a slot
   * (see PackedTable); bits 0-1 attack, 2-3 defence (1 open on this line, 2 lost, 3 won).
   */
  private readonly packed: PackedTable | null =
    this.vertexKeyed && this.board.exactKeyed === true
      ? // Problems of 12 points and more (15 vertices) store 10^5-10^6 positions: start at 256 kB.
        new PackedTable(this.n >= 15 ? 1 << 15 : 1 << 10)
      : null;
  /** The same results by 64-bit Zobrist key otherwise (12 bytes a slot); made only then. */
  private readonly cache: TranspositionTable =
    this.packed === null ? new TranspositionTable(1 << 10) : new TranspositionTable(1);
  /** The exact key's ko flag: 3^(dynamic points). */
  private readonly koFlag = 3 ** this.n;
  private keyLo = 0;
  private keyHi = 0;
  private readonly benson = new UnconditionalLife(this.problem);
  /**
   * The bit board when a move's child can be probed before it is played (see attackWith): keys
   * exact (the packed table), GNU Go 3.8's rules, no Benson test; else null.
   */
  private readonly preview: BitReadingBoard | null =
    this.packed !== null && this.classic && !this.staticLife && this.board instanceof BitReadingBoard
      ? this.board
      : null;
  /** The White string's point as a bit of the dynamic points (0 when it is static). */
  private readonly stringBit =
    this.problem.vertices.indexOf(this.problem.string) >= 0
      ? 1 << this.problem.vertices.indexOf(this.problem.string)
      : 0;
  /** The White string's static chain as a bit of the static chains (0 when it is not static). */
  private readonly stringStaticBit =
    this.preview !== null ? this.preview.staticChainBit(this.problem.string) : 0;

  // ---- search -------------------------------------------------------------------------------

  /**
   * Hashes the colours of the playable vertices and whether a ko point exists (64-bit Zobrist,
   * lo in `keyLo`, hi in `keyHi`): the cache key. Exact keys (base 3) would overflow a double from
   * 34 vertices on, and shapes against an edge can enclose dozens of stray White stones.
   */
  protected hashKey(): void {
    const { zobristLo, zobristHi } = this;
    if (this.packed !== null) {
      const b = this.board;
      this.keyLo = b.koPoint !== 0 ? b.exactVertexKey! + this.koFlag : b.exactVertexKey!;
      return;
    }
    if (this.vertexKeyed === true) {
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

  // ---- the cache: the packed table when keys are exact, else the 64-bit one -------------------

  private probe(lo: number, hi: number): number {
    return this.packed !== null ? this.packed.get(lo) : this.cache.get(lo, hi);
  }

  private probeOpen(lo: number, hi: number, mask: number, open: number): number {
    return this.packed !== null
      ? this.packed.openIfUnknown(lo, mask, open)
      : this.cache.openIfUnknown(lo, hi, mask, open);
  }

  private store(lo: number, hi: number, value: number): void {
    if (this.packed !== null) this.packed.set(lo, value);
    else this.cache.set(lo, hi, value);
  }

  /**
   * Replaces the bits `clear` of the node keyed (lo, hi) by `bits`; its table entry is at `slot`,
   * where the node's probe (or store) wrote it when the packed table had grown `grown` times
   * (see PackedTable.updateAt): no second probe unless the table grew since.
   */
  private recordAt(slot: number, grown: number, lo: number, hi: number, clear: number, bits: number): void {
    if (this.packed !== null) this.packed.updateAt(slot, grown, lo, clear, bits);
    else this.cache.update(lo, hi, clear, bits);
  }

  protected countNode(): void {
    if (++this.nodes > this.budget) throw new EyeGraphBudgetError(this.budget);
    if (this.depth > this.maxDepth) throw new EyeGraphBudgetError(this.nodes, 'depth', this.maxDepth);
  }

  // Booleans returned by calls are compared with true in the search: a bare call result in a
  // condition is a generic ToBoolean in V8's optimised code when the call is not inlined.

  /** Can Black capture all White stones, Black to move? */
  protected attack(): boolean {
    this.countNode();
    this.hashKey();
    const lo = this.keyLo;
    const hi = this.keyHi;
    // Without Benson's test an unknown position is marked open at once (one probe).
    const entry = this.staticLife === true ? this.probe(lo, hi) : this.probeOpen(lo, hi, 3, 1);
    const cached = entry & 3;
    if (cached === 2) return false;
    if (cached !== 0) return true; // 3 = win, 1 = open on this line (counts as a win)
    // Read after the cache: a position the table knows costs no Benson test.
    if (this.staticLife === true) {
      if (this.benson.whiteAlive(this.board)) {
        this.store(lo, hi, entry | 2);
        return false;
      }
      this.store(lo, hi, entry | 1);
    }
    return this.attackMoves(lo, hi);
  }

  /** attack() past its table probe and Benson's test: Black's moves at the node keyed (lo, hi). */
  private attackMoves(lo: number, hi: number): boolean {
    // The slot the node's probe (or store) just wrote: its result is recorded there.
    const packed = this.packed;
    const slot = packed !== null ? packed.lastSlot : 0;
    const grown = packed !== null ? packed.grown : 0;
    const str = this.problem.string;
    const preview = this.preview;
    const count = this.orderInto(BLACK);
    const entries = this.ordered;
    for (let k = 0; k < count; k++) {
      const move = this.selectMove(entries, BLACK, k, count);
      // A suicide (the self-atari test found no liberty): tryMove and peek would refuse it.
      if ((entries[k] & SUICIDE) !== 0) continue;
      const seen = preview !== null ? this.moveWith(preview, move, BLACK) : -1;
      let result: boolean;
      if (seen >= 0) {
        if (seen === 0) continue;
        result = seen === 1;
      } else {
        if (this.tryMove(move, BLACK, true) !== true) continue;
        result = this.board.colors[str] === EMPTY || this.defend() !== true;
        this.popMove();
      }
      if (result) {
        this.recordAt(slot, grown, lo, hi, 3, 3);
        return true;
      }
    }
    this.recordAt(slot, grown, lo, hi, 3, 2);
    return false;
  }

  /**
   * A move of `color` at a node of the other side's search, looked at on the bit board before it
   * is played: tryMove's legality and repetition tests and the child node's count and table probe
   * as attack() or defend() would make them after playing it, so that a child the table knows
   * costs no play and undo. 0 when the move is not tried (illegal or a repetition), 1 when it
   * wins for `color` (for Black: captures the White string, or White cannot defend after it),
   * 2 when it does not; -1 when the board cannot tell (the caller plays it the ordinary way).
   */
  private moveWith(b: BitReadingBoard, move: number, color: Player): number {
    const seen = b.peek(move, color);
    if (seen <= 0) {
      // A legal Black move that captures static stones, the White string among them, wins as
      // tryMove would find it (a capture is never a repetition), without playing and undoing the
      // string's stones (hundreds on a corner shape).
      if (
        seen === -2 &&
        color === BLACK &&
        ((b.peekCaptured & this.stringBit) | (b.peekCapturedStatic & this.stringStaticBit)) !== 0
      )
        return 1;
      return seen < 0 ? -1 : 0;
    }
    const captured = b.peekCaptured;
    // GNU Go 3.8's rule (tryMove): a capturing move is never a repetition.
    if (captured === 0 && this.repeats(b.peekHashLo, b.peekHashHi)) return 0;
    if (color === BLACK && (captured & this.stringBit) !== 0) return 1;
    // The child node: counted as countNode would count it one move deeper.
    if (++this.nodes > this.budget) throw new EyeGraphBudgetError(this.budget);
    if (this.depth + 1 > this.maxDepth) throw new EyeGraphBudgetError(this.nodes, 'depth', this.maxDepth);
    const lo = b.peekKoPoint !== 0 ? b.peekKey + this.koFlag : b.peekKey;
    const packed = this.packed!;
    let won: boolean;
    if (color === BLACK) {
      const entry = packed.openIfUnknown(lo, 12, 4);
      const cached = (entry >> 2) & 3;
      if (cached !== 0) return cached === 2 ? 1 : 2;
      this.playPeeked(b, move, color);
      won = this.defendMoves(lo, 0) !== true;
    } else {
      const entry = packed.openIfUnknown(lo, 3, 1);
      const cached = entry & 3;
      if (cached !== 0) return cached === 2 ? 1 : 2;
      this.playPeeked(b, move, color);
      won = this.attackMoves(lo, 0) !== true;
    }
    this.popMove();
    return won ? 1 : 2;
  }

  /** Can White keep all its stones, White to move (passing allowed)? */
  protected defend(): boolean {
    this.countNode();
    this.hashKey();
    const lo = this.keyLo;
    const hi = this.keyHi;
    const entry = this.staticLife === true ? this.probe(lo, hi) : this.probeOpen(lo, hi, 12, 4);
    const cached = (entry >> 2) & 3;
    if (cached === 2) return false;
    if (cached !== 0) return true;
    if (this.staticLife === true) {
      if (this.benson.whiteAlive(this.board)) {
        this.store(lo, hi, entry | 12);
        return true;
      }
      this.store(lo, hi, entry | 4);
    }
    return this.defendMoves(lo, hi);
  }

  /** defend() past its table probe and Benson's test: White's moves at the node keyed (lo, hi). */
  private defendMoves(lo: number, hi: number): boolean {
    // The slot the node's probe (or store) just wrote: its result is recorded there.
    const packed = this.packed;
    const slot = packed !== null ? packed.lastSlot : 0;
    const grown = packed !== null ? packed.grown : 0;
    const preview = this.preview;
    const count = this.orderInto(WHITE);
    const entries = this.ordered;
    for (let k = 0; k < count; k++) {
      const move = this.selectMove(entries, WHITE, k, count);
      if ((entries[k] & SUICIDE) !== 0) continue; // refused by tryMove and peek alike
      // Never fill a point Black cannot play, unless it captures (selectMove left the move's entry
      // at k: a point with an empty neighbour is no suicide).
      if (
        (entries[k] & EMPTIES) === 0 &&
        this.isSuicide(move, BLACK) === true &&
        this.capturesSomething(move, WHITE) !== true
      )
        continue;
      const seen = preview !== null ? this.moveWith(preview, move, WHITE) : -1;
      let result: boolean;
      if (seen >= 0) {
        if (seen === 0) continue;
        result = seen === 1;
      } else {
        if (this.tryMove(move, WHITE, true) !== true) continue;
        result = this.attack() !== true;
        this.popMove();
      }
      if (result) {
        this.recordAt(slot, grown, lo, hi, 12, 12);
        return true;
      }
    }
    if (this.attack() !== true) {
      this.recordAt(slot, grown, lo, hi, 12, 12);
      return true;
    }
    this.recordAt(slot, grown, lo, hi, 12, 8);
    return false;
  }

  /**
   * Tactical status of the White stones, with the extra eye kept (haveEye) or filled first;
   * when critical and asked, also every attacking and defending first move.
   */
  protected tacticalLife(haveEye: boolean, wantAttacks: boolean, wantDefenses: boolean): LifeStatus {
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
}
