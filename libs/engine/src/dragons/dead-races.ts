import type { Board } from '../board/board';
import type { GroupRefiner } from '../groups/status';
import { capturesInRace, enemiesNextTo, groupIndex, libertyPoints, setRaceStatus } from './races';

type RefinedGroup = Parameters<GroupRefiner>[0][number];

/** Dead dragons of at least this many stones are read in their races (small ones move little). */
const RACE_MIN_STONES = 5;

/** At most this many races are read on one board (each may take a semeai reader's full budget). */
const RACES_PER_BOARD = 6;

/**
 * A dead dragon whose neighbour is a weak enemy dragon may be in a capturing race it wins: the
 * owl's eye count does not read races (the late owl skips them, late-reading.ts), and the static
 * view calls the bigger side dead as readily as the smaller. On the real games at 90 % of a game,
 * statically dead dragons of 12+ stones with an eye lived every time (44 of 44 stones), e.g.
 * engine19-019 at move 306, a 44-stone black dragon beside a 12-stone white one in the corner that
 * it captures, GNU Go's analyze_semeai agreeing.
 *
 * Each dead dragon g of RACE_MIN_STONES or more is read against each enemy dragon h it touches
 * (stone to stone or across a shared liberty) that is neither dead nor settled (`sure`) nor in
 * seki, with GNU Go's analyze_semeai semantics (owl/semeai.ts):
 * - g's owner moving first cannot capture h: g stays dead (not in a race it can win);
 * - h's owner moving first cannot capture g: g lives (alive), and h is dead if g's owner moving first
 *   captures it without a ko;
 * - h's owner captures moving first only through a ko, g's owner moving first captures h without
 *   one: both critical;
 * - otherwise g stays dead.
 * Statuses and safeties are set on the groups; `onChange` hears of each group changed.
 */
export function readDeadRaces(
  board: Board,
  groups: readonly RefinedGroup[],
  sure: (g: RefinedGroup) => boolean,
  onChange: (g: RefinedGroup) => void,
): void {
  const groupAt = groupIndex(board, groups);
  // A rival of a few stones is a cutting stone to capture, not a dragon to race (capturing it does
  // not make g live: engine19-006's end, twelve eyeless white stones beside two black ones).
  const open = (h: RefinedGroup) =>
    h.status !== 'dead' && h.status !== 'seki' && !sure(h) && h.stones.length >= RACE_MIN_STONES;
  let racesLeft = RACES_PER_BOARD;
  for (const g of groups) {
    if (g.status !== 'dead' || g.stones.length < RACE_MIN_STONES) continue;
    // The enemy groups next to g's stones or across one of its liberties.
    const rivals = enemiesNextTo(board, groupAt, g.color, [...g.stones, ...libertyPoints(board, g.stones)]);
    for (const i of rivals) {
      const h = groups[i];
      // The race reader's cut lines are guesses; a dead dragon racing a bigger one that the static
      // view lets live (pro19-cn-wide-003 at 90 %: 14 dead black stones against 54 white) is left.
      if (!open(h) || h.stones.length > g.stones.length || racesLeft === 0) continue;
      racesLeft--;
      // g must capture h moving first: a dead dragon that cannot even then is not in a race.
      const ours = capturesInRace(board, g.stones, h.stones);
      if (ours === 0) continue;
      const theirs = capturesInRace(board, h.stones, g.stones);
      if (theirs === 0) {
        set(g, 'alive');
        if (ours === 1) set(h, 'dead');
      } else if (theirs !== 1 && ours === 1) {
        // h wins moving first only through a ko, g moving first without one: the race is open.
        // (Both through a ko, engine9-004 at move 79 of 102: the dead side's ko stays a death.)
        set(g, 'critical');
        set(h, 'critical');
      } else continue;
      break;
    }
  }

  function set(g: RefinedGroup, status: RefinedGroup['status']): void {
    setRaceStatus(g, status, onChange);
  }
}
