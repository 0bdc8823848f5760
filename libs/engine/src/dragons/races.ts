import type { Board } from '../board/board';
import type { GroupRefiner, GroupStatus } from '../groups/status';
import type { ReadCode } from '../reading/result';
import { DEFAULT_SEMEAI_PARAMS, readSemeai, type SemeaiParams } from '../owl/semeai';
import { SAFETY } from './safety';

/** A fifth of GTP's analyze_semeai budget: the territory path reads a board in tens of milliseconds. */
const RACE_PARAMS: SemeaiParams = { ...DEFAULT_SEMEAI_PARAMS, budget: 4_000, rootMoveBudget: 800 };
/** At most this many pairs of dead dragons (or of static sekis) are read on one board; the rest go by their liberties. */
const PAIRS_READ = 6;

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
 * which one of them wins. Of each such pair the race reader names the winner where it wins whoever
 * moves first (up to PAIRS_READ pairs a board); otherwise the one with more liberties (then more
 * stones) lives, the count a player makes first. Reading, not counting, on all 250 real games
 * (bench:real, one run): final_score within 2 points 220 -> 222, score.tst 17 -> 19, score2.tst
 * 18 -> 19, middle-game errors summed -8 points (pro9-034 at move 75: White's five stones beside
 * Black's lone H9 lived on five liberties against two, -17.3 for B+0.5; Black wins the race, 2.5).
 * `onWin` is told of each winner after its status is set.
 */
export function settleRaces(
  board: Board,
  groups: Parameters<GroupRefiner>[0],
  onWin: (winner: Parameters<GroupRefiner>[0][number]) => void,
): void {
  const adj = board.geo.adjacent;
  const groupAt = new Map<number, (typeof groups)[number]>();
  for (const g of groups) if (g.status === 'dead') for (const p of g.stones) groupAt.set(p, g);
  let pairsLeft = PAIRS_READ;
  for (const g of groups) {
    if (g.status !== 'dead') continue;
    for (const p of g.stones) {
      let rival: (typeof groups)[number] | undefined;
      for (let k = 0; k < 4 && !rival; k++) {
        const h = groupAt.get(p + adj[k]);
        if (h && h.color !== g.color && h.status === 'dead') rival = h;
      }
      if (!rival) continue;
      const read = pairsLeft-- > 0 ? raceWinner(board, g.stones, rival.stones) : 0;
      const gl = libertyCount(board, g.stones);
      const hl = libertyCount(board, rival.stones);
      const winner =
        read > 0
          ? g
          : read < 0
            ? rival
            : gl > hl || (gl === hl && g.stones.length >= rival.stones.length)
              ? g
              : rival;
      winner.status = 'alive';
      onWin(winner);
      if (winner === g) break;
    }
  }
}

/**
 * The race between two touching dragons of opposite colours, read both ways (GNU Go's
 * analyze_semeai semantics, owl/semeai.ts): 1 when a's side wins it whoever moves first (b's owner
 * moving first cannot capture a, a's owner can capture b), -1 when b's side does, 0 when the reading
 * does not settle it that way (the one to move wins, a seki, a ko).
 */
function raceWinner(board: Board, a: readonly number[], b: readonly number[]): number {
  const aCaptures = capturesInRace(board, a, b);
  const bCaptures = capturesInRace(board, b, a);
  if (aCaptures === 1 && bCaptures === 0) return 1;
  if (bCaptures === 1 && aCaptures === 0) return -1;
  return 0;
}

/**
 * Whether the owner of dragon `a`, moving first, captures dragon `b` in their race (the attack code
 * of GNU Go's analyze_semeai a b, owl/semeai.ts), read with the territory path's race budget.
 */
export function capturesInRace(board: Board, a: readonly number[], b: readonly number[]): ReadCode {
  return readSemeai(board, { dragons: [{ stones: a }, { stones: b }] }, 0, 1, a[0], b[0], RACE_PARAMS).attack;
}

/** Sets a dragon's status with its safety and tells `onChange`. */
export function setRaceStatus<G extends Parameters<GroupRefiner>[0][number]>(
  g: G,
  status: GroupStatus,
  onChange: (g: G) => void,
): void {
  g.status = status;
  g.safety = SAFETY[status];
  onChange(g);
}

/**
 * The static view calls two weak dragons of opposite colours that share their outside liberties a
 * seki; the race reader checks it (territory path, up to PAIRS_READ pairs a board). When one side
 * captures the other moving first and cannot be captured moving second, there is no seki: it lives
 * and the other is dead (critical where the capture needs a ko). When both capture moving first,
 * the side `toMove` lives and the other is critical (pro9-038 at move 63, White to move: -5.5 as a
 * seki, 0.4 with both critical, -8.8 so, for W+3.5). `onChange` hears of each group changed.
 */
export function checkSeki(
  board: Board,
  groups: Parameters<GroupRefiner>[0],
  toMove: number,
  onChange: (g: Parameters<GroupRefiner>[0][number]) => void,
): void {
  const at = groupIndex(board, groups);
  let pairsLeft = PAIRS_READ;
  for (const g of groups) {
    if (g.status !== 'seki') continue;
    const rivals = enemiesNextTo(board, at, g.color, [...g.stones, ...libertyPoints(board, g.stones)]);
    for (const i of rivals) {
      const h = groups[i];
      if (h.status !== 'seki' || pairsLeft-- <= 0) continue;
      const gCaptures = capturesInRace(board, g.stones, h.stones);
      const hCaptures = capturesInRace(board, h.stones, g.stones);
      if (gCaptures === 0 && hCaptures === 0) continue;
      const set = (x: typeof g, status: GroupStatus) => setRaceStatus(x, status, onChange);
      if (hCaptures === 0) {
        set(g, 'alive');
        set(h, gCaptures === 1 ? 'dead' : 'critical');
      } else if (gCaptures === 0) {
        set(h, 'alive');
        set(g, hCaptures === 1 ? 'dead' : 'critical');
      } else {
        // Both capture moving first: the player to move wins it, unless it must play elsewhere.
        set(g, g.color === toMove ? 'alive' : 'critical');
        set(h, h.color === toMove ? 'alive' : 'critical');
      }
      break;
    }
  }
}
