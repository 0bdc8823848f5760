import type { Board } from '../board/board';
import type { GroupRefiner } from '../groups/status';
import { DEFAULT_OWL_PARAMS, OwlReader, type OwlParams } from '../owl/owl';

type RefinedGroup = Parameters<GroupRefiner>[0][number];

/**
 * A board is late when at most this share of its points is empty and nobody's in the influence
 * field computed with every stone on it (no dead stones taken off): the last fifth or so of a game.
 */
export const LATE_READING_BOARD = 0.2;

/** Critical dragons of fewer stones than this are not read again (one or two stones move little). */
const LATE_CRITICAL_STONES = 3;
/** Statically alive dragons without two sure eyes are read again from this many stones. */
const LATE_ALIVE_STONES = 4;
/**
 * Dragons of this many stones or more are not read (so not killed) by the late owl: at 90 % of the
 * real games (all 251, engine at f56f19f) every one of its kills of 12+ stones lived to the end (75
 * stones, all in tune games), where its kills of 3-5 stones died 134 times of 138 and of 6-11 stones
 * 99 of 99. A dragon that large is usually in a race or joined to friends the owl does not read (the
 * territory path's HUGE_DEAD rule says the same of the middle game's reading deaths). bench:real,
 * all 251 games, one run: middle-game false-dead 301 -> 278 stones (GNU Go 342), mean error 12.09 ->
 * 11.99, winner 59.5 -> 59.4 % (one position), finals and score.tst / score2.tst unchanged.
 */
const LATE_MAX_KILL = 12;

/**
 * The late owl: five times the territory path's nodes, ten candidates a node, open eye spaces of up
 * to 12 points read by the eye-graph reader, a static death at the root read on, blocking one point
 * beyond the liberties, room and a living friend saving a dragon only after the attacker's move,
 * and a dragon with fewer than two possible eyes and under 8 points of room dead (deadRoom; on all
 * 251 real games: 90 % mean error 9.14 -> 9.03, finals within 2 points 82.1 -> 82.5 %, three
 * positions changed, all closer; false-dead unchanged). These are flags GTP's dragon commands read
 * with, set here on their own so that a change to those does not move the territory path unmeasured
 * (GTP's other flags, exactCache, weakAliveDepth, tacticalLife and readAliveRoot, added here: 9x9
 * pro9-044 at move 45 lost a living white group, +38.6 points).
 */
export const LATE_OWL_PARAMS: OwlParams = {
  ...DEFAULT_OWL_PARAMS,
  budget: 5 * DEFAULT_OWL_PARAMS.budget,
  width: 10,
  readDeadRoot: true,
  contain: true,
  blockFirst: true,
  deadRoom: 8,
  deadRoomOwner: 8,
  view: { ...DEFAULT_OWL_PARAMS.view, readerPoints: 12 },
};

/**
 * Late in a game (see LATE_READING_BOARD) the territory path reads again, with the wider and deeper late
 * owl, the dragons whose fate still moves the count: critical ones of LATE_CRITICAL_STONES stones or
 * more, and statically alive ones of LATE_ALIVE_STONES or more without two sure eyes, all of fewer
 * than LATE_MAX_KILL stones (on a settled
 * board the odds of dragons/survival-odds.ts no longer apply and those are not read otherwise). A
 * dragon the late owl kills, moving first, and cannot save, moving first, is dead.
 *
 * Measured on all 251 real games (bench:real, 1,004 middle-game positions, GNU Go 3.8 beside, one
 * run, engine at 5ded336 plus this): winner 58.1 -> 58.8 % (GNU Go 58.8), mean error 12.31 -> 12.24
 * (12.40), at 90 % of the game 67.9 -> 70.3 % and 10.27 -> 10.13; stones called dead that live to
 * the end 274 -> 301 (342); final positions within 2 points 79.7 -> 80.9 %, final_score 83.7 ->
 * 84.9 %; score.tst and score2.tst passes unchanged. Cost: the 19x19 middle-game estimate took
 * 65 ms on the mean in that run (GNU Go 3.8: 2.07 s), 90 % positions the most.
 *
 * `alive` marks the stones of living dragons (the owl's friends to connect to); a dragon's own
 * stones are taken out of it while it is read. Sets status and safety of the dragons found dead.
 */
export function readLateDragons(
  groups: readonly RefinedGroup[],
  owl: OwlReader,
  alive: Uint8Array,
  sure: (g: RefinedGroup) => boolean,
): void {
  const { board } = owl;
  // The colour of the stones of every dragon not called alive (0 elsewhere).
  const weak = new Uint8Array(board.geo.arraySize);
  for (const g of groups) if (g.status !== 'alive') for (const p of g.stones) weak[p] = g.color;
  for (const g of groups) {
    const asked =
      g.stones.length < LATE_MAX_KILL &&
      ((g.status === 'critical' && g.stones.length >= LATE_CRITICAL_STONES) ||
        (g.status === 'alive' && g.stones.length >= LATE_ALIVE_STONES && !sure(g)));
    if (!asked || inRace(board, g.stones, g.color, weak)) continue;
    const defense = readWithoutOwnLife(alive, g.stones, () =>
      owl.attack(g.stones).code === 0 ? null : owl.defend(g.stones),
    );
    if (defense === null || defense.code !== 0) continue;
    g.status = 'dead';
    g.safety = 0;
  }
}

/**
 * A dragon touching an enemy dragon that is not alive (critical, dead or in seki) is in a race,
 * which the owl's eye count does not read (the semeai reader's work): its life may rest on that
 * capture. Left as it is. (GNU Go's score2.tst 43: four stones inside a dead group were read as
 * dead, and the race rule then brought the dead group back, W+1.5 for B+29.5; on the real games at
 * 90 % of a game, skipping races took 27 living stones and 37 dying ones off the late deaths.)
 */
function inRace(board: Board, stones: readonly number[], color: number, weak: Uint8Array): boolean {
  const adj = board.geo.adjacent;
  for (const p of stones)
    for (let k = 0; k < 4; k++) {
      const c = weak[p + adj[k]];
      if (c !== 0 && c !== color) return true;
    }
  return false;
}

/**
 * `read()` with `stones` taken out of `alive` (a dragon's own stones are no living friend for it to
 * connect to), their marks put back afterwards.
 */
export function readWithoutOwnLife<T>(alive: Uint8Array, stones: readonly number[], read: () => T): T {
  const was = stones.map((p) => alive[p]);
  for (const p of stones) alive[p] = 0;
  const answer = read();
  stones.forEach((p, i) => (alive[p] = was[i]));
  return answer;
}

/** A late owl on `board` sharing the refiner's spheres and living stones. */
export function lateOwl(
  board: Board,
  spheres: { readonly [owner: number]: Uint8Array },
  alive: Uint8Array,
): OwlReader {
  return new OwlReader(board, spheres, alive, LATE_OWL_PARAMS);
}
