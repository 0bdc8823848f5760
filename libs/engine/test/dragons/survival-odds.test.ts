import { describe, expect, it } from 'vitest';
import { Board } from '../../src/board/board';
import { BLACK, WHITE } from '../../src/board/color';
import { Geometry } from '../../src/board/geometry';
import { boardFromPosition, ReadingRefiner } from '../../src/dragons/refine';
import {
  ALIVE_ODDS,
  DEAD_ODDS,
  SURVIVAL_INPUT_NAMES,
  SURVIVAL_WEIGHTS,
  survivalInputs,
  survivalOdds,
  type DragonOddsFeatures,
} from '../../src/dragons/survival-odds';
import { analyzeGroups } from '../../src/groups/status';

const weak: DragonOddsFeatures = {
  stones: 6,
  liberties: 3,
  eyesMin: 0,
  eyesMax: 1,
  attack: 1,
  defense: 1,
  ownerToMove: false,
  neutralShare: 0.2,
  fullNeutralShare: 0.25,
  staticDead: false,
  boardPoints: 361,
};

describe('survival odds of weak dragons', () => {
  it('has one weight and one name per input', () => {
    expect(survivalInputs(weak)).toHaveLength(SURVIVAL_WEIGHTS.length);
    expect(SURVIVAL_INPUT_NAMES).toHaveLength(SURVIVAL_WEIGHTS.length);
  });

  it('gives a probability strictly between 0 and 1', () => {
    for (const stones of [1, 5, 40]) {
      const p = survivalOdds({ ...weak, stones });
      expect(p).toBeGreaterThan(0);
      expect(p).toBeLessThan(1);
    }
  });

  it('is lower when the owl kills and the owner cannot save, higher when the owl cannot kill', () => {
    const killed = survivalOdds({ ...weak, attack: 1, defense: 0 });
    const critical = survivalOdds(weak);
    const safe = survivalOdds({ ...weak, attack: 0, defense: -1 });
    expect(killed).toBeLessThan(critical);
    expect(critical).toBeLessThan(safe);
  });

  it('rises with liberties and eye space', () => {
    expect(survivalOdds({ ...weak, liberties: 6 })).toBeGreaterThan(survivalOdds({ ...weak, liberties: 1 }));
    expect(survivalOdds({ ...weak, eyesMin: 1, eyesMax: 2 })).toBeGreaterThan(survivalOdds(weak));
  });
});

describe('the refiner weighs weak dragons by their odds while the game goes on', () => {
  it('observes each weak dragon and gives it the status its odds say', () => {
    // An open 9x9 board: a lone White stone pressed by Black is weak; most of the board is open.
    const geo = Geometry.of(9);
    const colors = geo.emptyColors.slice();
    const put = (x: number, y: number, c: typeof BLACK | typeof WHITE) => (colors[geo.pt(x, y)] = c);
    put(2, 2, WHITE);
    put(1, 2, BLACK);
    put(2, 1, BLACK);
    put(3, 2, BLACK);
    put(6, 6, BLACK);
    put(6, 2, WHITE);
    const board = Board.fromColors(geo, colors);
    const refiner = new ReadingRefiner(boardFromPosition(board));
    refiner.toMove = WHITE;
    const seen: { odds: number; stones: readonly number[] }[] = [];
    refiner.observe = (f, stones) => seen.push({ odds: survivalOdds(f), stones });
    const groups = analyzeGroups(board, { toMove: WHITE, refine: refiner.refine });
    expect(seen.length).toBeGreaterThan(0);
    for (const { odds, stones } of seen) {
      const g = groups.groups[groups.groupOf[stones[0]]];
      const want = odds < DEAD_ODDS ? 'dead' : odds > ALIVE_ODDS ? 'alive' : 'critical';
      expect(g.status).toBe(want);
    }
  });
});
