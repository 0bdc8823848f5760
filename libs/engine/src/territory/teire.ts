import { Board } from '../board/board';
import { BLACK, WHITE, type Player } from '../board/color';
import type { ColorPosition } from '../influence/position';

/**
 * Under territory (Japanese) rules the dame are filled before the count, and a filled dame can put a
 * string in atari whose last liberty is its owner's own territory: the owner fills that point (a
 * teire), and it is no territory. GNU Go's final_score plays such endings out; the counts of real
 * games leave those points out (pro19-jp-026 of bench/data/real-games: the white points C14, C1 and
 * J1 behind strings whose other liberties were dame, B+1.5 for B+4.5).
 *
 * The ending is played on a board of the live stones (`live`: colour by point, dead stones gone).
 * While some dame can be filled by a player without self-atari so that an enemy string is left with
 * one liberty in that enemy's territory (`owner`: +1 Black, -1 White) and otherwise only open dame,
 * and the enemy filling that dame itself would not save the string, the dame is filled; a string
 * left in atari with its last liberty in its owner's territory has the owner fill that liberty (so
 * does one in atari from the start). Dame that threaten nothing stay as they are (they count for
 * nobody). Returns the filled points of territory. Pure (reads on a board of its own).
 */
export function teirePoints(
  pos: ColorPosition,
  live: Int8Array,
  owner: Int8Array,
  dame: Uint8Array,
): number[] {
  const { geo } = pos;
  const board = Board.fromColors(geo, live);
  const adj = geo.adjacent;
  const teire: number[] = [];
  const ownTerritory = (p: number, c: Player) => board.colors[p] === 0 && owner[p] === (c === BLACK ? 1 : -1);
  // The owner of a string in atari whose liberty is its own territory fills it.
  const fillLastLiberty = (s: number): void => {
    const c = board.colors[s] as Player;
    if (board.chainLiberties(s) !== 1) return;
    const l = lastLiberty(board, s);
    if (l < 0 || !ownTerritory(l, c) || !board.isLegal(l, c)) return;
    board.play(l, c);
    teire.push(l);
  };
  for (const p of geo.points) {
    const c = board.colors[p];
    if ((c === BLACK || c === WHITE) && board.chainHead(p) === p) fillLastLiberty(p);
  }
  const open = geo.points.filter((p) => dame[p] && board.colors[p] === 0);
  for (let filled = true; filled;) {
    filled = false;
    for (const d of open) {
      if (board.colors[d] !== 0) continue;
      const by = ([BLACK, WHITE] as const).find((c) => threatens(board, d, c, dame, ownTerritory));
      if (by === undefined) continue;
      board.play(d, by);
      filled = true;
      for (let k = 0; k < 4; k++) {
        const q = d + adj[k];
        if (board.colors[q] === 3 - by) fillLastLiberty(q);
      }
    }
  }
  return teire;
}

/** The one liberty of the string at `s` (-1 if it has another number of them). */
function lastLiberty(board: Board, s: number): number {
  const out = new Int32Array(board.geo.arraySize);
  return board.chainLibertyPoints(s, out) === 1 ? out[0] : -1;
}

/**
 * Player `c` filling dame `d` is legal, captures nothing, leaves `c`'s new string two liberties or
 * more, and leaves an enemy string whose liberties are one point of that enemy's territory and
 * otherwise only dame still open: once those are filled, it is in atari and its owner must fill.
 * Not when the enemy, filling d itself first, would leave its string with more than that: it
 * would (on the real games' finals this kept pro19-jp-003's end at its result, W+9.5, where the fills
 * by the threatening side alone made W+6.5).
 */
function threatens(
  board: Board,
  d: number,
  c: Player,
  dame: Uint8Array,
  ownTerritory: (p: number, c: Player) => boolean,
): boolean {
  const adj = board.geo.adjacent;
  const enemy = (3 - c) as Player;
  for (let k = 0; k < 4; k++) {
    const q = d + adj[k];
    // Filling d would capture: no dame fill.
    if (board.colors[q] === enemy && board.chainLiberties(q) === 1) return false;
  }
  if (!board.isLegal(d, c)) return false;
  board.play(d, c);
  let threat = false;
  if (board.chainLiberties(d) >= 2)
    for (let k = 0; k < 4 && !threat; k++) {
      const q = d + adj[k];
      threat = board.colors[q] === enemy && doomed(board, q, dame, ownTerritory);
    }
  board.undo();
  if (threat && board.isLegal(d, enemy)) {
    // The enemy could fill d itself first: a teire is forced only if its string is still doomed then.
    board.play(d, enemy);
    threat = doomed(board, d, dame, ownTerritory);
    board.undo();
  }
  return threat;
}

/**
 * The string at `s` has one liberty in its owner's territory and otherwise only open dame: once
 * those are filled it is in atari, and its owner must fill that point.
 */
function doomed(
  board: Board,
  s: number,
  dame: Uint8Array,
  ownTerritory: (p: number, c: Player) => boolean,
): boolean {
  const owner = board.colors[s] as Player;
  const libs = new Int32Array(board.geo.arraySize);
  const n = board.chainLibertyPoints(s, libs);
  let inside = 0;
  for (let i = 0; i < n; i++) {
    if (ownTerritory(libs[i], owner)) inside++;
    else if (!dame[libs[i]]) return false;
  }
  return inside === 1;
}
