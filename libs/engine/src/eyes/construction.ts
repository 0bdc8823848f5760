import {
  BLACK as BLACK_EXPORT,
  EMPTY as EMPTY_EXPORT,
  WALL as WALL_EXPORT,
  WHITE as WHITE_EXPORT,
} from '../board/color';
import { Geometry } from '../board/geometry';
import { EyeGraphError, MAX_EYE_GRAPH_POINTS, type EyeGraph } from './parse';

// Local copies of the colours (see reader.ts: imported bindings may be getters, and the
// construction's loops read them often).
const EMPTY: number = EMPTY_EXPORT;
const BLACK: number = BLACK_EXPORT;
const WHITE: number = WHITE_EXPORT;
const WALL: number = WALL_EXPORT;

/**
 * Turns an eye graph into a 19x19 life-and-death problem (seed 002, GNU Go's construction): the
 * board is filled with defender (White) stones except the eye space, small invincible attacker
 * (Black) groups touch every marginal point, an invincible Black group in a corner gives the White
 * string outer liberties, and an extra eye at a corner lets the reader tell 0 from 1 or 2 eyes.
 *
 * Two layouts:
 * - `gnugo-3.8` (no options given): exactly GNU Go 3.8's `analyze_eyegraph` — two outer liberties,
 *   no virtual ko threats, repetition forbidden except for capturing moves.
 * - `extended` (outer liberties and/or ko threats given): GNU Go's later generalisation — 0..5
 *   outer liberties, -4..4 virtual ko threats (positive: the defender may ignore that many
 *   threats, negative: the attacker), repetition forbidden for the attacker only.
 */

/** The problem board's side. */
export const EYE_BOARD_SIZE = 19;

/** Kinds of playable vertices. */
export const enum VertexType {
  Regular = 0,
  OuterLiberty = 1,
  ExtraEye = 2,
  KoThreat = 3,
}

/** Which construction and search rules to follow. */
export type EyeGraphMode = 'gnugo-3.8' | 'extended';

/** A constructed problem: the initial position plus what the reader needs. */
export interface EyeProblem {
  mode: EyeGraphMode;
  geo: Geometry;
  /** Initial colours by point (WALL border). */
  colors: Int8Array;
  /** Playable vertices in GNU Go's order: graph points, stray White stones, then the specials. */
  vertices: Int32Array;
  types: Uint8Array;
  /** How many leading vertices are graph points. */
  numOrdinary: number;
  /** A stone of the big White string: when it is gone, White is captured. */
  string: number;
  extraEye: number;
  /** Marginal points of the graph. */
  margins: number[];
  /** Virtual ko-threat points (extended mode). */
  koThreats: number[];
  /** Who owns the virtual ko threats: EMPTY (nobody), WHITE or BLACK. */
  komaster: number;
  /** Where the graph's cell (0, 0) lies: board row `minRow`, column `minCol` (may be -1 off the edge). */
  minRow: number;
  minCol: number;
  numRows: number;
  width: number;
}

/** Options of the construction. */
export interface EyeProblemOptions {
  /** 0..5; given alone it switches to the extended layout (default there: 4). */
  outerLiberties?: number;
  /** -4..4; given alone it switches to the extended layout (default there: 1). */
  koThreats?: number;
}

const DEFAULT_OUTER_LIBERTIES = 4;
const DEFAULT_KO_THREATS = 1;

/**
 * Builds the problem position for a parsed graph; returns null when no invincible group fits
 * against every marginal point (GNU Go answers `? failed to analyze`). Throws EyeGraphError when
 * the points and the blanks they enclose (stray defender stones) exceed 17 vertices. Pure.
 */
export function buildEyeProblem(graph: EyeGraph, options: EyeProblemOptions = {}): EyeProblem | null {
  const problem = build(graph, options, false);
  // GNU Go 3.8 always puts the extra eye at A19 and its string probe at A18, and aborts when the
  // graph or a margin group takes A18; there we move them to T1/T2, as later GNU Go versions do.
  if (problem && problem.mode === 'gnugo-3.8' && problem.colors[problem.string] !== WHITE) {
    return build(graph, options, true);
  }
  return problem;
}

function build(graph: EyeGraph, options: EyeProblemOptions, extraEyeBottomRight: boolean): EyeProblem | null {
  const extended = options.outerLiberties !== undefined || options.koThreats !== undefined;
  const outerLiberties = options.outerLiberties ?? DEFAULT_OUTER_LIBERTIES;
  const koThreatsOption = options.koThreats ?? DEFAULT_KO_THREATS;
  const size = EYE_BOARD_SIZE;
  const geo = Geometry.of(size);
  const ns = geo.stride;
  const pos = (i: number, j: number) => j + 1 + (i + 1) * ns;
  const onBoard = (p: number) => p >= 0 && p < geo.arraySize && geo.emptyColors[p] !== WALL;

  // mx: the position under construction, White everywhere on the board.
  const mx = new Int8Array(geo.arraySize);
  for (const p of geo.points) mx[p] = WHITE;

  const numRows = graph.rows.length;
  const width = graph.width;
  const h = graph.horizontalEdge;
  const v = graph.verticalEdge;
  const minRow = h === 0 ? -1 : h > 0 ? size - numRows + 1 : Math.trunc((size - numRows) / 2);
  const minCol = v === 0 ? -1 : v > 0 ? size - width + 1 : Math.trunc((size - width) / 2);

  const vertices: number[] = [];
  const types: number[] = [];
  const margins: number[] = [];
  for (let r = 0; r < numRows; r++) {
    const row = graph.rows[r];
    for (let c = 0; c < row.length; c++) {
      const ch = row[c];
      if (ch === ' ' || ch === '|' || ch === '-' || ch === '+') continue;
      const p = pos(minRow + r, minCol + c);
      if (!onBoard(p)) continue; // the parser keeps points off edge lines; belt and braces
      mx[p] = ch === 'X' || ch === '$' ? BLACK : EMPTY;
      if (ch === '!' || ch === '$') margins.push(p);
      vertices.push(p);
      types.push(VertexType.Regular);
    }
  }
  const numOrdinary = vertices.length;

  let komaster: number = EMPTY;
  let koThreatCount: number;
  const koThreats: number[] = [];
  let extraEye: number;
  let string: number;
  if (!extended) {
    // GNU Go 3.8: a small two-eyed Black group near the lower left (upper right when the graph
    // lies there) with two outer liberties of the White string next to it.
    let g = pos(size - 2, 1);
    if ((v === 0 && h !== 0) || (h > 0 && v <= 0)) g = pos(1, size - 2);
    mx[g] = EMPTY;
    mx[g - ns] = BLACK;
    mx[g - ns - 1] = BLACK;
    mx[g - ns + 1] = EMPTY;
    mx[g - 1] = BLACK;
    mx[g + 1] = BLACK;
    mx[g + ns - 1] = EMPTY;
    mx[g + ns] = BLACK;
    mx[g + ns + 1] = BLACK;
    const up2 = onBoard(g - 2 * ns);
    mx[up2 ? g - 2 * ns : g + 2 * ns] = EMPTY;
    const libs = up2 ? [g - ns + 1, g - 2 * ns] : [g + ns - 1, g + 2 * ns];
    for (const p of libs) {
      vertices.push(p);
      types.push(VertexType.OuterLiberty);
    }
    if (extraEyeBottomRight) {
      extraEye = pos(size - 1, size - 1);
      string = pos(size - 2, size - 1);
    } else {
      extraEye = pos(0, 0);
      string = pos(1, 0);
    }
  } else {
    if (!Number.isInteger(outerLiberties) || outerLiberties < 0 || outerLiberties > 5) {
      throw new RangeError(`outerLiberties must be an integer from 0 to 5, got ${outerLiberties}`);
    }
    if (!Number.isInteger(koThreatsOption) || koThreatsOption < -4 || koThreatsOption > 4) {
      throw new RangeError(`koThreats must be an integer from -4 to 4, got ${koThreatsOption}`);
    }
    komaster = koThreatsOption > 0 ? WHITE : koThreatsOption < 0 ? BLACK : EMPTY;
    koThreatCount = Math.abs(koThreatsOption);
    // An invincible Black group in a corner: outer liberties along its top, ko-threat points below.
    let corner = pos(size - 1, 0);
    let up = -ns;
    let right = 1;
    if ((v === 0 && h !== 0) || (h > 0 && v <= 0)) {
      corner = pos(0, size - 1);
      up = ns;
      right = -1;
    }
    const local = (i: number, j: number) => corner + i * up + j * right;
    for (const [i, j] of [
      [0, 4],
      [1, 0],
      [1, 1],
      [1, 2],
      [1, 3],
      [1, 4],
      [2, 1],
      [2, 3],
      [3, 0],
      [3, 1],
      [3, 2],
      [3, 3],
      [3, 4],
    ]) {
      mx[local(i, j)] = BLACK;
    }
    mx[local(2, 0)] = EMPTY;
    mx[local(2, 2)] = EMPTY;
    for (let j = 0; j < 4; j++) mx[local(0, j)] = EMPTY;
    for (let k = 0; k < koThreatCount; k++) {
      vertices.push(local(0, k));
      types.push(VertexType.KoThreat);
      koThreats.push(local(0, k));
    }
    for (let k = 0; k < outerLiberties; k++) {
      vertices.push(local(4, k));
      types.push(VertexType.OuterLiberty);
      mx[local(4, k)] = EMPTY;
    }
    if (v !== 0 || h !== 0) {
      extraEye = pos(0, 0);
      string = pos(1, 0);
    } else {
      extraEye = pos(size - 1, size - 1);
      string = pos(size - 2, size - 1);
    }
  }
  mx[extraEye] = EMPTY;
  vertices.push(extraEye);
  types.push(VertexType.ExtraEye);

  if (!addMargins(geo, mx, margins, margins.length)) return null;

  // White stones cut off from the big string (blanks enclosed by the graph) are playable too:
  // they go just before the special vertices.
  const colors = new Int8Array(geo.emptyColors);
  for (const p of geo.points) colors[p] = mx[p];
  const mainString = whiteStringAt(geo, colors, string);
  let strays = 0;
  for (const p of geo.points) if (colors[p] === WHITE && !mainString[p]) strays++;
  if (numOrdinary + strays > MAX_EYE_GRAPH_POINTS) {
    // Enclosed blanks are defender stones the reader must play around: vertices like the points
    // (GNU Go counts them so too). Past 17 the search can outgrow any budget.
    throw new EyeGraphError(
      'too-many-points',
      `eye graph: ${numOrdinary} points and ${strays} enclosed blank${strays === 1 ? '' : 's'} ` +
        `(defender stones) make ${numOrdinary + strays} vertices; at most ${MAX_EYE_GRAPH_POINTS}`,
    );
  }
  for (const p of geo.points) {
    if (colors[p] !== WHITE || mainString[p]) continue;
    let k = vertices.length;
    while (types[k - 1] !== VertexType.Regular) k--;
    vertices.splice(k, 0, p);
    types.splice(k, 0, VertexType.Regular);
  }

  return {
    mode: extended ? 'extended' : 'gnugo-3.8',
    geo,
    colors,
    vertices: Int32Array.from(vertices),
    types: Uint8Array.from(types),
    numOrdinary,
    string,
    extraEye,
    margins,
    koThreats,
    komaster,
    minRow,
    minCol,
    numRows,
    width,
  };
}

function whiteStringAt(geo: Geometry, colors: Int8Array, start: number): Uint8Array {
  const seen = new Uint8Array(geo.arraySize);
  if (colors[start] !== WHITE) return seen;
  const stack = [start];
  seen[start] = 1;
  while (stack.length > 0) {
    const p = stack.pop()!;
    for (const d of geo.adjacent) {
      const q = p + d;
      if (colors[q] === WHITE && !seen[q]) {
        seen[q] = 1;
        stack.push(q);
      }
    }
  }
  return seen;
}

/** GNU Go's direction order: south, west, north, east. */
function deltas(ns: number): number[] {
  return [ns, -1, -ns, 1];
}

/**
 * Places an invincible Black group in contact with each marginal point, last margin first,
 * backtracking when a later margin finds no room. Mutates mx; false when impossible.
 */
function addMargins(geo: Geometry, mx: Int8Array, margins: number[], count: number): boolean {
  if (count === 0) return true;
  const ns = geo.stride;
  const onBoard = (p: number) => p >= 0 && p < geo.arraySize && geo.emptyColors[p] !== WALL;
  const saved = new Int8Array(mx);
  const margin = margins[count - 1];
  const delta = deltas(ns);
  for (let k = 0; k < 4; k++) {
    const up = delta[k];
    const right = delta[(k + 1) % 4];
    if (!onBoard(margin + up)) continue;
    if (
      mx[margin + up] === WHITE &&
      (!onBoard(margin + up + right) || mx[margin + up + right] === WHITE) &&
      (!onBoard(margin + up - right) || mx[margin + up - right] === WHITE)
    ) {
      for (let i = -3; i <= 0; i++) {
        for (let j = 2; j < 6; j++) {
          if (placeGroup(geo, mx, margin + j * up + i * right, up, right, margin, j)) {
            for (let s = 1; mx[margin + s * up] === WHITE; s++) mx[margin + s * up] = BLACK;
            if (addMargins(geo, mx, margins, count - 1)) return true;
            mx.set(saved);
          }
        }
      }
    }
  }
  return false;
}

/** Row of a point as GNU Go's I() computes it (C division truncates toward zero). */
function rowOf(p: number, ns: number): number {
  return Math.trunc(p / ns) - 1;
}
function colOf(p: number, ns: number): number {
  return (p % ns) - 1;
}

/**
 * Puts a 4x4 Black block with two eyes at `corner` (spanning `up` and `right`) if it and a ring
 * around it are all White (off-board ring points are allowed beside an edge margin), and the
 * corridor from the margin to it is White. Mutates mx on success.
 */
function placeGroup(
  geo: Geometry,
  mx: Int8Array,
  corner: number,
  up: number,
  right: number,
  margin: number,
  distance: number,
): boolean {
  const ns = geo.stride;
  const onBoard = (p: number) => p >= 0 && p < geo.arraySize && geo.emptyColors[p] !== WALL;
  const edge = !onBoard(margin + ns - 1) || !onBoard(margin - ns + 1);
  for (let k = 1; k < distance; k++) {
    if (!onBoard(margin + k * up) || mx[margin + k * up] !== WHITE) return false;
  }
  for (let u = -1; u <= 4; u++) {
    for (let w = -1; w <= 4; w++) {
      const p = corner + u * up + w * right;
      if (!onBoard(p)) {
        if (!edge) return false;
        if (u >= 0 && u <= 3 && w >= 0 && w <= 3) return false;
        const r = rowOf(p, ns);
        const c = colOf(p, ns);
        if (
          r !== rowOf(margin - ns, ns) &&
          r !== rowOf(margin + ns, ns) &&
          c !== colOf(margin - 1, ns) &&
          c !== colOf(margin + 1, ns)
        ) {
          return false;
        }
      } else if (mx[p] !== WHITE) return false;
    }
  }
  for (let u = 0; u <= 3; u++) for (let w = 0; w <= 3; w++) mx[corner + u * up + w * right] = BLACK;
  mx[corner + up + right] = EMPTY;
  mx[corner + 2 * up + 2 * right] = EMPTY;
  return true;
}
