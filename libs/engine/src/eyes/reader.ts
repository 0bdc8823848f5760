import { BLACK as BLACK_EXPORT, WHITE as WHITE_EXPORT, type Player } from '../board/color';

// Local copies of the colours: some module loaders turn imported bindings into getters, which
// cost more than the reading itself in the hot loops.
const BLACK = BLACK_EXPORT as Player;
const WHITE = WHITE_EXPORT as Player;
import { TacticalReader } from './tactical';
import { EyeGraphBudgetError, type EyeEvaluation } from './reading-limits';
import { TranspositionTable } from './transposition';

export {
  DEFAULT_EYE_READING_BUDGET,
  EyeGraphBudgetError,
  MAX_EYE_READING_DEPTH,
  type EyeEvaluation,
  type ReadingBoardFactory,
} from './reading-limits';

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
export class EyeGraphReader extends TacticalReader {
  /** Eye values by whole-board position (a*48 + b*16 + c*4 + d + 1), past GNU Go's reach only. */
  private readonly values = new TranspositionTable(64);
  /** Eye values of positions evaluated after a vital candidate (GNU Go's reach), by whole board. */
  private readonly evaluated = new TranspositionTable(64);

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
  private rememberedValue(wantA: boolean, wantD: boolean): number[] {
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

  /** rememberedValue's reading, with no memory: evaluatePosition's branches, lazily. */
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
          const after = this.rememberedValue(false, false);
          if (after[1] === 0 && after[2] === 1 && this.rememberedValue(false, true)[3] === 1) a = 0;
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
          if (this.tacticalLife(true, false, false).attack && this.rememberedValue(false, true)[3] === 1)
            a = 0;
          this.popMove();
          if (a === 0) break;
        }
      }
      if (wantD) {
        d = 1;
        for (const move of this.orderMoves(WHITE)) {
          if (!this.tryMove(move, WHITE, true)) continue;
          if (this.tacticalLife(false, false, false).defense && this.rememberedValue(true, false)[0] === 1)
            d = 2;
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
          const after = this.rememberedValue(false, false);
          if (after[1] === 1 && after[2] === 2 && this.rememberedValue(true, false)[0] === 1) d = 2;
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
    const v = this.rememberedValue(false, false);
    // The critical-branch questions (is it 0011? is it 1122?) need a or d only for that b and c.
    if (onlyIfB >= 0 && (v[1] !== onlyIfB || v[2] !== onlyIfC)) return { a: v[0], b: v[1], c: v[2], d: v[3] };
    const wantD = !wantA;
    if (wantD && v[3] === 3) v[3] = this.rememberedValue(false, true)[3];
    if (wantA && v[0] === 3) v[0] = this.rememberedValue(true, false)[0];
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
