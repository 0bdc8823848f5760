import type { JobSpec } from './job-spec';

/**
 * Most moves handled between two turns of the event loop while a batch is prepared, stored and
 * queued: hashing, JSON and Redis commands cost about 0.1 ms per 1,000 moves each, so a slice
 * stays a few milliseconds while a batch of 500 turns holds up to 250,000 moves.
 */
export const MOVES_PER_SLICE = 5_000;

/** Lets timers, I/O and other requests run before the next slice (setImmediate: after I/O). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** How much a job's input weighs in a slice: its moves and setup stones (an eye graph: 1). */
export function weightOf(spec: JobSpec): number {
  return spec.kind === 'position' ? 1 + spec.input.moves.length + spec.input.initialStones.length : 1;
}

/**
 * `items` cut in order into slices of at most `budget` weight (an item heavier than the budget
 * is a slice alone). Pure.
 */
export function slicesOf<T>(
  items: readonly T[],
  weight: (item: T) => number,
  budget = MOVES_PER_SLICE,
): T[][] {
  const slices: T[][] = [];
  let current: T[] = [];
  let load = 0;
  for (const item of items) {
    const w = weight(item);
    if (current.length > 0 && load + w > budget) {
      slices.push(current);
      current = [];
      load = 0;
    }
    current.push(item);
    load += w;
  }
  if (current.length > 0) slices.push(current);
  return slices;
}

/** `fn` over `items` in slices of `budget` weight, yielding to the event loop between slices. */
export async function mapInSlices<T, R>(
  items: readonly T[],
  weight: (item: T) => number,
  fn: (item: T) => R,
  budget = MOVES_PER_SLICE,
): Promise<R[]> {
  const out: R[] = [];
  const slices = slicesOf(items, weight, budget);
  for (let i = 0; i < slices.length; i++) {
    if (i > 0) await yieldToEventLoop();
    for (const item of slices[i]) out.push(fn(item));
  }
  return out;
}
