import type { Board } from '../board/board';
import { BLACK, WHITE, type Player } from '../board/color';
import { criticalSafety, type GroupRefiner, type GroupStatus } from '../groups/status';
import type { OwlReader } from '../owl/owl';
import type { ReadResult } from '../reading/result';
import { NEARLY_FINISHED_FULL, UNFINISHED_BOARD, wipedOut, type BoardShares } from './board-phase';
import { readWithoutOwnLife } from './late-reading';
import { libertyCount } from './races';
import { SAFETY } from './safety';
import { ALIVE_ODDS, DEAD_ODDS, survivalOdds, type DragonOddsFeatures } from './survival-odds';

/** A group as the reading refiner sees it (groups/status.ts hands them to the refiner). */
export type RefinedGroup = Parameters<GroupRefiner>[0][number];

/** Owl kills of at least this many stones get the late owl's second opinion (see secondOpinion). */
const SECOND_OPINION_STONES = 6;
/** At most this many second opinions a board (real games' middle games had up to 6; random boards hundreds). */
const MAX_SECOND_OPINIONS = 8;

/** Who moves, and who watches the odds' inputs (the refiner's public settings). */
export interface WeighingMover {
  readonly toMove: Player;
  readonly observe?: (features: DragonOddsFeatures, stones: readonly number[]) => void;
}

/**
 * While the game goes on, the reading refiner's word on a weak dragon is weighed by the odds that
 * real games' dragons with the same owl answers lived (dragons/survival-odds.ts), after the late
 * owl's second opinion on large kills. One per refiner (its second opinions are remembered by stones).
 */
export class OddsWeigher {
  /** The late owl's defences of kills, by the dragon's stones (see secondOpinion). */
  private readonly secondOpinions = new Map<string, ReadResult>();

  constructor(
    private readonly board: Board,
    /** The refiner's living stones (a dragon's own are taken out while it is read). */
    private readonly alive: Uint8Array,
    /** The refiner's late owl, made on first use. */
    private readonly late: () => OwlReader,
    private readonly mover: WeighingMover,
  ) {}

  /**
   * Weighs each weak dragon's reading verdict (see weigh) on `shares`, except that the board counts
   * as unfinished when the reading, not the static view, killed nearly every stone of a colour
   * (pro9-005 at move 33: all 15 white stones, B+74.5 for B+0.5; at pro9-034's move 75 the static
   * view killed 27 of White's 33 stones, the reading 6). Returns the shares it weighed on.
   */
  weighAll(
    groups: readonly RefinedGroup[],
    verdicts: readonly (readonly [
      RefinedGroup,
      {
        readonly status: GroupStatus;
        readonly attackResult: ReadResult | null;
        readonly defenseResult: ReadResult | null;
      },
    ])[],
    shares: BoardShares,
  ): BoardShares {
    const stones = { [BLACK]: 0, [WHITE]: 0 };
    const dead = { [BLACK]: 0, [WHITE]: 0 };
    const read = new Set(verdicts.map(([g]) => g));
    for (const g of groups) {
      stones[g.color] += g.stones.length;
      if (g.status === 'dead' && !read.has(g)) dead[g.color] += g.stones.length;
    }
    for (const [g, v] of verdicts) if (v.status === 'dead') dead[g.color] += g.stones.length;
    const weighed: BoardShares = {
      ...shares,
      unfinished:
        shares.unfinished || wipedOut(stones[BLACK], dead[BLACK]) || wipedOut(stones[WHITE], dead[WHITE]),
    };
    for (const [g, v] of verdicts) this.weigh(g, v.attackResult, v.defenseResult, weighed);
    return weighed;
  }

  /**
   * Gives a weak dragon the status its odds of living say (dragons/survival-odds.ts) from the owl's
   * answers; on a nearly finished board an owl kill without a defence is dead, unless the static
   * view called the group alive (`staticAlive`: then the odds decide). Sets its status and safety;
   * returns the status.
   */
  weigh(
    g: RefinedGroup,
    attack: ReadResult | null,
    defense: ReadResult | null,
    shares: BoardShares,
    staticAlive = false,
  ): GroupStatus {
    ({ attack, defense } = this.secondOpinion(g, attack, defense, shares));
    const features: DragonOddsFeatures = {
      stones: g.stones.length,
      liberties: libertyCount(this.board, g.stones),
      eyesMin: g.eyes.min,
      eyesMax: g.eyes.max,
      attack: attack?.code ?? -1,
      defense: defense?.code ?? -1,
      ownerToMove: g.color === this.mover.toMove,
      neutralShare: shares.neutral,
      fullNeutralShare: shares.fullNeutral,
      staticDead: g.status === 'dead',
      boardPoints: this.board.geo.points.length,
    };
    this.mover.observe?.(features, g.stones);
    // The model, fitted on every board, is far softer than the owl on nearly finished ones.
    const killed = features.attack >= 1 && features.defense === 0;
    const nearlyFinished = !shares.unfinished && shares.fullNeutral <= NEARLY_FINISHED_FULL;
    const odds = killed && nearlyFinished && !staticAlive ? 0 : survivalOdds(features);
    const status: GroupStatus = odds < DEAD_ODDS ? 'dead' : odds > ALIVE_ODDS ? 'alive' : 'critical';
    g.status = status;
    g.safety = status === 'critical' ? criticalSafety(odds) : SAFETY[status];
    return status;
  }

  /**
   * A kill of SECOND_OPINION_STONES or more stones without a defence is read again by the late owl
   * (wider and deeper, late-reading.ts) before its odds are weighed: when that finds a defence, the
   * dragon is weighed as one the owner can save. On the real games' middle-game positions (all 251 games,
   * engine at 656ddd7) kills of 6+ stones lived 84-87 % of the time where the late owl saved the
   * dragon (the odds said 52-59 %), 32 % where it confirmed the kill (40-44 %). bench:real, all 251
   * games at 9e262ba: middle-game mean error 11.82 -> 11.67 (GNU Go 12.40), wide margins 18.43 ->
   * 18.27, winner 59.1 -> 58.9 % (58.7); from 3 stones on, 11.65 but winner 58.5 %.
   */
  private secondOpinion(
    g: RefinedGroup,
    attack: ReadResult | null,
    defense: ReadResult | null,
    shares: BoardShares,
  ): { attack: ReadResult | null; defense: ReadResult | null } {
    const killed = attack !== null && attack.code >= 1 && defense !== null && defense.code === 0;
    // Not on a board whose open points are nearly all gone once the dead are off: there the
    // dragons the late owl saves died (finals of pro19-jp-005, engine19-006 at 90 %).
    const open = shares.neutral > UNFINISHED_BOARD;
    if (!killed || !open || g.stones.length < SECOND_OPINION_STONES) return { attack, defense };
    const key = g.stones.join(',');
    let lateDefense = this.secondOpinions.get(key);
    if (lateDefense === undefined) {
      if (this.secondOpinions.size >= MAX_SECOND_OPINIONS) return { attack, defense };
      lateDefense = readWithoutOwnLife(this.alive, g.stones, () => this.late().defend(g.stones));
      this.secondOpinions.set(key, lateDefense);
    }
    return { attack, defense: lateDefense.code === 0 ? defense : lateDefense };
  }
}
