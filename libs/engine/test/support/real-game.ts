import { readFileSync } from 'node:fs';
import { gamePath, loadRealGames } from '../../../../bench/support/real-games/manifest';
import { BLACK, WHITE } from '../../src/board/color';
import { formatGtpVertex } from '../../src/board/coords';
import type { Group } from '../../src/groups/status';
import { RULES } from '../../src/board/rules';
import { readSgf, replaySgf } from '../../src/sgf';
import { analyzeTerritory, type TerritoryAnalysis } from '../../src/territory/territory';

/** The territory analysis of a real game of bench/data/real-games after `move` moves. */
export function realGameAt(
  id: string,
  move: number,
): { t: TerritoryAnalysis; vertex: (p: number) => string; groupAt: (v: string) => Group } {
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
  const vertex = (p: number) => formatGtpVertex(p, g.geo);
  const groupAt = (v: string) => t.groups.groups.find((d) => d.stones.some((p) => vertex(p) === v))!;
  return { t, vertex, groupAt };
}
