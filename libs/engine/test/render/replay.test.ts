import { describe, expect, it } from 'vitest';
import { parsePictureVertex, pictureMovesFromPairs, RenderInputError, replayStones } from '../../src/render';

function rows(stones: Uint8Array, size: number): string[] {
  return Array.from({ length: size }, (_, y) =>
    Array.from(stones.subarray(y * size, y * size + size), (c) => '.XO'[c]).join(''),
  );
}

describe('parsePictureVertex', () => {
  it('reads GTP vertices with the I skipped and rows from the bottom', () => {
    expect(parsePictureVertex('A19', 19)).toEqual({ x: 0, y: 0 });
    expect(parsePictureVertex('j1', 19)).toEqual({ x: 8, y: 18 });
    expect(parsePictureVertex('Q16', 19)).toEqual({ x: 15, y: 3 });
    expect(parsePictureVertex('pass', 9)).toBeNull();
  });

  it.each(['I5', 'K10', 'A0', 'Z', ''])('rejects %j on 9x9 naming the field', (t) => {
    expect(() => parsePictureVertex(t, 9, 'moves[3]')).toThrow(/^moves\[3\]: /);
  });
});

describe('replayStones', () => {
  it('captures a surrounded stone and keeps the capturer', () => {
    const moves = pictureMovesFromPairs(
      [
        ['B', 'B2'],
        ['W', 'B3'],
        ['B', 'A3'],
        ['W', 'pass'],
        ['B', 'C3'],
        ['W', 'E5'],
        ['B', 'B4'],
      ],
      5,
    );
    expect(rows(replayStones(5, [], moves), 5)).toEqual(['....O', '.X...', 'X.X..', '.X...', '.....']);
  });

  it('captures a two-stone chain in the corner and places setup stones first', () => {
    const setup = pictureMovesFromPairs(
      [
        ['W', 'A1'],
        ['W', 'B1'],
        ['B', 'A2'],
      ],
      5,
    );
    const moves = pictureMovesFromPairs(
      [
        ['B', 'B2'],
        ['W', 'E5'],
        ['B', 'C1'],
      ],
      5,
    );
    expect(rows(replayStones(5, setup, moves), 5)).toEqual(['....O', '.....', '.....', 'XX...', '..X..']);
  });

  it('removes a suicided chain and rejects a move on a stone', () => {
    const setup = pictureMovesFromPairs(
      [
        ['B', 'A2'],
        ['B', 'B1'],
      ],
      5,
    );
    expect(rows(replayStones(5, setup, pictureMovesFromPairs([['W', 'A1']], 5)), 5)[4]).toBe('.X...');
    expect(() => replayStones(5, setup, pictureMovesFromPairs([['W', 'B1']], 5))).toThrow(RenderInputError);
    expect(() => pictureMovesFromPairs([['R', 'A1']], 5)).toThrow(/^moves\[0\]: colour/);
  });
});
