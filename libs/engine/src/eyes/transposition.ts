/**
 * An open-addressing hash table from 64-bit keys (two uint32 halves) to small non-zero values, on
 * one flat typed array. It never evicts: the eye reader's open-node rule needs every entry it wrote
 * (a replacement scheme would change its answers), so the table doubles instead. A JS Map would
 * also do, but it stops at 2^24 entries and boxes keys above 2^31.
 *
 * Layout: a slot is three consecutive words (key lo, key hi, value), so a probe reads one cache
 * line where three parallel arrays cost three misses; a big reading's table (a million entries)
 * is far beyond the processor's caches, and the probes were a tenth of the reader's time.
 */
export class TranspositionTable {
  /** Slot s: words 3s (key lo), 3s + 1 (key hi), 3s + 2 (value; 0 = free slot, never stored). */
  private slots: Int32Array;
  private mask: number;
  /** Entries stored. */
  size = 0;

  /** An empty table with room for about `capacity` entries before it first grows. */
  constructor(capacity = 1 << 12) {
    let slots = 16;
    while (slots < capacity * 2) slots *= 2;
    this.slots = new Int32Array(slots * 3);
    this.mask = slots - 1;
  }

  /** Index of the value word of (lo, hi)'s slot, or of the free slot where it would go. */
  private find(lo: number, hi: number): number {
    // The key is already a uniform hash; mix the halves so both count.
    let slot = (lo ^ Math.imul(hi, 0x9e3779b1)) & this.mask;
    const slots = this.slots;
    for (;;) {
      const at = slot * 3;
      if (slots[at + 2] === 0 || (slots[at] === lo && slots[at + 1] === hi)) return at + 2;
      slot = (slot + 1) & this.mask;
    }
  }

  /** Claims the free slot whose value word is at `at` for (lo, hi); the value word to write. */
  private claim(lo: number, hi: number, at: number): number {
    if ((this.size + 1) * 2 > this.mask + 1) {
      this.grow();
      at = this.find(lo, hi);
    }
    this.size++;
    this.slots[at - 2] = lo;
    this.slots[at - 1] = hi;
    return at;
  }

  /** The value stored under (lo, hi), or 0. */
  get(lo: number, hi: number): number {
    return this.slots[this.find(lo | 0, hi | 0)];
  }

  /** Stores a non-zero value under (lo, hi). */
  set(lo: number, hi: number, value: number): void {
    lo |= 0;
    hi |= 0;
    let at = this.find(lo, hi);
    if (this.slots[at] === 0) at = this.claim(lo, hi, at);
    this.slots[at] = value;
  }

  /**
   * The value under (lo, hi) (0 if absent); when none of its bits `mask` is set, also sets the
   * bits `open` in the stored value, in the same probe.
   */
  openIfUnknown(lo: number, hi: number, mask: number, open: number): number {
    lo |= 0;
    hi |= 0;
    let at = this.find(lo, hi);
    const old = this.slots[at];
    if ((old & mask) !== 0) return old;
    if (old === 0) at = this.claim(lo, hi, at);
    this.slots[at] = old | open;
    return old;
  }

  /** Replaces the bits `clear` of the value under (lo, hi) (0 if absent) by `bits` (non-zero). */
  update(lo: number, hi: number, clear: number, bits: number): void {
    lo |= 0;
    hi |= 0;
    let at = this.find(lo, hi);
    const old = this.slots[at];
    if (old === 0) at = this.claim(lo, hi, at);
    this.slots[at] = (old & ~clear) | bits;
  }

  private grow(): void {
    const old = this.slots;
    const count = (this.mask + 1) * 2;
    this.slots = new Int32Array(count * 3);
    this.mask = count - 1;
    for (let at = 0; at < old.length; at += 3) {
      if (old[at + 2] === 0) continue;
      const to = this.find(old[at], old[at + 1]);
      this.slots[to - 2] = old[at];
      this.slots[to - 1] = old[at + 1];
      this.slots[to] = old[at + 2];
    }
  }
}
