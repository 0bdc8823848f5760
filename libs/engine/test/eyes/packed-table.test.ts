import { describe, expect, it } from 'vitest';
import { PackedTable } from '../../src/eyes/packed-table';
import { TranspositionTable } from '../../src/eyes/transposition';
import { seededRandom } from '../../src/board/random';

describe('the eye reader cache tables', () => {
  it('PackedTable answers as TranspositionTable does through growth, on keys up to 2^28', () => {
    const random = seededRandom(11);
    const packed = new PackedTable(4);
    const wide = new TranspositionTable(4);
    const keys: number[] = [];
    for (let i = 0; i < 20000; i++) {
      const key =
        keys.length > 0 && random() < 0.4
          ? keys[Math.floor(random() * keys.length)]
          : Math.floor(random() * PackedTable.KEY_LIMIT);
      keys.push(key);
      const op = Math.floor(random() * 4);
      const mask = random() < 0.5 ? 3 : 12;
      const bits = 1 + Math.floor(random() * 15);
      if (op === 0) {
        packed.set(key, bits);
        wide.set(key, 7, bits);
      } else if (op === 1) {
        expect(packed.openIfUnknown(key, mask, mask & 5)).toBe(wide.openIfUnknown(key, 7, mask, mask & 5));
      } else if (op === 2) {
        packed.update(key, mask, mask & bits || mask);
        wide.update(key, 7, mask, mask & bits || mask);
      }
      expect(packed.get(key)).toBe(wide.get(key, 7));
    }
    expect(packed.size).toBe(wide.size);
    for (const key of keys) expect(packed.get(key)).toBe(wide.get(key, 7));
    expect(packed.get(PackedTable.KEY_LIMIT - 1)).toBe(wide.get(PackedTable.KEY_LIMIT - 1, 7));
  });

  it('updateAt writes at the slot lastSlot named, and finds the key again once the table grew', () => {
    const random = seededRandom(7);
    const packed = new PackedTable(4);
    const wide = new TranspositionTable(4);
    // As the reader uses it: a node's probe, other keys written beneath it (growing the table now
    // and then), then the node's result at the slot its probe wrote.
    const open: { key: number; slot: number; grown: number }[] = [];
    let grewUnder = 0;
    for (let i = 0; i < 20000; i++) {
      if (open.length > 0 && (random() < 0.45 || open.length > 30)) {
        const { key, slot, grown } = open.pop()!;
        if (grown !== packed.grown) grewUnder++;
        const bits = random() < 0.5 ? 3 : 2;
        packed.updateAt(slot, grown, key, 3, bits);
        wide.update(key, 7, 3, bits);
        expect(packed.get(key)).toBe(wide.get(key, 7));
        continue;
      }
      const key = Math.floor(random() * 5000);
      const old = packed.openIfUnknown(key, 3, 1);
      expect(old).toBe(wide.openIfUnknown(key, 7, 3, 1));
      if ((old & 3) === 0) open.push({ key, slot: packed.lastSlot, grown: packed.grown });
    }
    expect(grewUnder).toBeGreaterThan(0);
    expect(packed.size).toBe(wide.size);
    for (let key = 0; key < 5000; key++) expect(packed.get(key)).toBe(wide.get(key, 7));
  });

  it('keeps keys 0 and the largest apart from free slots', () => {
    const t = new PackedTable(2);
    expect(t.get(0)).toBe(0);
    t.set(0, 2);
    t.set(PackedTable.KEY_LIMIT - 1, 15);
    for (let k = 1; k < 100; k++) t.set(k, 1);
    expect(t.get(0)).toBe(2);
    expect(t.get(PackedTable.KEY_LIMIT - 1)).toBe(15);
    expect(t.size).toBe(101);
  });
});
