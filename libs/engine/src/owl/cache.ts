import type { Board } from '../board/board';
import { BLACK, WHITE } from '../board/color';
import { saltedHashHi, saltedHashLo } from '../reading/komaster';
import { TranspositionTable } from '../reading/transposition';

/** Packed results are below this; a cache entry adds the depth it was read with times it. */
const CACHE_DEPTH = 1 << 14;

/** The owl's questions in the transposition table. */
export const OP_ATTACK = 4;
export const OP_DEFEND = 5;

/**
 * The owl's node cache: results by position hash, dragon and question. A living result decided by a
 * depth cut below it (with OwlParams.exactCache) carries the depth left it was read with and is only
 * reused where no more depth is left.
 */
export class OwlCache {
  private readonly table = new TranspositionTable(100_000);
  /** Whether the result the last recall returned rests on a cut line (was stored inexact). */
  soft = false;
  /** A hash of the spheres the remembered results were read with (see readWith). */
  private spheres = 0;

  constructor(
    private readonly board: Board,
    private readonly maxDepth: number,
  ) {}

  /**
   * Stores `result` for the node at `depth`; `inexact`: a living result a cut below decided. `salt`
   * (0: none) tells apart lines that reach the position with different ko states (a ko master).
   */
  remember(key: number, op: number, depth: number, inexact: boolean, result: number, salt = 0): void {
    const left = inexact ? this.maxDepth - depth + 1 : 0;
    this.table.set(this.lo(salt), this.hi(salt), key, op, result + CACHE_DEPTH * left);
  }

  /** The remembered result of this node (see remember), or -1; sets `soft`. */
  recall(key: number, op: number, depth: number, salt = 0): number {
    const v = this.table.get(this.lo(salt), this.hi(salt), key, op);
    if (v < 0) return v;
    const left = Math.floor(v / CACHE_DEPTH);
    if (left !== 0 && this.maxDepth - depth + 1 > left) return -1;
    this.soft = left !== 0;
    return v % CACHE_DEPTH;
  }

  /**
   * Called at each question with the reader's spheres of influence (per owner): forgets every result
   * when they changed since the last question, as its results were read with the old ones. (Changed
   * marks of living stones do not clear it: see the README's second session of 2026-12-02.)
   */
  readWith(spheres: { readonly [owner: number]: Uint8Array }): void {
    const [black, white] = [spheres[BLACK], spheres[WHITE]];
    let h = 0;
    for (let p = 0; p < black.length; p++) h = (Math.imul(h, 31) + (black[p] | (white[p] << 1))) | 0;
    if (h !== this.spheres) this.table.clear();
    this.spheres = h;
  }

  private lo(salt: number): number {
    return salt === 0 ? this.board.hashLo : saltedHashLo(this.board, salt);
  }

  private hi(salt: number): number {
    return salt === 0 ? this.board.hashHi : saltedHashHi(this.board, salt);
  }
}
