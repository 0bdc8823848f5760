/**
 * The tactical cache of small eye problems: an open-addressing hash table from exact position
 * keys below 2^28 to 4-bit values, one 32-bit word per slot (key * 16 + value; 0 = free, a stored
 * value is never 0). Like TranspositionTable it never evicts (the open-node rule needs every entry
 * it wrote) and doubles instead.
 *
 * Why: a reading of an 11- or 12-point shape stores a few hundred thousand positions, and the
 * 64-bit keyed table's 12-byte slots outgrow the processor's caches, so nearly every probe was a
 * cache miss (a tenth of the reader's time). An exact key (base 3 over at most 17 vertices, with
 * the ko flag) fits 28 bits, so a slot shrinks to 4 bytes and a probe to one word; being exact, it
 * finds the same entries as the 64-bit Zobrist key, so the reading and its answers are unchanged.
 */
export class PackedTable {
  private slots: Uint32Array;
  /** log2 of the slot count. */
  private bits: number;
  private mask: number;
  /** Entries stored. */
  size = 0;
  /**
   * The slot of the key the last set or openIfUnknown wrote, and how many times the table had
   * grown then (`grown`): a key keeps its slot until the table grows (no deletions), so updateAt
   * can write a result there without probing again.
   */
  lastSlot = 0;
  grown = 0;

  /** Largest key + 1. */
  static readonly KEY_LIMIT = 1 << 28;

  /** An empty table with room for about `capacity` entries before it first grows. */
  constructor(capacity = 1 << 12) {
    let bits = 4;
    while (1 << bits < capacity * 2) bits++;
    this.bits = bits;
    this.slots = new Uint32Array(1 << bits);
    this.mask = (1 << bits) - 1;
  }

  /** Index of key's slot, or of the free slot where it would go. */
  private find(key: number): number {
    // Fibonacci hashing: the top bits of key * 2^32/phi spread the structured exact keys.
    let slot = Math.imul(key, 0x9e3779b1) >>> (32 - this.bits);
    const slots = this.slots;
    for (;;) {
      const word = slots[slot];
      if (word === 0 || word >>> 4 === key) return slot;
      slot = (slot + 1) & this.mask;
    }
  }

  /** The value stored under key, or 0. */
  get(key: number): number {
    return this.slots[this.find(key)] & 15;
  }

  /** Stores a non-zero value under key. */
  set(key: number, value: number): void {
    let slot = this.find(key);
    if (this.slots[slot] === 0) slot = this.claim(key, slot);
    this.slots[slot] = key * 16 + value;
    this.lastSlot = slot;
  }

  /**
   * The value under key (0 if absent); when none of its bits `mask` is set, also sets the bits
   * `open` in the stored value, in the same probe.
   */
  openIfUnknown(key: number, mask: number, open: number): number {
    let slot = this.find(key);
    const old = this.slots[slot] & 15;
    if ((old & mask) !== 0) return old;
    if (old === 0) slot = this.claim(key, slot);
    this.slots[slot] = key * 16 + (old | open);
    this.lastSlot = slot;
    return old;
  }

  /** Replaces the bits `clear` of the value under key (0 if absent) by `bits` (non-zero). */
  update(key: number, clear: number, bits: number): void {
    let slot = this.find(key);
    const old = this.slots[slot] & 15;
    if (old === 0) slot = this.claim(key, slot);
    this.slots[slot] = key * 16 + ((old & ~clear) | bits);
  }

  /**
   * update(key, clear, bits) for the key at `slot` as lastSlot gave it when the table had grown
   * `grown` times: written there when it has not grown since, else found again.
   */
  updateAt(slot: number, grown: number, key: number, clear: number, bits: number): void {
    if (grown !== this.grown) {
      this.update(key, clear, bits);
      return;
    }
    const slots = this.slots;
    slots[slot] = key * 16 + ((slots[slot] & 15 & ~clear) | bits);
  }

  /** Counts a new entry at the free slot `slot`, growing first when due; the slot to write. */
  private claim(key: number, slot: number): number {
    if ((this.size + 1) * 2 > this.mask + 1) {
      this.grow();
      slot = this.find(key);
    }
    this.size++;
    return slot;
  }

  private grow(): void {
    const old = this.slots;
    this.grown++;
    this.bits++;
    this.slots = new Uint32Array(1 << this.bits);
    this.mask = (1 << this.bits) - 1;
    for (let i = 0; i < old.length; i++) {
      const word = old[i];
      if (word !== 0) this.slots[this.find(word >>> 4)] = word;
    }
  }
}
