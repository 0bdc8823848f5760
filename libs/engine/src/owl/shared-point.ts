import { opponent } from '../board/color';
import { ReadCode, type ReadResult } from '../reading/result';
import { dragonOwner, type OwlReader } from './owl';

/**
 * Whether the attacker's move at m kills the dragon (its stones): after it, the owner, moving
 * first, finds no living move (or no stone of the dragon is left). The board is left as found.
 */
export function killsAt(owl: OwlReader, stones: readonly number[], m: number): boolean {
  const b = owl.board;
  const owner = dragonOwner(b, stones);
  if (owner === 0) return false;
  if (!b.playRecorded(m, opponent(owner))) return false;
  try {
    const left = stones.filter((p) => b.colors[p] === owner);
    if (left.length === 0) return true;
    return owl.defend(left).code === ReadCode.Fail;
  } finally {
    b.undo();
  }
}

/**
 * The point both sides want: the owner's saving move `defence` where the attacker's move there
 * kills too (after it the owner finds no life, not even by ko: a clean kill), as the attack
 * instead of the first kill `attack` found; null where it is not. GNU Go's owl tries that point
 * first; GTP's `dragon_status` and `owl_attack` name it.
 */
export function sharedVitalPoint(
  owl: OwlReader,
  stones: readonly number[],
  attack: ReadResult,
  defence: ReadResult,
): ReadResult | null {
  const m = defence.move;
  if (attack.code === ReadCode.Fail || defence.code === ReadCode.Fail || m === 0 || m === attack.move)
    return null;
  return killsAt(owl, stones, m) ? { code: ReadCode.Win, move: m } : null;
}
