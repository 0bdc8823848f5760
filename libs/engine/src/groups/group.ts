import type { Player } from '../board/color';
import { DEFAULT_EYE_SPACE_PARAMS, type EyeRange, type EyeSpaceParams } from './eyespace';

/** Life status of a group, as GNU Go's `dragon_status` / `final_status_list` name them. */
export type GroupStatus = 'alive' | 'critical' | 'dead' | 'seki';

/** An eye space of a group: its points and eye range. */
export interface EyeSpace {
  readonly points: number[];
  readonly eyes: EyeRange;
}

/** A group (GNU Go's dragon): strings of one colour that belong together. */
export interface Group {
  readonly index: number;
  readonly color: Player;
  /** Indices into `strings`. */
  readonly strings: number[];
  readonly stones: number[];
  /** Distinct liberties of all its strings. */
  readonly liberties: number[];
  readonly eyeSpaces: EyeSpace[];
  /** Sum of the eye spaces' ranges. */
  readonly eyes: { min: number; max: number };
  /** Every string of the group is unconditionally alive (Benson). */
  readonly unconditional: boolean;
  /** Empty points the group can reach without entering the opponent's sphere. */
  readonly room: number;
  /** It can reach a living friendly group through its room. */
  readonly connectsToLife: boolean;
  status: GroupStatus;
  /** 0 (dead) .. 1 (unconditionally alive). */
  safety: number;
}

/** Tunables of the status decision. */
export interface GroupParams {
  /** Eye spaces larger than this are open areas, not eyes. */
  readonly maxEyeSpace: number;
  /** A point is inside the opponent's sphere when the opponent's territory value there is above this. */
  readonly enemySphere: number;
  /** Room (reachable empty points) from which a group without eyes is counted alive. */
  readonly roomForLife: number;
  /** Room under which a group without two eyes is dead (between the two: critical). */
  readonly roomCritical: number;
  /**
   * A group without two eyes is dead, whatever its room, when the opponent has at least this share
   * of the influence on its liberties (GNU Go's owl kills such groups; counting the room through
   * the open centre does not see it)...
   */
  readonly enemyShareLiberties: number;
  /** ...and at least this share on the empty points next to those liberties. */
  readonly enemyShareRing: number;
  /** Room from which such an enemy-dominated group can still run out: critical, not dead. */
  readonly runningRoom: number;
  /**
   * Groups of at most this many stones measure their room on the field without their own
   * influence: a lone stone in the opponent's framework makes its surroundings look contested only
   * by itself (GNU Go calls such stones dead).
   */
  readonly lightGroup: number;
  /** Influence and territory rounds (status -> field -> status). */
  readonly rounds: number;
  readonly eyeSpace: EyeSpaceParams;
}

/** Defaults, tuned on the GNU Go fixtures. */
export const DEFAULT_GROUP_PARAMS: GroupParams = {
  maxEyeSpace: 24,
  enemySphere: 0.1,
  roomForLife: 20,
  roomCritical: 6,
  enemyShareLiberties: 0.4,
  enemyShareRing: 0.6,
  runningRoom: 120,
  lightGroup: 1,
  rounds: 2,
  eyeSpace: DEFAULT_EYE_SPACE_PARAMS,
};

/** Safety of a group by status (a critical group's carries its odds: criticalSafety). */
export const STATUS_SAFETY: Record<GroupStatus, number> = { alive: 1, seki: 0.9, critical: 0.4, dead: 0 };

/**
 * A critical group's safety carries its chance of living: 0.4 at even odds (what the static
 * analysis gives), proportionally less or more, always under one half (stones under one half
 * belong to critical groups). {@link survivalOf} reads it back.
 */
export function criticalSafety(chance: number): number {
  return Math.min(0.48, STATUS_SAFETY.critical * 2 * Math.max(0.05, chance));
}

/** The chance of living of a critical group's stone with this safety (see criticalSafety). */
export function survivalOf(safety: number): number {
  return Math.min(1, safety / (2 * STATUS_SAFETY.critical));
}
