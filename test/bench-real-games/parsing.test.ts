import { describe, expect, it } from 'vitest';
import {
  GtpAnswerError,
  gtpBody,
  parseEstimateScore,
  parseVertexList,
} from '../../bench/support/real-games/gtp-answers';
import {
  countedResult,
  loadRealGames,
  ManifestError,
  parseRealGame,
} from '../../bench/support/real-games/manifest';
import { gamePositions, movesAt, parsePhases } from '../../bench/support/real-games/positions';

describe('real-games bench: GTP answers', () => {
  it('reads GNU Go estimate_score answers Black-positive, bounds included', () => {
    expect(parseEstimateScore('W+3.5 (upper bound: 5.0, lower: 2.0)')).toEqual({
      blackLead: -3.5,
      lower: -5,
      upper: -2,
    });
    expect(parseEstimateScore('B+0.7 (upper bound: 9.0, lower: -12.5)')).toEqual({
      blackLead: 0.7,
      lower: -9,
      upper: 12.5,
    });
    expect(parseEstimateScore('B+2.0')).toEqual({ blackLead: 2, lower: 2, upper: 2 });
    expect(parseEstimateScore('0')).toEqual({ blackLead: 0, lower: 0, upper: 0 });
    expect(() => parseEstimateScore('W+ three')).toThrow(GtpAnswerError);
  });

  it('takes the body of = answers and turns ? answers into errors with their message', () => {
    expect(gtpBody('= W+1.5 (upper bound: 1.5, lower: 1.5)\n\n')).toBe(
      'W+1.5 (upper bound: 1.5, lower: 1.5)',
    );
    expect(gtpBody('=12 C3 D4')).toBe('C3 D4');
    expect(gtpBody('= ')).toBe('');
    expect(() => gtpBody('? illegal move')).toThrow('illegal move');
    expect(() => gtpBody('hello')).toThrow(GtpAnswerError);
  });

  it('reads vertex lists one string per line, upper case, and refuses non-vertices', () => {
    expect(parseVertexList('A18 a17 B17\nE18 F18\n')).toEqual(['A18', 'A17', 'B17', 'E18', 'F18']);
    expect(parseVertexList('')).toEqual([]);
    expect(() => parseVertexList('A18 I5')).toThrow(GtpAnswerError);
  });
});

describe('real-games bench: manifest and positions', () => {
  it('reads counted results with Black positive and refuses the rest', () => {
    expect(countedResult('B+5.5')).toBe(5.5);
    expect(countedResult('W+0.5')).toBe(-0.5);
    for (const text of ['B+R', 'W+T', 'B+0.0', '0', 'Jigo']) expect(countedResult(text)).toBeNull();
  });

  it('names the game and the field of a bad manifest entry', () => {
    const good = loadRealGames()[0];
    expect(() => parseRealGame({ ...good, komi: 'six' }, 3)).toThrow(/games\[3\].*"komi"/);
    expect(() => parseRealGame({ ...good, result: { text: 'B+R', blackLead: 1 } }, 0)).toThrow(ManifestError);
    expect(() => parseRealGame({ ...good, result: { text: 'W+2.5', blackLead: 2.5 } }, 0)).toThrow(
      /"result"/,
    );
  });

  it('loads every committed game with a counted result, both sets and all three sizes', () => {
    const games = loadRealGames();
    expect(new Set(games.map((g) => g.set))).toEqual(new Set(['tune', 'check']));
    expect(new Set(games.map((g) => g.size))).toEqual(new Set([9, 13, 19]));
    expect(new Set(games.map((g) => g.rules))).toEqual(new Set(['japanese', 'chinese']));
  });

  it('places phases inside the game and parses --phases', () => {
    expect(movesAt(30, 100)).toBe(30);
    expect(movesAt(50, 45)).toBe(23);
    expect(movesAt(1, 10)).toBe(1);
    expect(movesAt('final', 45)).toBe(45);
    expect(parsePhases('30,final,30')).toEqual([30, 'final']);
    expect(() => parsePhases('30,100')).toThrow(/--phases/);
  });

  it('counts a stone as surviving only when it stays on its point to the end', () => {
    const game = loadRealGames().find((g) => g.size === 9);
    if (!game) throw new Error('no 9x9 game in the manifest');
    const [early, final] = gamePositions(game, [30, 'final']);
    expect(final.moves).toBe(game.moves);
    const finalStones = new Set([...final.stones.black, ...final.stones.white]);
    // At the end every stone on the board survives; earlier, survivors are on the board then and at the end.
    expect(final.survivors).toEqual(finalStones);
    for (const v of early.survivors) {
      expect(finalStones.has(v)).toBe(true);
      expect([...early.stones.black, ...early.stones.white]).toContain(v);
    }
    expect(early.stones.black.length + early.stones.white.length).toBeGreaterThan(0);
  });
});
