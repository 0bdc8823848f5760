/**
 * mulberry32, a small seeded generator: the next unsigned 32-bit word of the sequence. The
 * engine's hash keys, the fixture scripts and the randomised tests all use it so their runs are
 * reproducible from a seed.
 */
export function seededWordGenerator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Seeded numbers in [0, 1) from `seededWordGenerator` (reproducible random games and inputs). */
export function seededRandom(seed: number): () => number {
  const next = seededWordGenerator(seed);
  return () => next() / 4294967296;
}

/** `count` seeded random 32-bit words, e.g. Zobrist keys that must be the same in every process. */
export function seededWords(count: number, seed: number): Uint32Array {
  const next = seededWordGenerator(seed);
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) out[i] = next();
  return out;
}
