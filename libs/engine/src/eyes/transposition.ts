/**
 * An open-addressing hash table from 64-bit keys (two uint32 halves) to small non-zero values, on
 * flat typed arrays. It never evicts: the eye reader's open-node rule needs every entry it wrote
 * (a replacement scheme would change its answers), so the table doubles instead. A JS Map would
 * also do, but it stops at 2^24 entries and boxes keys above 2^31.
 */
export class TranspositionTable {
  private keysLo: Uint32Array;
  private keysHi: Uint32Array;
  /** 0 = free slot; stored values are never 0. */
  private values: Uint8Array;
  private mask: number;
  /** Entries stored. */
  size = 0;

  /** An empty table with room for about `capacity` entries before it first grows. */
  constructor(capacity = 1 << 12) {
    let slots = 16;
    while (slots < capacity * 2) slots *= 2;
    this.keysLo = new Uint32Array(slots);
    this.keysHi = new Uint32Array(slots);
    this.values = new Uint8Array(slots);
    this.mask = slots - 1;
  }

  private slotOf(lo: number, hi: number): number {
    // The key is already a uniform hash; mix the halves so both count.
    let slot = ((lo ^ Math.imul(hi, 0x9e3779b1)) >>> 0) & this.mask;
    const { keysLo, keysHi, values } = this;
    while (values[slot] !== 0 && (keysLo[slot] !== lo || keysHi[slot] !== hi)) {
      slot = (slot + 1) & this.mask;
    }
    return slot;
  }

  /** The value stored under (lo, hi), or 0. */
  get(lo: number, hi: number): number {
    return this.values[this.slotOf(lo >>> 0, hi >>> 0)];
  }

  /** Stores a non-zero value under (lo, hi). */
  set(lo: number, hi: number, value: number): void {
    lo >>>= 0;
    hi >>>= 0;
    let slot = this.slotOf(lo, hi);
    if (this.values[slot] === 0) {
      if ((this.size + 1) * 4 > this.values.length * 3) {
        this.grow();
        slot = this.slotOf(lo, hi);
      }
      this.size++;
      this.keysLo[slot] = lo;
      this.keysHi[slot] = hi;
    }
    this.values[slot] = value;
  }

  openIfUnknown(lo: number, hi: number, mask: number, open: number): number {
    lo >>>= 0;
    hi >>>= 0;
    let slot = this.slotOf(lo, hi);
    const old = this.values[slot];
    if ((old & mask) !== 0) return old;
    if (old === 0) {
      if ((this.size + 1) * 4 > this.values.length * 3) {
        this.grow();
        slot = this.slotOf(lo, hi);
      }
      this.size++;
      this.keysLo[slot] = lo;
      this.keysHi[slot] = hi;
    }
    this.values[slot] = old | open;
    return old;
  }

  /** Replaces the bits `clear` of the value under (lo, hi) (0 if absent) by `bits` (non-zero). */
  update(lo: number, hi: number, clear: number, bits: number): void {
    lo >>>= 0;
    hi >>>= 0;
    const slot = this.slotOf(lo, hi);
    const old = this.values[slot];
    if (old === 0) this.set(lo, hi, bits);
    else this.values[slot] = (old & ~clear) | bits;
  }

  private grow(): void {
    const { keysLo, keysHi, values } = this;
    const slots = values.length * 2;
    this.keysLo = new Uint32Array(slots);
    this.keysHi = new Uint32Array(slots);
    this.values = new Uint8Array(slots);
    this.mask = slots - 1;
    for (let i = 0; i < values.length; i++) {
      if (values[i] === 0) continue;
      const slot = this.slotOf(keysLo[i], keysHi[i]);
      this.keysLo[slot] = keysLo[i];
      this.keysHi[slot] = keysHi[i];
      this.values[slot] = values[i];
    }
  }
}
