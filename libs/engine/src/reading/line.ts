/**
 * What the tactical reader remembers about the line it is reading, by depth: the cache keys of
 * the positions along it (to cut cycles of captures and retakes) and, per node, the moves with
 * which the opponent refuted its candidates (tried as candidates themselves near the root).
 */
export class ReadingLine {
  private readonly pathLo = new Uint32Array(128);
  private readonly pathHi = new Uint32Array(128);
  private readonly refutes: Int32Array[] = [];
  private readonly refuteCount: number[] = [];

  constructor(private readonly refutesPerNode = 64) {}

  /**
   * Records the position (its cache key) at this depth of the line and tells whether it already
   * stood earlier in the line with the same side to move (a cycle of captures and retakes).
   */
  repeats(depth: number, lo: number, hi: number): boolean {
    const pl = this.pathLo;
    const ph = this.pathHi;
    if (depth >= pl.length) return false;
    pl[depth] = lo;
    ph[depth] = hi;
    for (let j = depth - 2; j >= 0; j -= 2) if (pl[j] === lo && ph[j] === hi) return true;
    return false;
  }

  /** Forgets the refutations noted at this depth (a new node there). */
  clearRefutations(depth: number): void {
    this.refuteCount[depth] = 0;
  }

  /** Notes the opponent's move m as a refutation at this depth (once each). */
  noteRefutation(depth: number, m: number): void {
    let buf = this.refutes[depth];
    if (!buf) {
      buf = new Int32Array(this.refutesPerNode);
      this.refutes[depth] = buf;
    }
    const k = this.refuteCount[depth] ?? 0;
    for (let i = 0; i < k; i++) if (buf[i] === m) return;
    if (k < buf.length) {
      buf[k] = m;
      this.refuteCount[depth] = k + 1;
    }
  }

  /** How many refutations are noted at this depth; `refutation(depth, i)` reads them. */
  refutationCount(depth: number): number {
    return this.refuteCount[depth] ?? 0;
  }

  refutation(depth: number, i: number): number {
    return this.refutes[depth][i];
  }
}
