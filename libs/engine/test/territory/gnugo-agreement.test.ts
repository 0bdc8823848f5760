import { describe, expect, it } from 'vitest';
import { loadGames } from './support/fixtures';
import { measureAgreement } from './support/agreement';

// Differential check against GNU Go 3.8 self-play fixtures (scripts/gen-territory-fixtures.ts):
// 56 games (24 on 9x9, 12 on 13x13, 20 on 19x19), 50 of them played to the end.
// Each floor (or ceiling) is the figure measured on these fixtures when they were committed,
// rounded down (up for errors) at the last digit shown, so a change that makes the analysis agree
// less with GNU Go fails here. Measured 2026-11-23 (after groups inside the opponent's influence
// became dead, GroupParams.enemyShareLiberties / enemyShareRing / runningRoom):
//   finished games: dead-stone verdicts 98.8% of 5,044 stones, final score within 2 points of
//   GNU Go's final_score in 47 of 50 games (94%), mean error 4.60 points;
//   middle game: ownership sign on GNU Go's territory points (influence_regions +-3) 97.9% of
//   3,080 points at move 100 on 19x19 (98.3% of 15,437 over every record); estimate_score sign
//   71.4% of 112 records (71.6% of 60 on 19x19), mean difference 13.7 points (15.1 on 19x19);
//   dead/not-dead as GNU Go's dragon_status for 93.6% of 1,010 dragons (94.5% on 19x19);
//   dead-stone verdicts as final_status_list (which GNU Go answers by playing the game out, so a
//   forecast rather than a judgement of the position) 92.6% of the 1,892 stones of the 9x9 and
//   13x13 middle-game records. scripts/territory-diagnose.ts prints the middle-game figures on the
//   even and odd halves of the records (the parameters were tuned on the even half).
// Re-measured 2026-11-25 when dragon statuses came from reading (dragons/refine.ts): finished games
// unchanged (98.85 %, 47/50, 4.60); middle game: estimate_score sign 66.1 % (70.0 % on 19x19), mean
// difference 13.1 (16.1 on 19x19), dragon_status 90.7 % (90.8 % on 19x19), final_status_list
// 93.9 %, ownership 98.0 % / 98.3 %. The middle-game floors below are those figures: they measure
// agreement with GNU Go's middle-game opinion, which is not the truth (on real counted games GNU Go
// calls hundreds of living stones dead); the truth is measured on real games (real-games.test.ts,
// npm run bench:real), where reading calls fewer living stones dead and scores finished games better.
// Re-measured 2026-11-25 afternoon, when big reading deaths became critical and big critical dragons
// alive while the game goes on (dragons/refine.ts `calibrated`, from real games' odds): finished
// games better (dead stones 99.1 %, within 2 points 47/50, mean error 3.74: floors raised);
// middle game: estimate_score sign 65.2 % (68.3 % on 19x19), mean difference 13.2 (16.5),
// dragon_status 90.4 % (90.8 %), final_status_list 93.6 %, ownership 98.0 % / 98.3 %. On real
// counted games the same change cut middle-game false deaths and the mean error (bench:real).
// Then critical stones counted at their group's chance of living (26 % for 1-2 stones, 50 % for
// 3-5, 60 % beyond) instead of even odds: final mean error 3.74 -> 3.80, middle-game sign 65.2 ->
// 67.9 %, mean difference 13.2 -> 12.8. Then weak groups two points apart read as one dragon
// while the game goes on: dead stones 99.0 %, final mean error 4.18 (47/50 within 2), dragon_status
// 89.8 % (90.0 % on 19x19); on real games middle-game false deaths 384 -> 283 (tune), 115 -> 70
// (check), below GNU Go's 234 and 108.
// Then a dragon half of which is one string in atari no longer counts as settled in the owl (the
// capture or the escape is read): dragon_status 89.7 % (one dragon of 1,010 fewer); on real games
// middle-game mean error 14.35 -> 14.18 (tune) and 12.2 -> 11.9 (check).
// 2026-11-28: weak dragons weighed by their odds of living (dragons/survival-odds.ts, fitted on real
// counted games): middle game closer to GNU Go's estimate (sign 67.9 -> 70.5 %, 73.3 % on 19x19; mean
// difference 12.8 -> 11.8, 15.9 on 19x19), dragon_status 89.8 % (89.8 % on 19x19), ownership 97.8 % /
// 98.3 %; finished games: dead stones 98.8 %, 47/50 within 2, mean error 4.18 -> 4.84, all of it
// from two games that were already far off (g09-05 at move 51: 75 -> 115 points; g19-17: 68 -> 80).
// On real counted games the same change cut the middle-game mean error 13.2 -> 12.5 and raised
// final_score within 2 points 83.7 -> 84.1 % (bench:real). Then alive over 0.6 and the static view's
// alive groups the owl can kill weighed too: mean difference 11.85 (16.07 on 19x19), sign 71.4 %
// (75.0 %); the rest unchanged.
describe('agreement with GNU Go 3.8 on the self-play fixtures', () => {
  const games = loadGames();
  const m = measureAgreement(games);

  it('has at least 40 games on 9x9, 13x13 and 19x19', () => {
    expect(games.length).toBeGreaterThanOrEqual(40);
    for (const size of [9, 13, 19]) {
      expect(games.filter((g) => g.size === size).length).toBeGreaterThanOrEqual(10);
    }
    expect(new Set(games.map((g) => g.size))).toEqual(new Set([9, 13, 19]));
    console.log('territory agreement with GNU Go:', JSON.stringify(m, null, 1));
  });

  it('finished games: dead stones and final score', () => {
    expect(m.finishedGames).toBeGreaterThanOrEqual(50);
    expect(m.stones).toBeGreaterThan(5000);
    expect(m.deadStoneAgreement).toBeGreaterThanOrEqual(0.987);
    expect(m.finalWithin2).toBeGreaterThanOrEqual(0.94);
    expect(m.finalMeanError).toBeLessThanOrEqual(4.85);
  });

  it('middle game: ownership on GNU Go territory at move 100 on 19x19', () => {
    expect(m.ownership19Points).toBeGreaterThan(3000);
    expect(m.ownership19Agreement).toBeGreaterThanOrEqual(0.977);
    expect(m.ownershipAllAgreement).toBeGreaterThanOrEqual(0.981);
  });

  it("middle game: score beside GNU Go's estimate_score", () => {
    expect(m.midRecords).toBeGreaterThanOrEqual(100);
    expect(m.midSignAgreement).toBeGreaterThanOrEqual(0.7);
    expect(m.midMeanError).toBeLessThanOrEqual(11.9);
    expect(m.mid19Records).toBeGreaterThanOrEqual(60);
    expect(m.mid19SignAgreement).toBeGreaterThanOrEqual(0.73);
    expect(m.mid19MeanError).toBeLessThanOrEqual(16.1);
  });

  it('middle game: dead groups beside dragon_status and final_status_list', () => {
    expect(m.dragons).toBeGreaterThan(1000);
    expect(m.dragonAgreement).toBeGreaterThanOrEqual(0.895);
    // 0.897 until false cuts joined strings (groups/cuts.ts): 0.8964 since, while on real games the
    // middle game's stones called dead and alive at the end fell 167 -> 149 (bench:real). Since the
    // owl's cache is forgotten when its spheres change (OwlCache.readWith), 0.900 -> 0.895 of 1,010
    // dragons and 0.8964 -> 0.8899 on 19x19, while on real games those stones fell 150 -> 142.
    expect(m.dragon19Agreement).toBeGreaterThanOrEqual(0.889);
    // Dead stones in the middle game (9x9 and 13x13, where GNU Go was asked).
    expect(m.midStones).toBeGreaterThan(1800);
    expect(m.midDeadStoneAgreement).toBeGreaterThanOrEqual(0.935);
  });
});
