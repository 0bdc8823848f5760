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
import type { BitReadingBoard } from './bit-board';
import { MoveOrdering } from './move-order';

/**
 * The current line of the eye reader's search: moves played and taken back on the board with the
 * positions before each (64-bit hashes, counted per bucket of low bits so most tests skip the scan),
 * the repetition rule and the forced virtual ko threats of the class doc of EyeGraphReader.
 * TacticalReader (tactical.ts) searches on it.
 */
export abstract class ReadingLine extends MoveOrdering {
  private readonly rememberedLo: number[] = [];
  private readonly rememberedHi: number[] = [];
  /** How many of rememberedLo[0, depth) fall in each of 1024 buckets (low bits of the hash). */
  private readonly pathBuckets = new Int32Array(1024);
  private readonly forcedThreatDepths: number[] = [];

  protected play(p: number, color: Player): boolean {
    if (this.board.playRecorded(p, color) !== true) return false;
    this.pathBuckets[(this.rememberedLo[this.depth] ?? 0) & 1023]++;
    this.depth++;
    return true;
  }

  protected pop(): void {
    this.board.undo();
    this.depth--;
    this.pathBuckets[(this.rememberedLo[this.depth] ?? 0) & 1023]--;
  }

  /** A legal move that does not repeat an earlier position on the current line (see class doc). */
  protected tryMove(p: number, color: Player, allowKoThreat: boolean): boolean {
    const b = this.board;
    this.rememberedLo[this.depth] = b.hashLo;
    this.rememberedHi[this.depth] = b.hashHi;
    if (this.classic === true) {
      const known = b.lastCaptures !== undefined;
      const captures = !known && this.capturesSomething(p, color);
      if (this.play(p, color) !== true) return false;
      if (known ? b.lastCaptures! > 0 : captures) return true;
    } else if (this.play(p, color) !== true) {
      if (!allowKoThreat || color !== this.problem.komaster || this.isSuicide(p, color)) return false;
      const threat = this.problem.koThreats.find((t) => b.colors[t] === EMPTY);
      if (threat === undefined) return false;
      // The opponent answers a virtual ko threat (Black always plays the threat point), then the
      // ko master retakes.
      if (!this.play(threat, BLACK)) return false;
      this.forcedThreatDepths.push(this.depth);
      if (!this.play(p, color)) {
        this.forcedThreatDepths.pop();
        this.pop();
        return false;
      }
      if (color === WHITE) return true;
    } else if (color === WHITE) return true;
    // No earlier position of the line in this position's bucket: no repetition.
    if (this.pathBuckets[b.hashLo & 1023] === 0) return true;
    for (let k = 0; k < this.depth; k++) {
      if (this.rememberedLo[k] === b.hashLo && this.rememberedHi[k] === b.hashHi) {
        this.popMove();
        return false;
      }
    }
    return true;
  }

  protected popMove(): void {
    this.pop();
    const forced = this.forcedThreatDepths;
    if (forced.length > 0 && forced[forced.length - 1] === this.depth) {
      this.pop();
      forced.pop();
    }
  }

  /** Is the position with this hash on the current line (as tryMove tests after playing)? */
  protected repeats(hashLo: number, hashHi: number): boolean {
    const b = this.board;
    if (hashLo === b.hashLo && hashHi === b.hashHi) return true;
    if (this.pathBuckets[hashLo & 1023] === 0) return false;
    for (let k = 0; k < this.depth; k++) {
      if (this.rememberedLo[k] === hashLo && this.rememberedHi[k] === hashHi) return true;
    }
    return false;
  }

  /** tryMove's play of a move peek found legal (see moveWith). */
  protected playPeeked(b: BitReadingBoard, p: number, color: Player): void {
    this.rememberedLo[this.depth] = b.hashLo;
    this.rememberedHi[this.depth] = b.hashHi;
    this.pathBuckets[b.hashLo & 1023]++;
    b.playPeeked(p, color);
    this.depth++;
  }
}
