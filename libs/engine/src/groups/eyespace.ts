import { type Player } from '../board/color';
import type { Geometry } from '../board/geometry';
import { analyzeEyeGraph } from '../eyes/analyze';
import type { ColorPosition } from '../influence/position';

/** Fewest and most eyes an eye space gives under alternating play (opponent first / owner first). */
export interface EyeRange {
  readonly min: number;
  readonly max: number;
  /** Where the value came from: the eye-graph reader or the size rule. */
  readonly source: 'reader' | 'size';
  /** The reader's vital points (board points) for the attacker and the defender; empty otherwise. */
  readonly attack: readonly number[];
  readonly defense: readonly number[];
}

/** The reader's answer for one shape: eye range and vital points as cells of the graph text. */
interface ReaderAnswer {
  readonly min: number;
  readonly max: number;
  readonly attack: readonly { row: number; col: number }[];
  readonly defense: readonly { row: number; col: number }[];
}

/** Limits of the eye-space evaluation. */
export interface EyeSpaceParams {
  /** Spaces with at most this many points go to the eye-graph reader (GNU Go's limit is 17). */
  readonly readerMaxPoints: number;
  /** Node budget per reader call; over it the size rule decides. */
  readonly readerBudget: number;
  /**
   * Outer liberties of the surrounding group in the reader's extended construction (GNU Go 3.8's own
   * construction misreads corner shapes: `+---%|...` gives 0011 instead of 1122).
   */
  readonly outerLiberties: number;
  /** Spaces with at least this many empty points count as two sure eyes. */
  readonly bigSpace: number;
  /**
   * A space with marginal points (the owl's spaces the enemy can enter) that the reader tried and
   * could not value, mostly because no invincible attacker group fits beside every margin in a
   * corner, has no sure eye: the size rule's maximum with a minimum of 0 (unset: the size rule).
   */
  readonly unreadMarginsNoSureEye?: boolean;
}

/** Defaults: the reader up to 10 points (about 2 ms each, cached), seven empty points make life. */
export const DEFAULT_EYE_SPACE_PARAMS: EyeSpaceParams = {
  readerMaxPoints: 10,
  readerBudget: 200_000,
  outerLiberties: 2,
  bigSpace: 7,
};

const readerCache = new Map<string, ReaderAnswer | null>();

/**
 * Encodes an eye space of `owner` as a GNU Go eye graph (multi-line form): `.` empty point, `X`
 * attacker stone, `!`/`$` marginal points (a false-eye shape: two enemy diagonals in the open, one
 * on the edge), `|` `-` `+` board edges. Pure.
 */
export function eyeGraphText(pos: ColorPosition, points: readonly number[], owner: Player): string {
  return eyeGraph(pos, points, owner).text;
}

/** The eye graph text and the board column/row of its first character. */
function eyeGraph(
  pos: ColorPosition,
  points: readonly number[],
  owner: Player,
  margins?: ReadonlySet<number>,
): { text: string; x0: number; y0: number } {
  const { geo, colors } = pos;
  const inSpace = new Set(points);
  let x0 = geo.width;
  let y0 = geo.height;
  let x1 = -1;
  let y1 = -1;
  for (const p of points) {
    x0 = Math.min(x0, geo.x(p));
    x1 = Math.max(x1, geo.x(p));
    y0 = Math.min(y0, geo.y(p));
    y1 = Math.max(y1, geo.y(p));
  }
  const enemy = 3 - owner;
  const rows: string[] = [];
  for (let y = y0 - 1; y <= y1 + 1; y++) {
    let row = '';
    for (let x = x0 - 1; x <= x1 + 1; x++) {
      const offX = x < 0 || x >= geo.width;
      const offY = y < 0 || y >= geo.height;
      if (offX && offY) row += '+';
      else if (offY) row += '-';
      else if (offX) row += '|';
      else {
        const p = geo.pt(x, y);
        if (!inSpace.has(p)) row += ' ';
        else
          row +=
            margins?.has(p) || marginal(geo, colors, p, enemy, inSpace)
              ? colors[p] === enemy
                ? '$'
                : '!'
              : colors[p] === enemy
                ? 'X'
                : '.';
      }
    }
    rows.push(row);
  }
  // Keep only the edge rows/columns that touch the board edge; drop blank frame lines.
  const keepTop = y0 === 0;
  const keepBottom = y1 === geo.height - 1;
  const keepLeft = x0 === 0;
  const keepRight = x1 === geo.width - 1;
  const body = rows.slice(keepTop ? 0 : 1, keepBottom ? rows.length : rows.length - 1);
  const text = body
    .map((r) => r.slice(keepLeft ? 0 : 1, keepRight ? r.length : r.length - 1).replace(/\s+$/, ''))
    .join('\n');
  return { text, x0: keepLeft ? x0 - 1 : x0, y0: keepTop ? y0 - 1 : y0 };
}

function marginal(geo: Geometry, colors: Int8Array, p: number, enemy: number, inSpace: Set<number>): boolean {
  let enemyDiagonals = 0;
  let onBoardDiagonals = 0;
  for (let k = 0; k < 4; k++) {
    const q = p + geo.diagonal[k];
    if (colors[q] === 3) continue;
    onBoardDiagonals++;
    if (colors[q] === enemy && !inSpace.has(q)) enemyDiagonals++;
  }
  return onBoardDiagonals === 4 ? enemyDiagonals >= 2 : enemyDiagonals >= 1;
}

/**
 * Eye range of an eye space (connected points not holding `owner`'s stones, bordered only by
 * `owner`). Small spaces are read by the eye-graph reader (cached by shape); big ones give two eyes;
 * spaces the reader cannot take fall back to a size rule. `margins`: points of the space that are
 * marginal besides the false-eye shapes (the owl's points next to where the enemy comes in). Pure
 * apart from the shape cache.
 */
export function eyeRange(
  pos: ColorPosition,
  points: readonly number[],
  owner: Player,
  params: EyeSpaceParams = DEFAULT_EYE_SPACE_PARAMS,
  margins?: ReadonlySet<number>,
): EyeRange {
  let empties = 0;
  for (const p of points) if (pos.colors[p] === 0) empties++;
  const bySize = (min: number, max: number): EyeRange => ({
    min,
    max,
    source: 'size',
    attack: [],
    defense: [],
  });
  if (empties >= params.bigSpace) return bySize(2, 2);
  if (points.length <= params.readerMaxPoints) {
    const { text, x0, y0 } = eyeGraph(pos, points, owner, margins);
    const key = `${params.outerLiberties}|${params.readerBudget}|${text}`;
    let cached = readerCache.get(key);
    if (cached === undefined) {
      try {
        const a = analyzeEyeGraph(text, {
          budget: params.readerBudget,
          outerLiberties: params.outerLiberties,
          koThreats: 0,
        });
        cached = { min: a.eyes.min, max: a.eyes.max, attack: a.attack, defense: a.defense };
      } catch {
        // Unrealizable shapes, odd edges or an exhausted budget: the size rule below decides.
        cached = null;
      }
      readerCache.set(key, cached);
    }
    if (cached) {
      const { geo } = pos;
      const toPoint = (c: { row: number; col: number }) => geo.pt(x0 + c.col, y0 + c.row);
      return {
        min: cached.min,
        max: cached.max,
        source: 'reader',
        attack: cached.attack.map(toPoint),
        defense: cached.defense.map(toPoint),
      };
    }
  }
  // The size rule. The enemy moving first may leave a space it enters at its margins, which the
  // reader tried and could not value, no eye (see unreadMarginsNoSureEye).
  const max = empties === 0 ? 0 : empties <= 2 ? 1 : 2;
  const unread =
    params.unreadMarginsNoSureEye === true &&
    (margins?.size ?? 0) > 0 &&
    points.length <= params.readerMaxPoints;
  return bySize(unread ? 0 : Math.min(max, 1), max);
}
