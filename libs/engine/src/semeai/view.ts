import type { Board } from '../board/board';
import { EMPTY, WALL } from '../board/color';
import { eyeRange } from '../groups/eyespace';
import { viewDragon, type DragonView, type OwlEyeSpace, type OwlScratch, type OwlViewParams } from '../owl/eyespace';
import { goalStrings, type RaceGoal } from './goal';

/** Added areas hold at most this many enemy stones (one played on the vital point of a big eye). */
const MAX_INSIDE = 1;

/** Scratch for {@link raceView}: generation-stamped marks and buffers, one per board. */
export class RaceViewScratch {
  readonly mark: Int32Array;
  readonly libs: Int32Array;
  readonly strings: number[] = [];
  gen = 0;
  constructor(arraySize: number) {
    this.mark = new Int32Array(arraySize);
    this.libs = new Int32Array(arraySize);
  }
}

/**
 * The owl's view of `goal` in the race against `other`, with the enclosed areas the owl leaves out
 * added as eye spaces: a connected area of empty points and enemy stones that only the goal's
 * colour (and the edge) bounds, at most `params.maxEyeSpace` points, holding one enemy stone and
 * no stone of the other race goal (it replaces the owl's pieces of it). The owl floods eye spaces only through weak enemy stones, so a stone played inside
 * an eye with three liberties (on the vital point of a big eye) hides the whole eye from it; in a
 * race that eye is still the owner's and still worth its liberties. Null when the goal is captured.
 */
export function raceView(
  board: Board,
  goal: RaceGoal,
  other: RaceGoal,
  enemySphere: Uint8Array,
  friendAlive: Uint8Array,
  owlScratch: OwlScratch,
  params: OwlViewParams,
  scratch: RaceViewScratch,
): DragonView | null {
  const view = viewDragon(board, goal.stones, goal.owner, enemySphere, friendAlive, owlScratch, params);
  if (!view) return null;
  const { colors } = board;
  const adj = board.geo.adjacent;
  const owner = goal.owner;
  const gen = ++scratch.gen;
  const mark = scratch.mark;
  const otherHeads = new Set<number>();
  goalStrings(board, other, scratch.strings);
  for (const s of scratch.strings) otherHeads.add(board.chainHead(s));
  const added: OwlEyeSpace[] = [];
  const region: number[] = [];
  const stack: number[] = [];
  for (const s of view.strings) {
    const n = board.chainLibertyPoints(s, scratch.libs);
    for (let i = 0; i < n; i++) {
      const l = scratch.libs[i];
      if (mark[l] === gen || mark[l] === -gen) continue;
      region.length = 0;
      stack.length = 0;
      stack.push(l);
      mark[l] = gen;
      let open = false;
      let enemyInside = 0;
      while (stack.length > 0) {
        const p = stack.pop()!;
        region.push(p);
        if (colors[p] !== EMPTY) {
          enemyInside++;
          if (otherHeads.has(board.chainHead(p))) open = true;
        }
        if (region.length > params.maxEyeSpace) open = true;
        if (open) break;
        for (let k = 0; k < 4; k++) {
          const q = p + adj[k];
          const c = colors[q];
          if (c === WALL || c === owner || mark[q] === gen) continue;
          // Next to an area found open before.
          if (mark[q] === -gen) open = true;
          mark[q] = gen;
          stack.push(q);
        }
      }
      // The owl reads areas free of enemy stones itself, and those it has whole.
      if (!open && enemyInside > 0 && view.eyeSpaces.some((e) => e.points.length === region.length)) {
        const inside = new Set(region);
        if (view.eyeSpaces.some((e) => e.points.length === region.length && e.points.every((p) => inside.has(p))))
          open = true;
      }
      if (open || enemyInside === 0 || enemyInside > MAX_INSIDE) {
        // Not an eye space: marked as outside, so its other points are not flooded again.
        for (const p of region) mark[p] = -gen;
        for (const p of stack) mark[p] = -gen;
        continue;
      }
      added.push({ points: region.slice(), eyes: eyeRange(board, region, owner) });
    }
  }
  if (added.length === 0) return view;
  // The owl's spaces inside an added area (the parts of it it saw past the enemy stone) go.
  const kept = view.eyeSpaces.filter((e) => !e.points.every((p) => mark[p] === gen));
  const eyeSpaces = kept.concat(added);
  let minEyes = 0;
  let maxEyes = 0;
  for (const e of eyeSpaces) {
    minEyes += e.eyes.min;
    maxEyes += e.eyes.max;
  }
  const outerLiberties = view.outerLiberties.filter((p) => mark[p] !== gen);
  return { ...view, eyeSpaces, minEyes, maxEyes, outerLiberties };
}
