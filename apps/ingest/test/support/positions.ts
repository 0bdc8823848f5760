import type { PositionInput } from '@moyo/contracts';
import { gameFromInput } from '../../../api/src/exports/game-from-input';

/** The position an input describes, as text: every point's colour and the player to move. */
export function positionOf(input: PositionInput): string {
  const game = gameFromInput(input);
  return `${Array.from(game.board.colors).join('')} ${game.toPlay}`;
}
