import { describe, expect, it } from 'vitest';
import { analyzePosition, positionFromGame } from '../../src/analysis/registry';
import { territoryOfPosition } from '../../src/territory/analysis';
import { moveValues } from '../../src/territory/move-values';
import { formatGtpVertex } from '../../src/board/coords';
import {
  KataGoAnalysisEngine,
  analyzeTurn,
  gameAtTurn,
  normalCdf,
  parseKataGoInput,
  winrateOf,
  type KataGoQuery,
  type KataGoTurnResult,
} from '../../src/katago';

// The README's 9x9 session: Black to move after nine moves.
const MOVES = ['C3', 'G7', 'C7', 'G3', 'E5', 'E3', 'D3', 'E4', 'D4'].map((v, i) => [i % 2 ? 'W' : 'B', v]);
const QUERY = { id: 'r', moves: MOVES, rules: 'japanese', komi: 6.5, boardXSize: 9, boardYSize: 9 };

function run(extra: Record<string, unknown> = {}): KataGoTurnResult[] {
  const engine = new KataGoAnalysisEngine();
  const immediate = engine.submit({ ...QUERY, ...extra });
  expect(immediate.filter((l) => 'error' in l)).toEqual([]);
  const out: KataGoTurnResult[] = [];
  for (let r = engine.next(); r; r = engine.next()) out.push(r as KataGoTurnResult);
  return out;
}

function query(extra: Record<string, unknown> = {}): KataGoQuery {
  const p = parseKataGoInput({ ...QUERY, ...extra });
  if (p.kind !== 'query') throw new Error(p.kind);
  return p.query;
}

describe('winrate from the score', () => {
  it('is the normal distribution of the lead over its spread', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
    expect(winrateOf(10, 10)).toBeCloseTo(normalCdf(1), 9);
    expect(winrateOf(-3, 0)).toBeCloseTo(normalCdf(-6), 9); // spread at least half a point
  });
});

describe('one analysed turn', () => {
  it('takes score and ownership from the territory analysis, in the asked perspective', () => {
    const position = positionFromGame(gameAtTurn(query(), MOVES.length));
    const territory = territoryOfPosition(position);
    const [black] = run({ includeOwnership: true, overrideSettings: { reportAnalysisWinratesAs: 'BLACK' } });
    const [white] = run({ includeOwnership: true, overrideSettings: { reportAnalysisWinratesAs: 'WHITE' } });
    const [side] = run({ includeOwnership: true });
    expect(black.turnNumber).toBe(9);
    expect(black.rootInfo.currentPlayer).toBe('W');
    expect(black.rootInfo.scoreLead).toBeCloseTo(territory.score.lead, 3);
    expect(white.rootInfo.scoreLead).toBeCloseTo(-territory.score.lead, 3);
    expect(side).toEqual(white); // White is to move
    expect(black.rootInfo.winrate + white.rootInfo.winrate).toBeCloseTo(1, 5);
    expect(black.rootInfo.winrate).toBeCloseTo(
      normalCdf(black.rootInfo.scoreLead / black.rootInfo.scoreStdev),
      4,
    );
    expect(black.ownership).toHaveLength(81);
    expect(black.ownership![0]).toBeCloseTo(territory.ownership[position.board.geo.points[0]], 5);
    expect(white.ownership![40]).toBeCloseTo(-black.ownership![40], 6);
    expect(black.ownershipStdev).toBeUndefined();
  });

  it('ranks the move values best first, shares the visits by points lost, keeps the filters working', () => {
    const [turn] = run({ maxVisits: 200, includeOwnershipStdev: true });
    const position = positionFromGame(gameAtTurn(query(), MOVES.length));
    const values = moveValues(position.board, territoryOfPosition(position), position.toPlay, {
      top: 20,
      maxCandidates: 20,
    });
    const { moveInfos, rootInfo } = turn;
    expect(rootInfo.visits).toBe(200);
    expect(moveInfos[0].move).toBe(formatGtpVertex(values[0].point, position.board.geo));
    expect(moveInfos[0].scoreLead).toBeCloseTo(rootInfo.scoreLead, 3);
    moveInfos.forEach((m, i) => {
      expect(m.order).toBe(i);
      expect(m.pv[0]).toBe(m.move);
      expect(m.scoreMean).toBe(m.scoreLead);
      if (i > 0) {
        expect(m.visits).toBeLessThanOrEqual(moveInfos[i - 1].visits);
        expect(m.scoreLead).toBeLessThanOrEqual(moveInfos[i - 1].scoreLead);
        const lost = moveInfos[0].scoreLead - m.scoreLead;
        const v = values.find((x) => formatGtpVertex(x.point, position.board.geo) === m.move);
        if (v) expect(lost).toBeCloseTo(values[0].total - v.total, 3);
      }
    });
    // Ogatak draws order 0 and moves above 2% of the root's visits; Sabaki labels from 10 visits.
    expect(moveInfos.filter((m) => m.visits > 0.02 * rootInfo.visits).length).toBeGreaterThan(1);
    expect(moveInfos[0].visits).toBeGreaterThanOrEqual(10);
    expect(turn.ownershipStdev!.every((s) => s >= 0 && s <= 1)).toBe(true);
  });

  it('honours avoidMoves and allowMoves for the player to move, and movesOwnership', () => {
    const [free] = run({ maxVisits: 100 });
    const best = free.moveInfos[0].move;
    const [avoided] = run({ maxVisits: 100, avoidMoves: [{ player: 'W', moves: [best], untilDepth: 1 }] });
    expect(avoided.moveInfos.map((m) => m.move)).not.toContain(best);
    const second = free.moveInfos[1].move;
    const [allowed] = run({ maxVisits: 100, allowMoves: [{ player: 'W', moves: [second], untilDepth: 1 }] });
    expect(allowed.moveInfos.map((m) => m.move).filter((m) => m !== 'pass')).toEqual([second]);
    const position = positionFromGame(gameAtTurn(query(), MOVES.length));
    const everything = new Set([0, ...position.board.geo.points]);
    const none = analyzeTurn(position, { maxVisits: 100, perspective: 'BLACK', avoid: everything });
    expect(none.moveInfos).toEqual([]);
    expect(none.rootInfo.visits).toBe(100);
    const [owned] = run({ maxVisits: 30, includeMovesOwnership: true });
    for (const m of owned.moveInfos) expect(m.ownership).toHaveLength(81);
  });
});

describe('the queue', () => {
  it('answers by priority, then in order; terminate echoes and reports the stopped turns', () => {
    const engine = new KataGoAnalysisEngine();
    engine.submit({ ...QUERY, id: 'low', analyzeTurns: [1, 2], maxVisits: 10 });
    engine.submit({ ...QUERY, id: 'high', analyzeTurns: [3], priority: 5, maxVisits: 10 });
    engine.submit({ ...QUERY, id: 'mixed', analyzeTurns: [4, 5], priorities: [-1, 9], maxVisits: 10 });
    const first = engine.next() as KataGoTurnResult;
    const second = engine.next() as KataGoTurnResult;
    expect([first.id, first.turnNumber, second.id, second.turnNumber]).toEqual(['mixed', 5, 'high', 3]);
    const stop = { id: 'stop!low', action: 'terminate', terminateId: 'low', turnNumbers: [2] };
    expect(engine.submit(stop)).toEqual([
      stop,
      { id: 'low', turnNumber: 2, isDuringSearch: false, noResults: true },
    ]);
    expect((engine.next() as KataGoTurnResult).turnNumber).toBe(1);
    expect(engine.submit({ id: 'all', action: 'terminate_all' })).toEqual([
      { id: 'all', action: 'terminate_all' },
      { id: 'mixed', turnNumber: 4, isDuringSearch: false, noResults: true },
    ]);
    expect(engine.next()).toBeNull();
    expect(engine.submit({ id: 'v', action: 'query_version' })).toEqual([
      { id: 'v', action: 'query_version', version: '1.16.0', git_hash: 'moyo-0.1.0' },
    ]);
  });

  it("starts with KataGo's first player: initialPlayer, moves[0]'s colour, else Black", () => {
    const at0 = (extra: Record<string, unknown>) => gameAtTurn(query(extra), 0).toPlay;
    expect(at0({ moves: [['W', 'E5']] })).toBe(2);
    expect(at0({ moves: [], initialPlayer: 'white' })).toBe(2);
    expect(at0({ moves: [], initialStones: [['W', 'E5']] })).toBe(1);
    expect(at0({ moves: [['W', 'E5']], initialPlayer: 'B' })).toBe(1);
  });
});

describe('the katago registry analysis (what the workers run)', () => {
  it('gives the turn answer of the same query options, and names bad options', () => {
    const position = positionFromGame(gameAtTurn(query(), MOVES.length));
    const report = analyzePosition(position, ['katago'], {
      katago: { maxVisits: 100, perspective: 'BLACK', includeOwnership: true, avoid: ['E8'] },
    });
    const [direct] = run({
      maxVisits: 100,
      includeOwnership: true,
      overrideSettings: { reportAnalysisWinratesAs: 'BLACK' },
      avoidMoves: [{ player: 'W', moves: ['E8'], untilDepth: 1 }],
    });
    const { id: _id, turnNumber: _turn, ...answer } = direct;
    expect(report.analyses.katago).toEqual(answer);
    expect(() => analyzePosition(position, ['katago'], { katago: { maxVisits: 0 } })).toThrow(
      'katago.maxVisits: must be an integer from 1 to 2^50, got 0',
    );
    expect(() => analyzePosition(position, ['katago'], { katago: { visits: 3 } })).toThrow(
      /katago.visits: unknown option/,
    );
  });
});
