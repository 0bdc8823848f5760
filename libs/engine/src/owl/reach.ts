import type { Board } from '../board/board';
import { EMPTY, type Player } from '../board/color';
import { passable } from './domains';
import type { OwlScratch, OwlViewParams } from './eyespace';

/**
 * The dragon's room: empty points outside the enemy's sphere on the owner's side, flooded breadth
 * first from the outer liberties (`starts`), counted up to `escapeRoom`. With
 * OwlViewParams.escapeReach, an escape must also lead away from the dragon: `escapeRoom` points or
 * more whose flood reaches no point `escapeReach` steps from the outer liberties is a pocket the
 * enemy's stones close: it counts half of `escapeRoom` (no escape, and under GTP's dead room of 8,
 * so the dragon needs eyes there); the flood then looks at up to four times `escapeRoom` points.
 * The enemy's domains (OwlViewParams.domains) do not bound the room: they bound eye spaces only.
 * `connects`: the points flooded touch a friendly living stone that is not one of the dragon's
 * strings (`own`, their heads).
 */
export function floodReach(
  board: Board,
  own: ReadonlySet<number>,
  starts: readonly number[],
  owner: Player,
  enemySphere: Uint8Array,
  friendAlive: Uint8Array,
  scratch: OwlScratch,
  params: OwlViewParams,
): { room: number; connects: boolean } {
  const { colors } = board;
  const adj = board.geo.adjacent;
  const gen = scratch.next();
  const enemy = 3 - owner;
  const reach = params.escapeReach ?? 0;
  const cap = 4 * params.escapeRoom;
  const queue = scratch.stones;
  const dist = scratch.libs;
  let tail = 0;
  for (const l of starts) {
    if (enemySphere[l] || scratch.mark[l] === gen) continue;
    scratch.mark[l] = gen;
    dist[tail] = 0;
    queue[tail++] = l;
  }
  let head = 0;
  let far = 0;
  let connects = false;
  while (head < tail && head < cap) {
    if (head >= params.escapeRoom && far >= reach) break;
    const p = queue[head];
    const d = dist[head++];
    if (d > far) far = d;
    for (let k = 0; k < 4; k++) {
      const q = p + adj[k];
      if (scratch.mark[q] === gen) continue;
      const c = colors[q];
      if (c === owner) {
        if (friendAlive[q] && !own.has(board.chainHead(q))) connects = true;
        continue;
      }
      if (c !== EMPTY || enemySphere[q] || !passable(board, q, enemy)) continue;
      scratch.mark[q] = gen;
      dist[tail] = d + 1;
      queue[tail++] = q;
    }
  }
  // A pocket counts half the escape room: under the owl's dead room, so a dragon in it needs eyes.
  const pocket = Math.floor(params.escapeRoom / 2);
  const room = head >= params.escapeRoom && far < reach ? pocket : Math.min(head, params.escapeRoom);
  return { room, connects };
}
