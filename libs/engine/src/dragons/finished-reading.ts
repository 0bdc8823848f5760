import type { Board } from '../board/board';
import type { GroupRefiner } from '../groups/status';
import type { OwlReader } from '../owl/owl';
import { readSemeai } from '../owl/semeai';
import { enemiesNextTo, groupIndex, libertyPoints } from './races';
import { SAFETY } from './safety';

type RefinedGroup = Parameters<GroupRefiner>[0][number];

/** Static deaths of this many stones or more are read again on a finished board. */
const FINISHED_DEAD_STONES = 4;
/** Dragons of this many stones or more are not read (so not killed) on a finished board. */
const FINISHED_MAX_KILL = 12;
/** A dragon without an eye of more liberties than this is in no seki the finished reading looks for. */
const SEKI_LIBERTIES = 4;

/** What the finished reading needs of the refiner. */
export interface FinishedReadingContext {
  readonly board: Board;
  /** The late owl (late-reading.ts). */
  readonly owl: OwlReader;
  /** Stones of living dragons, the owl's friends; updated as dragons live or die here. */
  readonly alive: Uint8Array;
  /** Two sure eyes by the static count, or Benson's life. */
  readonly sure: (g: RefinedGroup) => boolean;
  /**
   * Sets the owl's spheres from the influence field without these stones (they are read), so a
   * dragon's own stones do not lend it room; `restore` puts the round's spheres back.
   */
  readonly spheresWithout: (stones: readonly number[]) => void;
  readonly restore: () => void;
}

/**
 * A game both players ended by passing is counted as it stands: nobody moves again, so a dragon's
 * room and its own influence no longer make it live. The territory path reads its dragons again with
 * the late owl and spheres taken from the field without the dragon's own stones:
 * - a static death of FINISHED_DEAD_STONES+ stones that the owl, moving first, cannot kill lives
 *   (eye space shared with friends is counted per group by the static view: score2.tst 49, an
 *   11-stone black group with a large edge space, W+19.5 for B+27.5 before, B+26.5 after);
 * - a dragon called alive or critical without two sure eyes, of fewer than FINISHED_MAX_KILL stones
 *   and with no dead enemy stone within two points (those still stand on the board the owl reads:
 *   score.tst 8 lost a living stone beside dead ones), that the owl kills moving first and cannot save
 *   moving first is dead (score2.tst 35, seven white stones without an eye inside Black's corner).
 * Larger dragons are left: reading them killed living groups (score.tst 22, 27).
 * Sets status and safety of the dragons it changes.
 */
export function readFinishedDragons(groups: readonly RefinedGroup[], ctx: FinishedReadingContext): void {
  const { board, owl, alive } = ctx;
  const dead = new Uint8Array(board.geo.arraySize);
  for (const g of groups) if (g.status === 'dead') for (const p of g.stones) dead[p] = 1;
  for (const g of groups) {
    const size = g.stones.length;
    if (size >= FINISHED_MAX_KILL || g.status === 'seki') continue;
    if (g.status === 'dead') {
      if (size < FINISHED_DEAD_STONES) continue;
      ctx.spheresWithout(g.stones);
      if (owl.attack(g.stones).code !== 0) continue;
      g.status = 'alive';
      g.safety = SAFETY.alive;
      for (const p of g.stones) {
        alive[p] = 1;
        dead[p] = 0;
      }
      continue;
    }
    if (ctx.sure(g) || nearDeadEnemy(board, g.stones, dead)) continue;
    ctx.spheresWithout(g.stones);
    for (const p of g.stones) alive[p] = 0;
    const attack = owl.attack(g.stones);
    if (attack.code !== 0 && owl.defend(g.stones).code === 0) {
      g.status = 'dead';
      g.safety = 0;
      for (const p of g.stones) dead[p] = 1;
    } else if (g.status === 'alive') for (const p of g.stones) alive[p] = 1;
  }
  ctx.restore();
  findSeki(groups, ctx);
}

/**
 * Seki on a finished board: a dragon without an eye (static count) of at most SEKI_LIBERTIES
 * liberties beside an enemy dragon sharing a liberty with it, neither with two sure eyes nor dead,
 * where the semeai reader finds that neither side captures the other moving first. Both become
 * 'seki' (their eyes are then nobody's under territory rules, territory/seki.ts). GNU Go's
 * score2.tst 49: four black stones and a white group with one eye, B+26.5 for B+27.5 before.
 */
function findSeki(groups: readonly RefinedGroup[], ctx: FinishedReadingContext): void {
  const { board } = ctx;
  const groupAt = groupIndex(board, groups);
  const open = (g: RefinedGroup) => g.status !== 'dead' && g.status !== 'seki' && !ctx.sure(g);
  for (const g of groups) {
    if (!open(g) || g.eyes.max > 0) continue;
    const liberties = libertyPoints(board, g.stones);
    if (liberties.size > SEKI_LIBERTIES) continue;
    // Enemy dragons on the other side of a liberty.
    const enemies = enemiesNextTo(board, groupAt, g.color, liberties);
    for (const i of enemies) {
      const h = groups[i];
      if (!open(h)) continue;
      const life = { dragons: [{ stones: g.stones }, { stones: h.stones }] };
      const ours = readSemeai(board, life, 0, 1, g.stones[0], h.stones[0]);
      if (ours.attack !== 0) continue;
      const theirs = readSemeai(board, life, 1, 0, h.stones[0], g.stones[0]);
      if (theirs.attack !== 0) continue;
      for (const x of [g, h]) {
        x.status = 'seki';
        x.safety = SAFETY.seki;
      }
      break;
    }
  }
}

/** A dead enemy stone next to the stones or to one of their empty neighbours. */
function nearDeadEnemy(board: Board, stones: readonly number[], dead: Uint8Array): boolean {
  const { adjacent } = board.geo;
  const { colors } = board;
  const enemy = 3 - colors[stones[0]];
  for (const p of stones)
    for (let k = 0; k < 4; k++) {
      const q = p + adjacent[k];
      if (colors[q] === enemy && dead[q]) return true;
      if (colors[q] !== 0) continue;
      for (let j = 0; j < 4; j++) {
        const r = q + adjacent[j];
        if (colors[r] === enemy && dead[r]) return true;
      }
    }
  return false;
}
