import { BLACK, WHITE } from '../../../src/board/color';
import { analyzeTerritory } from '../../../src/territory';
import { fixtureTerritoryOptions, loadGames, replay, vertexPoint, type FixtureGame } from './fixtures';

/** Agreement figures of our analysis with GNU Go 3.8's answers on the fixture games. */
export interface Agreement {
  finishedGames: number;
  /** Stones whose dead/not-dead verdict matches `final_status_list dead` at the end of finished games. */
  deadStoneAgreement: number;
  stones: number;
  /** Finished games whose final score is within 2 points of GNU Go's `final_score`. */
  finalWithin2: number;
  finalMeanError: number;
  midRecords: number;
  /** Middle-game records whose score has the sign of GNU Go's `estimate_score`. */
  midSignAgreement: number;
  midMeanError: number;
  /** Stones whose dead/not-dead verdict matches `final_status_list dead` in the middle game (where listed). */
  midDeadStoneAgreement: number;
  midStones: number;
  /**
   * Middle-game dragons (GNU Go's `dragon_status`, by the group at each dragon's vertex) whose
   * dead/not-dead verdict we share; all sizes, then 19x19 only.
   */
  dragonAgreement: number;
  dragons: number;
  dragon19Agreement: number;
  /** The same two on 19x19 records only. */
  mid19Records: number;
  mid19SignAgreement: number;
  mid19MeanError: number;
  /** Records (19x19, move 100) / points GNU Go marks territory (+-3) where our ownership has its sign. */
  ownership19Points: number;
  ownership19Agreement: number;
  /** The same on every record. */
  ownershipAllPoints: number;
  ownershipAllAgreement: number;
}

/** Runs the analysis on every fixture record and compares with GNU Go. Pure apart from reading files. */
export function measureAgreement(games: FixtureGame[] = loadGames()): Agreement {
  let stones = 0;
  let stonesAgree = 0;
  let finished = 0;
  let within2 = 0;
  let finalErr = 0;
  let mid = 0;
  let midSign = 0;
  let midErr = 0;
  let dragons = 0;
  let dragonsAgree = 0;
  let dragons19 = 0;
  let dragons19Agree = 0;
  let midStones = 0;
  let midStonesAgree = 0;
  let mid19 = 0;
  let mid19Sign = 0;
  let mid19Err = 0;
  let own19 = 0;
  let own19Agree = 0;
  let ownAll = 0;
  let ownAllAgree = 0;
  for (const g of games) {
    for (const r of g.records) {
      const pos = replay(g, r.move);
      const a = analyzeTerritory(pos, fixtureTerritoryOptions(g, pos));
      pos.geo.points.forEach((p, i) => {
        if (Math.abs(r.regions[i]) !== 3) return;
        // GNU Go's codes are White-positive, our ownership Black-positive.
        const agree = Math.sign(a.ownership[p]) === -Math.sign(r.regions[i]);
        ownAll++;
        if (agree) ownAllAgree++;
        if (g.size === 19 && r.move === 100) {
          own19++;
          if (agree) own19Agree++;
        }
      });
      if (r.end && r.final !== null) {
        finished++;
        const dead = new Set((r.dead ?? []).map((v) => vertexPoint(pos.geo, v)));
        for (const p of pos.geo.points) {
          if (pos.colors[p] !== BLACK && pos.colors[p] !== WHITE) continue;
          stones++;
          if (a.deadStones.includes(p) === dead.has(p)) stonesAgree++;
        }
        const err = Math.abs(-a.score.settledLead - r.final);
        finalErr += err;
        if (err <= 2) within2++;
      } else if (!r.end) {
        mid++;
        // GNU Go's estimate_score counts no tempo for the side to move (territory/tempo.ts).
        const ours = -(a.score.lead - (a.score.tempo ?? 0));
        for (const line of r.dragons) {
          const [vertex, status] = line.split(/:?\s+/);
          const gi = a.groups.groupOf[vertexPoint(pos.geo, vertex)];
          const agree = (status === 'dead') === (gi >= 0 && a.groups.groups[gi].status === 'dead');
          dragons++;
          if (agree) dragonsAgree++;
          if (g.size === 19) {
            dragons19++;
            if (agree) dragons19Agree++;
          }
        }
        if (r.dead) {
          const dead = new Set(r.dead.map((v) => vertexPoint(pos.geo, v)));
          for (const p of pos.geo.points) {
            if (pos.colors[p] !== BLACK && pos.colors[p] !== WHITE) continue;
            midStones++;
            if (a.deadStones.includes(p) === dead.has(p)) midStonesAgree++;
          }
        }
        const err = Math.abs(ours - r.estimate.score);
        const sameSign = Math.sign(ours) === Math.sign(r.estimate.score);
        midErr += err;
        if (sameSign) midSign++;
        if (g.size === 19) {
          mid19++;
          mid19Err += err;
          if (sameSign) mid19Sign++;
        }
      }
    }
  }
  return {
    finishedGames: finished,
    deadStoneAgreement: stonesAgree / stones,
    stones,
    finalWithin2: within2 / finished,
    finalMeanError: finalErr / finished,
    midRecords: mid,
    midSignAgreement: midSign / mid,
    midMeanError: midErr / mid,
    dragonAgreement: dragonsAgree / dragons,
    dragons,
    dragon19Agreement: dragons19Agree / dragons19,
    midDeadStoneAgreement: midStonesAgree / midStones,
    midStones,
    mid19Records: mid19,
    mid19SignAgreement: mid19Sign / mid19,
    mid19MeanError: mid19Err / mid19,
    ownership19Points: own19,
    ownership19Agreement: own19Agree / own19,
    ownershipAllPoints: ownAll,
    ownershipAllAgreement: ownAllAgree / ownAll,
  };
}
