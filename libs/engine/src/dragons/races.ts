import type { Board } from '../board/board';
import type { GroupRefiner } from '../groups/status';

/** The distinct liberties of the stones. */
export function libertyPoints(board: Board, stones: readonly number[]): Set<number> {
  const seen = new Set<number>();
  const adj = board.geo.adjacent;
  for (const p of stones)
    for (let k = 0; k < 4; k++) if (board.colors[p + adj[k]] === 0) seen.add(p + adj[k]);
  return seen;
}

/** Index of the group holding each point's stone (-1 on empty points and off the board). */
export function groupIndex(
  board: Board,
  groups: readonly { readonly stones: readonly number[] }[],
): Int32Array {
  const at = new Int32Array(board.geo.arraySize).fill(-1);
  groups.forEach((g, i) => {
    for (const p of g.stones) at[p] = i;
  });
  return at;
}

/** Indices (in `at`, see groupIndex) of the groups of the other colour next to any of `points`. */
export function enemiesNextTo(
  board: Board,
  at: Int32Array,
  color: number,
  points: Iterable<number>,
): Set<number> {
  const adj = board.geo.adjacent;
  const out = new Set<number>();
  for (const p of points)
    for (let k = 0; k < 4; k++) {
      const i = at[p + adj[k]];
      if (i >= 0 && board.colors[p + adj[k]] !== color) out.add(i);
    }
  return out;
}

/** How many distinct liberties the stones have. */
export function libertyCount(board: Board, stones: readonly number[]): number {
  return libertyPoints(board, stones).size;
}

/**
 * Two dragons of opposite colours that touch cannot both be dead: they are in a capturing race,
 * which one of them wins. Of each such pair the one with more liberties (then more stones) lives
 * (GNU Go's semeai reading would decide it; this is the count a player makes first). `onWin` is
 * told of each winner after its status is set.
 */
export function settleRaces(
  board: Board,
  groups: Parameters<GroupRefiner>[0],
  onWin: (winner: Parameters<GroupRefiner>[0][number]) => void,
): void {
  const adj = board.geo.adjacent;
  const groupAt = new Map<number, (typeof groups)[number]>();
  for (const g of groups) if (g.status === 'dead') for (const p of g.stones) groupAt.set(p, g);
  for (const g of groups) {
    if (g.status !== 'dead') continue;
    for (const p of g.stones) {
      let rival: (typeof groups)[number] | undefined;
      for (let k = 0; k < 4 && !rival; k++) {
        const h = groupAt.get(p + adj[k]);
        if (h && h.color !== g.color && h.status === 'dead') rival = h;
      }
      if (!rival) continue;
      const gl = libertyCount(board, g.stones);
      const hl = libertyCount(board, rival.stones);
      const winner = gl > hl || (gl === hl && g.stones.length >= rival.stones.length) ? g : rival;
      winner.status = 'alive';
      onWin(winner);
      if (winner === g) break;
    }
  }
}
