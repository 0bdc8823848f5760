/**
 * A transposition table for reading results keyed by the 64-bit Zobrist hash (two uint32 halves),
 * a point (the string or dragon the question is about) and the question. Collisions of the low half
 * are told apart by the high half; the table is cleared when it grows past `capacity` entries.
 */
export class TranspositionTable {
  private readonly values = new Map<number, number>();
  private readonly checks = new Map<number, number>();

  constructor(readonly capacity = 200_000) {}

  private key(lo: number, point: number, op: number): number {
    // 32 bits of hash, 10 bits of point (boards up to 25x25: 729 points), 3 bits of question.
    return (lo >>> 0) * 8192 + ((point & 1023) << 3) + (op & 7);
  }

  /** The stored packed result, or -1. */
  get(lo: number, hi: number, point: number, op: number): number {
    const k = this.key(lo, point, op);
    const v = this.values.get(k);
    if (v === undefined || this.checks.get(k) !== hi >>> 0) return -1;
    return v;
  }

  set(lo: number, hi: number, point: number, op: number, value: number): void {
    if (this.values.size >= this.capacity) this.clear();
    const k = this.key(lo, point, op);
    this.values.set(k, value);
    this.checks.set(k, hi >>> 0);
  }

  /** Forgets every entry. */
  clear(): void {
    this.values.clear();
    this.checks.clear();
  }

  get size(): number {
    return this.values.size;
  }
}
