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
