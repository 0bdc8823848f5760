import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gamePath, loadRealGames } from '../../../../bench/support/real-games/manifest';
import { BLACK, WHITE } from '../../src/board/color';
import { formatGtpVertex } from '../../src/board/coords';
import { RULES } from '../../src/board/rules';
import { readSgf, replaySgf } from '../../src/sgf';
import { analyzeTerritory, type TerritoryAnalysis } from '../../src/territory/territory';

/** The territory analysis of a real game of bench/data/real-games after `move` moves. */
function realGameAt(id: string, move: number): { t: TerritoryAnalysis; vertex: (p: number) => string } {
  const game = loadRealGames().find((g) => g.id === id)!;
  const record = readSgf(readFileSync(gamePath(game), 'utf8'));
  const g = replaySgf(record, { move, rules: RULES[game.rules] });
  const t = analyzeTerritory(
    { geo: g.geo, colors: g.board.colors },
    {
      rules: RULES[game.rules].scoring,
      komi: game.komi,
      captures: { black: g.board.captures[BLACK], white: g.board.captures[WHITE] },
      toMove: g.toPlay,
    },
  );
  return { t, vertex: (p) => formatGtpVertex(p, g.geo) };
}

describe('dead dragons that win their capturing race (dragons/dead-races.ts)', () => {
  it('does not count a big dragon dead when it captures its rival moving first', () => {
    // engine19-019 (B+10.5) at move 306: Black's 44-stone dragon along the top (O19) has one eye and
    // races White's 12 stones in the upper right corner (R19); moving first Black captures them, White
    // only through a ko (GNU Go's analyze_semeai: 1 1 S18 and 2 3 P19). The static view called the
    // black dragon dead (W+116.9); read as a race, both are in doubt.
    const { t, vertex } = realGameAt('engine19-019', 306);
    const at = (v: string) => t.groups.groups.find((d) => d.stones.some((p) => vertex(p) === v))!;
    const black = at('O19');
    const white = at('R19');
    expect(black.color).toBe(BLACK);
    expect(black.stones.length).toBeGreaterThanOrEqual(40);
    expect(white.color).toBe(WHITE);
    expect(black.status).toBe('critical');
    expect(white.status).toBe('critical');
    expect(t.deadStones.map(vertex)).not.toContain('O19');
    // The count moves toward the result (B+10.5) from W+116.9.
    expect(t.score.lead).toBeGreaterThan(-80);
  });

  it('leaves a dead dragon dead when its rival is bigger or wins moving first', () => {
    // pro19-cn-wide-003 (B+11.5) at move 286: Black's 14 dead stones around O13 touch White's
    // 54-stone dragon (H19); the race reader is not asked to bring them back.
    const { t, vertex } = realGameAt('pro19-cn-wide-003', 286);
    const white = t.groups.groups.find((d) => d.stones.some((p) => vertex(p) === 'H19'))!;
    expect(white.stones.length).toBeGreaterThanOrEqual(50);
    expect(white.status).not.toBe('dead');
    expect(white.status).not.toBe('critical');
  });
});
