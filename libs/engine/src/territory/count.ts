import { BLACK, WHITE } from '../board/color';
import { survivalOf, type GroupAnalysis } from '../groups/status';
import type { ColorPosition } from '../influence/position';
import type { ScoreEstimate, ScoreParts, ScoringRules } from './territory';

/**
 * Counts a position from the layers' owner and ownership (territory.ts): the settled lead (the
 * points the layers assign, what `final_score` reports) and the lead counting every point by its
 * ownership, critical groups' stones at their chance of living. Pure.
 */
export function countScore(
  pos: ColorPosition,
  groups: GroupAnalysis,
  owner: Int8Array,
  ownership: Float32Array,
  rules: ScoringRules,
  komi: number,
  captures: { black: number; white: number },
  handicap: number,
): ScoreEstimate {
  const { geo, colors } = pos;
  let bTerr = 0;
  let wTerr = 0;
  let bStones = 0;
  let wStones = 0;
  let bDead = 0;
  let wDead = 0;
  let fractional = 0;
  let uncertainty = 0;
  for (const p of geo.points) {
    const c = colors[p];
    const live = (c === BLACK || c === WHITE) && groups.safety[p] > 0;
    if (live) {
      const g = groups.groups[groups.groupOf[p]];
      if (g.status === 'critical') {
        // Under area scoring the stone is its owner's point if the group lives, the opponent's if it
        // dies; under territory scoring nothing or two points for the opponent. Counted at the
        // group's chance of living (even odds: 0 and 1 point for the opponent).
        const live = survivalOf(groups.safety[p]);
        const sign = c === BLACK ? 1 : -1;
        fractional += rules === 'territory' ? -sign * 2 * (1 - live) : sign * (2 * live - 1);
        uncertainty += 2;
        continue;
      }
      if (c === BLACK) bStones++;
      else wStones++;
      continue;
    }
    if (c === BLACK) wDead++;
    else if (c === WHITE) bDead++;
    const o = owner[p];
    if (o > 0) bTerr++;
    else if (o < 0) wTerr++;
    // The estimate counts every point by its ownership (settled points are +-1, so only open ones
    // and, on an open board, influence-only points differ from the settled count).
    fractional += ownership[p] - o;
    if (o === 0) uncertainty += 1 - Math.abs(ownership[p]);
  }
  const territoryRules = rules === 'territory';
  // Territory rules: territory + prisoners (dead stones are prisoners too). Area: stones + territory.
  const black: ScoreParts = {
    territory: bTerr,
    stones: bStones,
    prisoners: territoryRules ? captures.black : 0,
    deadCaptured: territoryRules ? bDead : 0,
  };
  const white: ScoreParts = {
    territory: wTerr,
    stones: wStones,
    prisoners: territoryRules ? captures.white : 0,
    deadCaptured: territoryRules ? wDead : 0,
  };
  const total = (s: ScoreParts) =>
    s.territory + s.prisoners + s.deadCaptured + (territoryRules ? 0 : s.stones);
  const compensation = territoryRules || handicap < 2 ? 0 : handicap;
  const settledLead = total(black) - total(white) - komi - compensation;
  const lead = settledLead + fractional;
  return {
    rules,
    komi,
    lead,
    upper: lead + uncertainty / 2,
    lower: lead - uncertainty / 2,
    settledLead,
    black,
    white,
  };
}
