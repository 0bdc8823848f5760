import { renderBoardSvg } from '@moyo/engine';
import { describe, expect, it } from 'vitest';
import {
  jobPicture,
  parseMoveQuery,
  parseOverlayQuery,
  PictureRequestError,
} from '../../src/boards/job-picture';

const input = {
  boardXSize: 9,
  boardYSize: 9,
  komi: 6.5,
  rules: 'japanese',
  initialStones: [['B', 'C3']],
  moves: [
    ['W', 'G7'],
    ['B', 'C7'],
    ['W', 'G3'],
    ['B', 'pass'],
    ['W', 'E5'],
  ],
};

function stoneCount(stones: ArrayLike<number>): number {
  return Array.from(stones).filter((c) => c !== 0).length;
}

describe('jobPicture', () => {
  it('draws the analyzed turn by default, ringing the last move', () => {
    const { picture, move, totalMoves } = jobPicture(
      { id: 'j', status: 'queued', input, result: null },
      { overlays: [] },
    );
    expect(move).toBe(5);
    expect(totalMoves).toBe(5);
    expect(stoneCount(picture.stones as Uint8Array)).toBe(5);
    expect(picture.lastMove).toEqual({ x: 4, y: 4 });
  });

  it('steps back through moves; a pass leaves no ring', () => {
    const at4 = jobPicture({ id: 'j', status: 'completed', input, result: {} }, { overlays: [], move: 4 });
    expect(stoneCount(at4.picture.stones as Uint8Array)).toBe(4);
    expect(at4.picture.lastMove).toBeNull();
    const at0 = jobPicture({ id: 'j', status: 'completed', input, result: {} }, { overlays: [], move: 0 });
    expect(stoneCount(at0.picture.stones as Uint8Array)).toBe(1);
    expect(() =>
      jobPicture({ id: 'j', status: 'completed', input, result: {} }, { overlays: [], move: 6 }),
    ).toThrow(/^move: the game has 5 moves/);
  });

  it('takes stored overlays at the analyzed turn, computes Bouzy maps otherwise, and lists what is missing', () => {
    const ownership = new Array(81).fill(0.5);
    const result = { ownership, deadStones: ['G3'] };
    const done = jobPicture(
      { id: 'j', status: 'completed', input, result },
      { overlays: ['ownership', 'dead', 'territory'] },
    );
    expect(done.picture.overlays?.map((o) => o.kind)).toEqual(['ownership', 'dead', 'owners']);
    expect(done.missing).toEqual([]);
    const earlier = jobPicture(
      { id: 'j', status: 'completed', input, result },
      { overlays: ['ownership', 'dead', 'moyo'], move: 2 },
    );
    expect(earlier.picture.overlays?.map((o) => o.kind)).toEqual(['owners']);
    expect(earlier.missing).toEqual(['ownership', 'dead']);
    expect(renderBoardSvg(done.picture)).toContain('class="dead"');
  });

  it('answers field-named errors for bad jobs and queries', () => {
    expect(() =>
      jobPicture({ id: 'j', status: 'queued', input: { graph: 'x' }, result: null }, { overlays: [] }),
    ).toThrow(PictureRequestError);
    const bad = { ...input, moves: [['W', 'Z99']] };
    expect(() =>
      jobPicture({ id: 'j', status: 'queued', input: bad, result: null }, { overlays: [] }),
    ).toThrow(/^moves\[0\]: /);
    expect(() => parseOverlayQuery('territory,heat')).toThrow(/^overlay: unknown overlay 'heat'/);
    expect(parseOverlayQuery(['territory,moyo', 'territory', 'none'])).toEqual(['territory', 'moyo']);
    expect(() => parseMoveQuery('-1')).toThrow(/^move: /);
    expect(parseMoveQuery(undefined)).toBeUndefined();
  });

  it('replays an sgf input (setup stones, moves, passes) the same way', () => {
    const sgf = '(;GM[1]SZ[9]AB[cg]AW[ee];B[gc];W[];B[cc])';
    const all = jobPicture({ id: 'j', status: 'queued', input: { sgf }, result: null }, { overlays: [] });
    expect(all.totalMoves).toBe(3);
    expect(stoneCount(all.picture.stones as Uint8Array)).toBe(4);
    expect(all.picture.lastMove).toEqual({ x: 2, y: 2 });
    const turn = jobPicture(
      { id: 'j', status: 'queued', input: { sgf, moveNumber: 1 }, result: null },
      { overlays: [] },
    );
    expect(turn.move).toBe(1);
    expect(stoneCount(turn.picture.stones as Uint8Array)).toBe(3);
    expect(() =>
      jobPicture({ id: 'j', status: 'queued', input: { sgf: '(;SZ[99])' }, result: null }, { overlays: [] }),
    ).toThrow(/^sgf: /);
  });
});
