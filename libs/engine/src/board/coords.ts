import { BLACK, WHITE, type Player } from './color';
import { Geometry } from './geometry';

/** The move value of a pass in every API that takes a point (0 is never an on-board point). */
export const PASS = 0;

/** GTP column letters: A..Z without I (25 columns, enough for 25x25). */
export const GTP_COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** Thrown for a coordinate that does not name a point (or pass) on the board; names the input. */
export class CoordinateError extends Error {
  constructor(
    readonly input: unknown,
    problem: string,
  ) {
    super(`bad coordinate ${JSON.stringify(input)}: ${problem}`);
    this.name = 'CoordinateError';
  }
}

/**
 * Parses a GTP vertex (`Q16`, `q16`, `pass`) on `geo`. Returns the point, or PASS.
 * Throws CoordinateError naming the input when it is malformed or off the board.
 */
export function parseGtpVertex(vertex: string, geo: Geometry): number {
  if (typeof vertex !== 'string') throw new CoordinateError(vertex, 'not a string');
  const s = vertex.trim().toUpperCase();
  if (s === 'PASS') return PASS;
  const m = /^([A-Z])(\d{1,2})$/.exec(s);
  if (!m) throw new CoordinateError(vertex, 'want a column letter and a row number, e.g. Q16, or pass');
  if (m[1] === 'I') throw new CoordinateError(vertex, 'GTP columns skip the letter I');
  const x = GTP_COLUMNS.indexOf(m[1]);
  const row = Number(m[2]);
  if (x >= geo.width) throw new CoordinateError(vertex, `column ${m[1]} is off the ${geo.label} board`);
  if (row < 1 || row > geo.height) {
    throw new CoordinateError(vertex, `row ${row} is off the ${geo.label} board`);
  }
  return geo.pt(x, geo.height - row);
}

/** Formats a point (or PASS) as a GTP vertex such as `Q16` or `pass`. Does not validate beyond range. */
export function formatGtpVertex(p: number, geo: Geometry): string {
  if (p === PASS) return 'pass';
  const x = geo.x(p);
  const y = geo.y(p);
  if (!geo.inside(x, y)) throw new CoordinateError(p, `point index is off the ${geo.label} board`);
  return GTP_COLUMNS[x] + String(geo.height - y);
}

/**
 * Parses an SGF point (`pd`; x then y, `a` = first column / top row). The empty value and, on boards
 * up to 19x19, `tt` mean pass (FF[3] convention). Throws CoordinateError on anything else off-board.
 */
export function parseSgfPoint(value: string, geo: Geometry): number {
  if (typeof value !== 'string') throw new CoordinateError(value, 'not a string');
  if (value === '' || (value === 'tt' && geo.width <= 19 && geo.height <= 19)) return PASS;
  if (!/^[a-zA-Z]{2}$/.test(value)) throw new CoordinateError(value, 'SGF points are two letters, e.g. pd');
  const x = sgfLetter(value.charCodeAt(0));
  const y = sgfLetter(value.charCodeAt(1));
  if (!geo.inside(x, y)) throw new CoordinateError(value, `point is off the ${geo.label} board`);
  return geo.pt(x, y);
}

function sgfLetter(code: number): number {
  // a..z = 0..25, A..Z = 26..51 (SGF FF[4] for large boards).
  return code >= 97 ? code - 97 : code - 65 + 26;
}

/** Formats a point as an SGF point (`pd`); PASS is the empty string (valid on every size). */
export function formatSgfPoint(p: number, geo: Geometry): string {
  if (p === PASS) return '';
  const x = geo.x(p);
  const y = geo.y(p);
  if (!geo.inside(x, y)) throw new CoordinateError(p, `point index is off the ${geo.label} board`);
  return String.fromCharCode(97 + x, 97 + y);
}

/** A move: a player and a point (PASS for a pass). */
export interface Move {
  player: Player;
  point: number;
}

/** Parses a player name: `B`/`W`, `black`/`white` (any case). Throws CoordinateError otherwise. */
export function parsePlayer(s: string): Player {
  const t = typeof s === 'string' ? s.trim().toLowerCase() : '';
  if (t === 'b' || t === 'black') return BLACK;
  if (t === 'w' || t === 'white') return WHITE;
  throw new CoordinateError(s, 'player must be B, W, black or white');
}

/** Parses a KataGo-style move `["B","Q16"]` (GTP vertex, `pass` allowed). Throws CoordinateError. */
export function parseKataGoMove(move: unknown, geo: Geometry): Move {
  if (
    !Array.isArray(move) ||
    move.length !== 2 ||
    typeof move[0] !== 'string' ||
    typeof move[1] !== 'string'
  ) {
    throw new CoordinateError(move, 'a KataGo move is ["B"|"W", vertex]');
  }
  return { player: parsePlayer(move[0]), point: parseGtpVertex(move[1], geo) };
}

/** Formats a move as KataGo's `["B","Q16"]`. */
export function formatKataGoMove(move: Move, geo: Geometry): [string, string] {
  return [move.player === BLACK ? 'B' : 'W', formatGtpVertex(move.point, geo)];
}

/** Parses an OGS `[x, y]` (0-based from the top-left; `[-1, -1]` is a pass). Throws CoordinateError. */
export function parseOgsPoint(xy: unknown, geo: Geometry): number {
  if (!Array.isArray(xy) || xy.length !== 2 || !Number.isInteger(xy[0]) || !Number.isInteger(xy[1])) {
    throw new CoordinateError(xy, 'an OGS point is [x, y] with integer x and y');
  }
  const [x, y] = xy as [number, number];
  if (x === -1 && y === -1) return PASS;
  if (!geo.inside(x, y)) throw new CoordinateError(xy, `point is off the ${geo.label} board`);
  return geo.pt(x, y);
}

/** Formats a point as OGS `[x, y]` from the top-left; PASS is `[-1, -1]`. */
export function formatOgsPoint(p: number, geo: Geometry): [number, number] {
  if (p === PASS) return [-1, -1];
  const x = geo.x(p);
  const y = geo.y(p);
  if (!geo.inside(x, y)) throw new CoordinateError(p, `point index is off the ${geo.label} board`);
  return [x, y];
}
