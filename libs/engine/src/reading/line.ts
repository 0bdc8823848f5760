const NO_REPEAT = 1 << 30;

/**
 * What a reader (tactical or capturing race) remembers about the line it is reading, by depth:
 * the keys of the positions along it (to cut cycles of captures and retakes), how far up the line
 * a repetition below the current node reached (a result that depends on the line's history is not
 * a fact about the position, so it must not be cached) and, per node, the moves with which the
 * opponent refuted its candidates (tried as candidates themselves near the root).
 */
export class ReadingLine {
  private readonly pathLo: Uint32Array;
  private readonly pathHi: Uint32Array;
  private readonly refutes: Int32Array[] = [];
  private readonly refuteCount: number[] = [];
  /** The least depth of a position repeated below the current node (see enterNode). */
  private repeatDepth = NO_REPEAT;

  constructor(
    private readonly refutesPerNode = 64,
    maxDepth = 127,
  ) {
    this.pathLo = new Uint32Array(maxDepth + 1);
    this.pathHi = new Uint32Array(maxDepth + 1);
  }

  /**
   * Records the position (its key) at this depth of the line and tells whether it already stood
   * earlier in the line with the same side to move (a cycle of captures and retakes); the nodes
   * between the two then read a result that depends on the line (see leaveNode).
   */
  repeats(depth: number, lo: number, hi: number): boolean {
    const pl = this.pathLo;
    const ph = this.pathHi;
    if (depth >= pl.length) return false;
    pl[depth] = lo;
    ph[depth] = hi;
    for (let j = depth - 2; j >= 0; j -= 2)
      if (pl[j] === lo && ph[j] === hi) {
        if (j < this.repeatDepth) this.repeatDepth = j;
        return true;
      }
    return false;
  }

  /** Starts reading a node's moves; what it returns goes back to leaveNode. */
  enterNode(): number {
    const above = this.repeatDepth;
    this.repeatDepth = NO_REPEAT;
    return above;
  }

  /**
   * Ends the node at this depth (entered with enterNode, which returned `above`): whether its
   * result holds for the position whatever line led there, i.e. no line below it repeated a
   * position above it (semeai 140: a line that repeated the root's position left a both-living
   * result in the table, which a later line, with no repetition, took for its own).
   */
  leaveNode(depth: number, above: number): boolean {
    const free = this.repeatDepth >= depth;
    if (above < this.repeatDepth) this.repeatDepth = above;
    return free;
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
