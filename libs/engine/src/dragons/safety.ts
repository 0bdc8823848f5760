import type { GroupStatus } from '../groups/status';

/** Safety the reading layer gives a dragon of each status it decides (dragons/refine.ts and the rest). */
export const SAFETY: Readonly<Record<GroupStatus, number>> = {
  alive: 0.9,
  seki: 0.9,
  critical: 0.4,
  dead: 0,
};
