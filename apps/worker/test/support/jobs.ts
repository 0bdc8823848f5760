import type { KataGoMove, PositionInput } from '@moyo/contracts';

/** A 19x19 position input with these moves. */
export function position(moves: KataGoMove[], extra: Partial<PositionInput> = {}): PositionInput {
  return { boardXSize: 19, boardYSize: 19, komi: 6.5, rules: 'japanese', initialStones: [], moves, ...extra };
}
