import * as sabaki from '@sabaki/sgf';
import { IllegalMoveError } from '../board/board';
import { BLACK, EMPTY, WHITE, type Player, type PointColor } from '../board/color';
import { CoordinateError, PASS, formatGtpVertex, formatSgfPoint, parseSgfPoint } from '../board/coords';
import { MAX_BOARD_SIZE, MIN_BOARD_SIDE, Geometry } from '../board/geometry';
import { Game } from '../board/history';
import { RULES, type Rules } from '../board/rules';
import { SgfError } from './errors';

/** The root facts of an SGF game plus its main line, read but not yet replayed. */
export interface SgfRecord {
  /** Columns and rows: SZ[19] is 19 x 19, SZ[7:9] is 7 columns by 9 rows (FF[4]). */
  width: number;
  height: number;
  /** KM, or 0 when absent (the SGF default). */
  komi: number;
  /** HA, or 0. */
  handicap: number;
  /** From RU when recognised, else Japanese. */
  rules: Rules;
  /** The raw RU value, if any. */
  rulesText?: string;
  /** Root properties other than the game setup, e.g. PB, PW, RE, DT (first value each). */
  info: Record<string, string>;
  /** Main-line nodes (root first): property -> values. */
  nodes: Record<string, string[]>[];
  /** Total number of moves (B/W properties, passes included) along the main line. */
  moveCount: number;
}

const INFO_PROPS = ['PB', 'PW', 'BR', 'WR', 'RE', 'DT', 'EV', 'GN', 'PC', 'RO', 'TM', 'OT', 'SO'];

function recognisedRules(ru: string | undefined): Rules {
  if (!ru) return RULES.japanese;
  const t = ru.trim().toLowerCase();
  if (t.startsWith('jap')) return RULES.japanese;
  if (t.startsWith('chi')) return RULES.chinese;
  if (t === 'aga' || t.startsWith('american')) return RULES.aga;
  if (t.startsWith('kor')) return RULES.korean;
  if (t === 'nz' || t.startsWith('new')) return RULES['new-zealand'];
  if (t.startsWith('tromp') || t === 'tt') return RULES['tromp-taylor'];
  return RULES.japanese;
}

/**
 * Parses SGF text (with @sabaki/sgf) and reads the first game's root properties and main line
 * (first child at every branch). Throws SgfError naming the node and property on bad input:
 * no game tree, out-of-range SZ (`SZ[n]` or the rectangular `SZ[w:h]`, each 2..25), non-numeric
 * KM/HA. Does not replay the moves.
 */
export function readSgf(text: string): SgfRecord {
  if (typeof text !== 'string') throw new SgfError('input is not text');
  let roots: sabaki.SgfNode[];
  try {
    roots = sabaki.parse(text);
  } catch (e) {
    const msg = e instanceof RangeError ? 'nested too deeply' : (e as Error).message;
    throw new SgfError(`cannot parse: ${msg}`);
  }
  const root = roots.find((r) => r.id !== null);
  if (!root || !/\(\s*;/.test(text)) throw new SgfError('no game tree found (want "(;" ...)');
  const nodes: Record<string, string[]>[] = [];
  for (let n: sabaki.SgfNode | undefined = root; n; n = n.children[0]) nodes.push(n.data);
  const rootData = nodes[0];
  const gm = rootData.GM?.[0];
  if (gm !== undefined && gm.trim() !== '1')
    throw new SgfError(`GM[${gm}] is not Go (GM[1])`, 0, undefined, 'GM');

  const sz = rootData.SZ?.[0]?.trim() ?? '19';
  const dims = sz.split(':');
  const width = Number(dims[0].trim());
  const height = dims.length === 2 ? Number(dims[1].trim()) : width;
  const inRange = (n: number) => Number.isInteger(n) && n >= MIN_BOARD_SIDE && n <= MAX_BOARD_SIZE;
  if (dims.length > 2 || dims[0].trim() === '' || !inRange(width) || !inRange(height)) {
    throw new SgfError(
      `board size ${JSON.stringify(sz)} is not supported (want ${MIN_BOARD_SIDE} to ${MAX_BOARD_SIZE}, or W:H with each in that range)`,
      0,
      undefined,
      'SZ',
    );
  }
  const komiText = rootData.KM?.[0]?.trim();
  const komi = komiText === undefined || komiText === '' ? 0 : Number(komiText);
  if (!Number.isFinite(komi) || Math.abs(komi) > 1000) {
    throw new SgfError(`komi ${JSON.stringify(komiText)} is not a number`, 0, undefined, 'KM');
  }
  const haText = rootData.HA?.[0]?.trim();
  const handicap = haText === undefined || haText === '' ? 0 : Number(haText);
  if (!Number.isInteger(handicap) || handicap < 0 || handicap > width * height) {
    throw new SgfError(`handicap ${JSON.stringify(haText)} is not a stone count`, 0, undefined, 'HA');
  }
  const info: Record<string, string> = {};
  for (const k of INFO_PROPS) if (rootData[k]?.[0] !== undefined) info[k] = rootData[k][0];
  let moveCount = 0;
  for (const n of nodes) if (n.B !== undefined || n.W !== undefined) moveCount++;
  const rulesText = rootData.RU?.[0];
  return {
    width,
    height,
    komi,
    handicap,
    rules: recognisedRules(rulesText),
    rulesText,
    info,
    nodes,
    moveCount,
  };
}

/** Expands SGF point lists, including compressed rectangles `aa:cc`. Throws CoordinateError. */
function pointList(values: string[], geo: Geometry): number[] {
  const out: number[] = [];
  for (const v of values) {
    if (v.includes(':')) {
      const [a, b] = v.split(':');
      const p = parseSgfPoint(a, geo);
      const q = parseSgfPoint(b, geo);
      if (p === PASS || q === PASS) throw new CoordinateError(v, 'a rectangle needs two points');
      const [x0, x1] = [Math.min(geo.x(p), geo.x(q)), Math.max(geo.x(p), geo.x(q))];
      const [y0, y1] = [Math.min(geo.y(p), geo.y(q)), Math.max(geo.y(p), geo.y(q))];
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) out.push(geo.pt(x, y));
    } else {
      const p = parseSgfPoint(v, geo);
      if (p === PASS) throw new CoordinateError(v, 'setup needs a point, not a pass');
      out.push(p);
    }
  }
  return out;
}

/** Options for replaying an SGF. */
export interface ReplayOptions {
  /** Stop after this many moves (0 = setup only); default: all. Throws SgfError beyond the end. */
  move?: number;
  /** Override the rules read from RU. */
  rules?: Rules;
}

/**
 * Replays an SGF record's main line into a Game: setup (AB/AW/AE), PL, moves and passes, up to
 * `options.move`. Throws SgfError naming the node, move number and property on a bad point or an
 * illegal move. Returns a new Game; does not mutate the record.
 */
export function replaySgf(record: SgfRecord, options: ReplayOptions = {}): Game {
  const stopAt = options.move ?? record.moveCount;
  if (!Number.isInteger(stopAt) || stopAt < 0) {
    throw new SgfError(`move number must be a whole number >= 0, got ${options.move}`);
  }
  if (stopAt > record.moveCount) {
    throw new SgfError(
      `move ${stopAt} is past the end of the game (${record.moveCount} move${record.moveCount === 1 ? '' : 's'})`,
    );
  }
  const game = new Game(record, { rules: options.rules ?? record.rules, komi: record.komi });
  const geo = game.geo;
  let moves = 0;
  for (let i = 0; i < record.nodes.length; i++) {
    const data = record.nodes[i];
    const isMove = data.B !== undefined || data.W !== undefined;
    if (isMove && moves >= stopAt) break;
    const setup: { point: number; color: PointColor }[] = [];
    // SGF forbids one point in two setup properties of a node; the outcome would depend on order.
    const setBy = new Map<number, string>();
    for (const [prop, color] of [
      ['AE', EMPTY],
      ['AB', BLACK],
      ['AW', WHITE],
    ] as [string, PointColor][]) {
      if (!data[prop]) continue;
      let points: number[];
      try {
        points = pointList(data[prop], geo);
      } catch (e) {
        throw new SgfError((e as Error).message, i, undefined, prop);
      }
      for (const point of points) {
        const other = setBy.get(point);
        if (other !== undefined && other !== prop) {
          const where = `${formatSgfPoint(point, geo)} (${formatGtpVertex(point, geo)})`;
          throw new SgfError(`point ${where} is also set by ${other} in this node`, i, undefined, prop);
        }
        setBy.set(point, prop);
        setup.push({ point, color });
      }
    }
    let toPlay: Player | undefined;
    if (data.PL) {
      // B or W; FF[1]-FF[3] files (GNU Go's regression games among them) also write 1 and 2.
      const pl = data.PL[0]?.trim().toUpperCase();
      if (pl !== 'B' && pl !== 'W' && pl !== '1' && pl !== '2')
        throw new SgfError(`PL[${data.PL[0]}] must be B or W`, i, undefined, 'PL');
      toPlay = pl === 'B' || pl === '1' ? BLACK : WHITE;
    }
    if (setup.length > 0) {
      const isHandicap = i === 0 && record.handicap > 0 && moves === 0 && !data.AW && !data.AE;
      const next = toPlay ?? (isHandicap ? WHITE : game.toPlay);
      game.setup(setup, next);
      if (isHandicap) game.handicap = record.handicap;
    } else if (toPlay !== undefined) {
      game.toPlay = toPlay;
    }
    if (!isMove) continue;
    if (data.B !== undefined && data.W !== undefined) {
      throw new SgfError('a node holds both B and W', i, moves + 1, 'B');
    }
    const prop = data.B !== undefined ? 'B' : 'W';
    const player = prop === 'B' ? BLACK : WHITE;
    const value = (data[prop][0] ?? '').trim();
    moves++;
    let point: number;
    try {
      point = parseSgfPoint(value, geo);
    } catch (e) {
      throw new SgfError((e as Error).message, i, moves, prop);
    }
    try {
      game.play(point, player);
    } catch (e) {
      if (e instanceof IllegalMoveError) {
        throw new SgfError(
          `illegal move ${prop}[${value}] (${formatGtpVertex(point, geo)}): ${e.reason}`,
          i,
          moves,
          prop,
        );
      }
      throw e;
    }
  }
  if (record.handicap > 0) game.handicap = record.handicap;
  return game;
}

/** Parses SGF text and returns the Game after `move` moves (default: the end). Throws SgfError. */
export function positionAfter(text: string, move?: number): Game {
  return replaySgf(readSgf(text), { move });
}
