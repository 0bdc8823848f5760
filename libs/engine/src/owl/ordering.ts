import type { Board } from '../board/board';
import type { Player } from '../board/color';
import { threatenedOpen, type DragonView } from './eyespace';
import { addLegal, weakLiberties } from './moves';
import type { OwlSearchState } from './node';
import type { OwlParams } from './params';

/**
 * With koThreats and no ko master yet, the ko retake the rule forbids `player` now joins a node's
 * candidates `moves` when it touches the dragon's strings (of `owner`), lies in its eye spaces or
 * on its outer liberties (with koRetakes, wherever it is: a ko capture's KO_A bound then rests on
 * the retake being read).
 */
export function addRetake(
  b: Board,
  params: OwlParams,
  state: OwlSearchState,
  moves: number[],
  v: DragonView,
  player: Player,
  owner: Player,
): void {
  if (params.koThreats !== true || state.komaster !== 0) return;
  const ko = b.koPointFor(player);
  if (ko === 0 || moves.includes(ko)) return;
  let near =
    params.koRetakes === true ||
    v.outerLiberties.includes(ko) ||
    v.eyeSpaces.some((e) => e.points.includes(ko));
  const adj = b.geo.adjacent;
  for (let k = 0; k < 4 && !near; k++) {
    const q = ko + adj[k];
    if (b.colors[q] !== owner) continue;
    const h = b.chainHead(q);
    near = v.strings.some((s) => b.chainHead(s) === h);
  }
  if (near) moves.push(ko);
}

/**
 * With killers, the two moves that last won outright at `depth` (in this question) go first in
 * `moves`, the latest first, where they are among the node's candidates; a capture or the root's
 * hint still goes before them (the caller puts those first afterwards).
 */
export function preferKiller(params: OwlParams, state: OwlSearchState, moves: number[], depth: number): void {
  if (params.killers !== true || 2 * depth + 1 >= state.killers.length) return;
  for (let j = 1; j >= 0; j--) {
    const k = state.killers[2 * depth + j];
    const i = k === 0 ? -1 : moves.indexOf(k);
    if (i <= 0) continue;
    moves.splice(i, 1);
    moves.unshift(k);
  }
}

/**
 * Moves the vital points (the defender's, then the attacker's) of the dragon's threatened open eye
 * spaces to the front of the owner's candidates `moves` (see OwlParams.doubtOpenEyes).
 */
export function threatenedVitalFirst(b: Board, v: DragonView, owner: Player, moves: number[]): void {
  const front: number[] = [];
  for (const e of v.eyeSpaces) {
    if (!threatenedOpen(e)) continue;
    addLegal(b, e.eyes.defense, owner, front);
    addLegal(b, e.eyes.attack, owner, front);
  }
  putFirst(moves, front);
}

/**
 * The owner's candidates after a pass check found the attacker's kill `threat` (see
 * OwlParams.passCheckDepth): the liberties of the dragon's short strings join them, and the kill's
 * point goes first (the point the attacker wants, where the owner can play it).
 */
export function threatFirst(b: Board, v: DragonView, owner: Player, moves: number[], threat: number): void {
  addLegal(b, weakLiberties(b, v, owner), owner, moves);
  putFirst(moves, b.isLegal(threat, owner) ? [threat] : []);
}

/** `front`, in its order, ahead of the rest of `moves` (each move once). In place. */
export function putFirst(moves: number[], front: readonly number[]): void {
  for (let i = moves.length - 1; i >= 0; i--) if (front.includes(moves[i])) moves.splice(i, 1);
  moves.unshift(...front);
}
