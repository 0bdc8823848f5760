import { describe, expect, it } from 'vitest';
import { Board } from '../../src/board/board';
import { BLACK, WHITE } from '../../src/board/color';
import { parseGtpVertex } from '../../src/board/coords';
import { DEFAULT_OWL_PARAMS, OwlReader } from '../../src/owl/owl';

/**
 * The owl's node cache is keyed by position: an answer read with other spheres of influence must
 * not be reused (OwlCache.readWith; changed marks of living stones are not checked). A lone black
 * stone at E5 on an empty 9x9 board, the enemy's sphere everywhere beyond `radius` steps from it.
 */
describe('owl: answers do not depend on questions asked before with other spheres', () => {
  const params = { ...DEFAULT_OWL_PARAMS, blockFirst: true, readDeadRoot: true };
  const board = Board.empty(9);
  const e5 = parseGtpVertex('E5', board.geo);
  board.play(e5, BLACK);
  const n = board.geo.arraySize;
  const column = (p: number) => p % board.geo.stride;
  const row = (p: number) => Math.floor(p / board.geo.stride);
  const fill = (sphere: Uint8Array, radius: number) => {
    for (const p of board.geo.points)
      sphere[p] = Math.abs(column(p) - column(e5)) + Math.abs(row(p) - row(e5)) > radius ? 1 : 0;
  };
  const spheres = (radius: number) => {
    const s = { [BLACK]: new Uint8Array(n), [WHITE]: new Uint8Array(n) };
    fill(s[BLACK], radius);
    return s;
  };
  const fresh = (radius: number) =>
    new OwlReader(board, spheres(radius), new Uint8Array(n), params).attack([e5]).code;

  it('a stone with one step of room is killed, with four it is not', () => {
    expect(fresh(1)).toBe(1);
    expect(fresh(4)).toBe(0);
  });

  it('a reader asked again after its spheres changed answers as a fresh one', () => {
    for (const before of [1, 2, 3, 4])
      for (const after of [1, 2, 3, 4]) {
        const s = spheres(before);
        const owl = new OwlReader(board, s, new Uint8Array(n), params);
        owl.attack([e5]);
        fill(s[BLACK], after);
        expect(owl.attack([e5]).code, `${before} -> ${after}`).toBe(fresh(after));
      }
  });
});
