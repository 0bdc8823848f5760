import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gamePath, loadRealGames } from '../../../../bench/support/real-games/manifest';
import { gamePositions } from '../../../../bench/support/real-games/positions';
import { BLACK, WHITE } from '../../src/board/color';
import { formatGtpVertex } from '../../src/board/coords';
import { RULES } from '../../src/board/rules';
import { readSgf, replaySgf } from '../../src/sgf';
import { analyzeTerritory } from '../../src/territory/territory';

// Real counted games (bench/data/real-games, provenance in its manifest): the first 16 games of the
// tune set, at 50 % and 70 % of their moves and at their end. The full measurement beside GNU Go is
// `npm run bench:real`; this guards the direction of the reading layer in the test run: with dragon
// statuses by reading, fewer stones that live to the end are called dead in the middle game than
// with the static thresholds alone, the middle-game estimate is closer to the counted result, and
// the final positions are scored at least as well.
describe('territory on real counted games: reading against the static statuses', () => {
  const games = loadRealGames()
    .filter((g) => g.set === 'tune')
    .slice(0, 16);
  const measure = (reading: boolean) => {
    let falseDead = 0;
    let finalWithin2 = 0;
    let finals = 0;
    let midError = 0;
    let mids = 0;
    for (const game of games) {
      const record = readSgf(readFileSync(gamePath(game), 'utf8'));
      for (const pos of gamePositions(game, [50, 70, 'final'])) {
        const g = replaySgf(record, { move: pos.moves, rules: RULES[game.rules] });
        const t = analyzeTerritory(
          { geo: g.geo, colors: g.board.colors },
          {
            rules: RULES[game.rules].scoring,
            komi: game.komi,
            handicap: game.handicap,
            captures: { black: g.board.captures[BLACK], white: g.board.captures[WHITE] },
            toMove: g.toPlay,
            reading,
          },
        );
        if (pos.phase === 'final') {
          finals++;
          if (Math.abs(t.score.settledLead - game.result.blackLead) <= 2) finalWithin2++;
        } else {
          mids++;
          midError += Math.abs(t.score.lead - game.result.blackLead);
          for (const p of t.deadStones)
            if (pos.survivors.has(formatGtpVertex(p, g.geo).toUpperCase())) falseDead++;
        }
      }
    }
    return { falseDead, finalWithin2, finals, midMeanError: Math.round((10 * midError) / mids) / 10 };
  };

  it('calls fewer living stones dead, misses the result by less, and scores finished games no worse', () => {
    expect(games.length).toBe(16);
    const statics = measure(false);
    const read = measure(true);
    console.log('real games, static vs reading:', JSON.stringify({ statics, read }));
    expect(read.finals).toBe(16);
    expect(read.falseDead).toBeLessThan(statics.falseDead);
    expect(read.finalWithin2).toBeGreaterThanOrEqual(statics.finalWithin2);
    // And the middle-game estimate misses the counted result by less.
    expect(read.midMeanError).toBeLessThan(statics.midMeanError);
  }, 300_000);
});
