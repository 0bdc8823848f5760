import { describe, expect, it } from 'vitest';
import { GameTracker, UnfollowableGameError } from '../../src/follow/game-tracker';
import type { OgsGameData } from '../../src/ogs/protocol';

function gamedata(moves: OgsGameData['moves'], extra: Partial<OgsGameData> = {}): OgsGameData {
  return { game_id: 7, width: 19, height: 19, komi: 6.5, rules: 'japanese', moves, phase: 'play', ...extra };
}

describe('GameTracker', () => {
  it('reads OGS [x, y] from the top-left as GTP vertices, passes included, colours alternating', () => {
    const t = new GameTracker(7);
    t.applyGameData(
      gamedata([
        [15, 3, 100],
        [3, 15, 100],
        [-1, -1, 100],
        [0, 0],
        [18, 18],
      ]),
    );
    expect(t.moveCount).toBe(5);
    expect([1, 2, 3, 4, 5].map((n) => t.move(n))).toEqual([
      ['B', 'Q16'],
      ['W', 'D4'],
      ['B', 'pass'],
      ['W', 'A19'],
      ['B', 'T1'],
    ]);
  });

  it('appends the next move, ignores repeats, buffers a move ahead until the gap fills', () => {
    const t = new GameTracker(7);
    t.applyGameData(gamedata([[3, 3]]));
    expect(t.applyMove({ game_id: 7, move_number: 1, move: [3, 3] })).toBe('duplicate');
    expect(t.applyMove({ game_id: 7, move_number: 3, move: [4, 4] })).toBe('buffered');
    expect(t.moveCount).toBe(1);
    expect(t.bufferedMoveNumbers).toEqual([3]);
    expect(t.applyMove({ game_id: 7, move_number: 2, move: [5, 5] })).toBe('appended');
    expect(t.moveCount).toBe(3);
    expect(t.bufferedMoveNumbers).toEqual([]);
    expect(t.move(3)).toEqual(['B', 'E15']);
    expect(t.applyMove({ game_id: 7, move_number: 2, move: [6, 6] })).toBe('conflict');
  });

  it('a gamedata fills gaps, drops buffered moves it covers, and reports the unchanged prefix after an undo', () => {
    const t = new GameTracker(7);
    expect(t.applyMove({ game_id: 7, move_number: 2, move: [1, 1] })).toBe('buffered');
    t.applyGameData(gamedata([[0, 0]]));
    expect(t.moveCount).toBe(2);
    const undo = t.applyGameData(
      gamedata([
        [0, 0],
        [2, 2],
      ]),
    );
    expect(undo.keptPrefix).toBe(1);
    expect(t.move(2)).toEqual(['W', 'C17']);
  });

  it('builds the job input: setup stones from initial_state, free handicap moves all Black', () => {
    const t = new GameTracker(7);
    t.applyGameData(
      gamedata(
        [
          [3, 3],
          [15, 15],
          [10, 10],
        ],
        {
          handicap: 2,
          free_handicap_placement: true,
          initial_state: { black: 'jj', white: '' },
        },
      ),
    );
    expect(t.positionAfter(3)).toEqual({
      boardXSize: 19,
      boardYSize: 19,
      komi: 6.5,
      rules: 'japanese',
      initialStones: [['B', 'K10']],
      moves: [
        ['B', 'D16'],
        ['B', 'Q4'],
        ['W', 'L9'],
      ],
    });
    expect(t.positionAfter(0).moves).toEqual([]);
  });

  it('follows the explicit colour of a move and initial_player white', () => {
    const t = new GameTracker(7);
    t.applyGameData(
      gamedata(
        [
          [3, 3],
          [4, 4, 0, 2],
        ],
        { initial_player: 'white' },
      ),
    );
    expect(t.move(1)).toEqual(['W', 'D16']);
    expect(t.move(2)).toEqual(['W', 'E15']);
  });

  it('reads the packed string form of moves (two letters a point, ".." a pass) in gamedata and move events', () => {
    const t = new GameTracker(7);
    t.applyGameData(gamedata('pddp..'));
    expect([1, 2, 3].map((n) => t.move(n))).toEqual([
      ['B', 'Q16'],
      ['W', 'D4'],
      ['B', 'pass'],
    ]);
    expect(t.applyMove({ game_id: 7, move_number: 4, move: 'aa' })).toBe('appended');
    expect(t.move(4)).toEqual(['W', 'A19']);
    expect(t.applyMove({ game_id: 7, move_number: 4, move: 'aa' })).toBe('duplicate');
    expect(() => t.applyMove({ game_id: 7, move_number: 5, move: 'a' })).toThrow(
      /OGS game 7 cannot be followed: move 5: moves "a" are neither arrays nor pairs of letters/,
    );
    expect(() => new GameTracker(8).applyGameData(gamedata('ab!'))).toThrow(
      /OGS game 8 cannot be followed: gamedata: moves/,
    );
  });

  it("maps OGS rule names to the engine's (ing, nz) and refuses unknown ones, naming them", () => {
    const rulesOf = (rules: string) => {
      const t = new GameTracker(7);
      t.applyGameData(gamedata([], { rules }));
      return t.positionAfter(0).rules;
    };
    expect(rulesOf('ing')).toBe('tromp-taylor');
    expect(rulesOf('nz')).toBe('new-zealand');
    expect(rulesOf('japanese')).toBe('japanese');
    expect(rulesOf('AGA')).toBe('aga');
    expect(() => new GameTracker(9).applyGameData(gamedata([], { rules: 'frisbee' }))).toThrow(
      /OGS game 9 cannot be followed: rules "frisbee" are unknown/,
    );
  });

  it('refuses non-square boards and off-board moves, naming the game and the problem', () => {
    expect(() => new GameTracker(7).applyGameData(gamedata([], { width: 19, height: 13 }))).toThrow(
      /OGS game 7 cannot be followed: board 19x13 is not square/,
    );
    const t = new GameTracker(7);
    t.applyGameData(gamedata([]));
    expect(() => t.applyMove({ game_id: 7, move_number: 1, move: [19, 0] })).toThrow(UnfollowableGameError);
    expect(() => t.applyMove({ game_id: 7, move_number: 0, move: [1, 0] })).toThrow(/move_number 0/);
  });

  it('stops at the moves a position may have (2000, as the api): no job could hold more', () => {
    const passes = (n: number) => Array.from({ length: n }, () => [-1, -1] as [number, number]);
    const t = new GameTracker(7);
    t.applyGameData(gamedata(passes(2000)));
    expect(t.moveCount).toBe(2000);
    expect(() => t.applyMove({ game_id: 7, move_number: 2001, move: [-1, -1] })).toThrow(
      /OGS game 7 cannot be followed: the game reached move 2001, past the 2000 moves a position may have/,
    );
    expect(() => new GameTracker(7).applyGameData(gamedata(passes(2500)))).toThrow(/reached move 2500/);
  });
});
