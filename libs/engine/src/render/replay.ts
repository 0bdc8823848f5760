import type { PictureVertex } from './model';
import { RenderInputError } from './picture-input';
import { GTP_LETTERS } from './svg-format';

/** A move as a picture needs it: colour and vertex (null = pass). */
export interface PictureMove {
  readonly color: 1 | 2;
  readonly vertex: PictureVertex | null;
}

/**
 * Reads a GTP vertex (`Q16`, `q16`, `pass`) on a board of `size`: null for a pass. Throws
 * RenderInputError naming `field` when it is not a vertex on this board. Does not mutate.
 */
export function parsePictureVertex(text: string, size: number, field = 'vertex'): PictureVertex | null {
  if (typeof text !== 'string') throw new RenderInputError(field, 'must be a GTP vertex such as D4 or pass');
  const t = text.trim().toUpperCase();
  if (t === 'PASS') return null;
  const m = /^([A-HJ-Z])(\d{1,2})$/.exec(t);
  const x = m ? GTP_LETTERS.indexOf(m[1]) : -1;
  const row = m ? Number(m[2]) : 0;
  if (!m || x >= size || row < 1 || row > size) {
    throw new RenderInputError(field, `'${text}' is not a vertex on a ${size}x${size} board`);
  }
  return { x, y: size - row };
}

/**
 * Moves from KataGo-style pairs (`[["B","Q16"],["W","pass"]]`). Throws RenderInputError naming
 * `field[i]` on a bad colour or vertex. Does not mutate.
 */
export function pictureMovesFromPairs(
  pairs: readonly (readonly [string, string])[],
  size: number,
  field = 'moves',
): PictureMove[] {
  if (!Array.isArray(pairs)) throw new RenderInputError(field, 'must be a list of [colour, vertex] pairs');
  return pairs.map((pair, i) => {
    const c = Array.isArray(pair) ? String(pair[0]).toUpperCase() : '';
    if (c !== 'B' && c !== 'W') throw new RenderInputError(`${field}[${i}]`, 'colour must be B or W');
    return { color: c === 'B' ? 1 : 2, vertex: parsePictureVertex(pair[1], size, `${field}[${i}]`) };
  });
}

/**
 * Row-major stones (0/1/2) after placing `setup` stones and then playing `moves`, removing
 * captured chains (the mover's own chain too when it has no liberty left, as under suicide-allowing
 * rules). For drawing only: it does not judge ko or superko, which the engine's game record does
 * before a job is accepted. Throws RenderInputError naming `moves[i]` when a move lands on a stone.
 * Allocates; does not mutate its inputs.
 */
export function replayStones(
  size: number,
  setup: readonly PictureMove[],
  moves: readonly PictureMove[],
): Uint8Array {
  const stones = new Uint8Array(size * size);
  for (const s of setup) if (s.vertex) stones[s.vertex.y * size + s.vertex.x] = s.color;
  const seen = new Uint8Array(size * size);
  const chain: number[] = [];
  const neighbours = (i: number): number[] => {
    const x = i % size;
    const out: number[] = [];
    if (x > 0) out.push(i - 1);
    if (x < size - 1) out.push(i + 1);
    if (i >= size) out.push(i - size);
    if (i < size * size - size) out.push(i + size);
    return out;
  };
  // Collects the chain at `start` into `chain`; true when it has a liberty.
  const collect = (start: number): boolean => {
    seen.fill(0);
    chain.length = 0;
    const color = stones[start];
    const stack = [start];
    seen[start] = 1;
    let free = false;
    while (stack.length) {
      const p = stack.pop()!;
      chain.push(p);
      for (const n of neighbours(p)) {
        if (seen[n]) continue;
        if (stones[n] === 0) free = true;
        else if (stones[n] === color) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    return free;
  };
  moves.forEach((m, k) => {
    if (!m.vertex) return;
    const i = m.vertex.y * size + m.vertex.x;
    if (stones[i] !== 0) throw new RenderInputError(`moves[${k}]`, 'plays on an occupied point');
    stones[i] = m.color;
    for (const n of neighbours(i)) {
      if (stones[n] !== 0 && stones[n] !== m.color && !collect(n)) for (const p of chain) stones[p] = 0;
    }
    if (!collect(i)) for (const p of chain) stones[p] = 0;
  });
  return stones;
}
