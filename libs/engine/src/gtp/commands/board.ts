import { BLACK, EMPTY, WHITE } from '../../board/color';
import { CoordinateError, PASS, formatGtpVertex, parseGtpVertex, parseSgfPoint } from '../../board/coords';
import { Geometry, MAX_BOARD_SIZE, MIN_BOARD_SIDE } from '../../board/geometry';
import { fixedHandicapPoints } from '../../board/history';
import { parseRules } from '../../board/rules';
import { IllegalMoveError } from '../../board/board';
import { SgfError, readSgf, replaySgf, writeSgf, type SgfRecord } from '../../sgf';
import { GtpError } from '../protocol';
import type { GtpHandler } from '../handler';
import { gtpColor, gtpColorName, type GtpSession } from '../session';

function vertex(session: GtpSession, arg: string | undefined): number {
  try {
    return parseGtpVertex(arg ?? '', session.game.geo);
  } catch (e) {
    if (e instanceof CoordinateError) throw new GtpError('invalid color or coordinate');
    throw e;
  }
}

/** A colour argument of a command that takes no vertex: GNU Go's `invalid color` when bad. */
function colorOnly(arg: string | undefined): ReturnType<typeof gtpColor> {
  try {
    return gtpColor(arg);
  } catch {
    throw new GtpError('invalid color');
  }
}

function boardIsEmpty(session: GtpSession): boolean {
  const b = session.game.board;
  for (const p of b.geo.points) if (b.colors[p] !== EMPTY) return false;
  return true;
}

/**
 * True at a star point (hoshi), where `showboard` draws `+` on an empty point: GNU Go's set, read off
 * its output for sizes 5..19 and continued above 19. Corner stars sit on the 2nd line on 5x5, the
 * 3rd up to 11x11, the 4th from 12x12; odd boards add the centre, odd boards from 13x13 the sides.
 * On a rectangular board (`height` given) each axis takes the lines of its own length.
 */
export function isStarPoint(size: number, x: number, y: number, height = size): boolean {
  const line = (n: number, v: number): boolean => {
    const d = n === 5 ? 1 : n <= 11 ? 2 : 3;
    return v === d || v === n - 1 - d || (n % 2 === 1 && n >= 13 && v === (n - 1) / 2);
  };
  if (size % 2 === 1 && height % 2 === 1 && x === (size - 1) / 2 && y === (height - 1) / 2) return true;
  return line(size, x) && line(height, y);
}

/**
 * The board as GNU Go's `showboard` draws it: labels on all sides, `+` on empty star points, the
 * prisoners beside the 9th and 10th rows from the top (the last two rows on boards under 11x11).
 */
export function drawBoard(session: GtpSession): string {
  const b = session.game.board;
  const { width, height } = b.geo;
  const letters = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'.slice(0, width).split('').join(' ');
  const whiteLine = Math.min(8, height - 2);
  const lines = [`   ${letters}`];
  for (let y = 0; y < height; y++) {
    const row = height - y;
    const cells: string[] = [];
    for (let x = 0; x < width; x++) {
      const c = b.colors[b.geo.pt(x, y)];
      cells.push(c === BLACK ? 'X' : c === WHITE ? 'O' : isStarPoint(width, x, y, height) ? '+' : '.');
    }
    let line = `${String(row).padStart(2)} ${cells.join(' ')} ${row}`;
    if (y === whiteLine) line += `     WHITE (O) has captured ${b.captures[WHITE]} stones`;
    if (y === whiteLine + 1) line += `     BLACK (X) has captured ${b.captures[BLACK]} stones`;
    lines.push(line);
  }
  lines.push(`   ${letters}`);
  return '\n' + lines.join('\n');
}

/**
 * How many moves of `record` to replay for `loadsgf FILE UNTIL`, as GNU Go reads UNTIL: a move
 * number N stops before move N (N-1 moves; past the end = all); a vertex stops before the first
 * move played there (`pass`: before the first pass; never played: all). Throws GtpError for anything else.
 */
function movesBefore(record: SgfRecord, until: string): number {
  if (/^\d+$/.test(until)) {
    const n = Number(until);
    if (n < 1) throw new GtpError(`move number must be a positive integer, got '${until}'`);
    return Math.min(n - 1, record.moveCount);
  }
  const geo = Geometry.of(record.width, record.height);
  let target: number;
  try {
    target = parseGtpVertex(until, geo);
  } catch {
    throw new GtpError(`want a move number or a vertex after the file name, got '${until}'`);
  }
  let moves = 0;
  for (const node of record.nodes) {
    const value = node.B?.[0] ?? node.W?.[0];
    if (value === undefined) continue;
    let p: number;
    try {
      p = parseSgfPoint(value.trim(), geo);
    } catch {
      return moves + 1; // the replay names the bad point
    }
    if (p === target) return moves;
    moves++;
  }
  return moves;
}

/** `play COLOR VERTEX` (and `trymove`): GNU Go's error texts. */
function playMove(args: readonly string[], session: GtpSession): string {
  if (args.length < 2) throw new GtpError('invalid color or coordinate');
  const player = gtpColor(args[0]);
  const p = vertex(session, args[1]);
  try {
    session.game.play(p, player);
  } catch (e) {
    if (e instanceof IllegalMoveError) throw new GtpError('illegal move');
    throw e;
  }
  return '';
}

/** Board setup and moves: boardsize, clear_board, komi, play, undo, handicap, loadsgf, printsgf... */
export const BOARD_GTP_COMMANDS: Readonly<Record<string, GtpHandler>> = {
  boardsize: (args, session) => {
    if (args.length < 1 || !/^\d+$/.test(args[0])) throw new GtpError('boardsize not an integer');
    const size = Number(args[0]);
    if (size < MIN_BOARD_SIDE || size > MAX_BOARD_SIZE) throw new GtpError('unacceptable size');
    session.resetBoard(size);
    return '';
  },
  // KataGo's extension (Sabaki sends it for a non-square board): columns, then rows.
  rectangular_boardsize: (args, session) => {
    if (args.length < 2 || !/^\d+$/.test(args[0]) || !/^\d+$/.test(args[1]))
      throw new GtpError('Expected two integer arguments for rectangular_boardsize');
    const [width, height] = [Number(args[0]), Number(args[1])];
    const ok = (n: number) => n >= MIN_BOARD_SIDE && n <= MAX_BOARD_SIZE;
    if (!ok(width) || !ok(height)) throw new GtpError('unacceptable size');
    session.resetBoard({ width, height });
    return '';
  },
  clear_board: (_args, session) => {
    session.resetBoard();
    return '';
  },
  komi: (args, session) => {
    const k = Number(args[0]);
    if (args.length < 1 || args[0].trim() === '' || !Number.isFinite(k))
      throw new GtpError('komi not a float');
    session.game.komi = k;
    return '';
  },
  get_komi: (_args, session) => String(session.game.komi),
  play: (args, session) => playMove(args, session),
  // GTP version 1's `black V` / `white V` (GNU Go keeps them; its regression suites use them).
  black: (args, session) => playMove(['black', ...args], session),
  white: (args, session) => playMove(['white', ...args], session),
  // GNU Go's trymove / popgo: a move to take back later (its regression suites set positions up so).
  trymove: (args, session) => playMove(args, session),
  popgo: (args, session) => {
    if (args.length !== 0) throw new GtpError('popgo takes no arguments');
    const last = session.game.history[session.game.history.length - 1];
    if (!last || last.kind !== 'move') throw new GtpError('cannot popgo');
    session.game.undo();
    return '';
  },
  undo: (_args, session) => {
    const last = session.game.history[session.game.history.length - 1];
    if (!last || last.kind !== 'move') throw new GtpError('cannot undo');
    session.game.undo();
    return '';
  },
  fixed_handicap: (args, session) => {
    if (args.length < 1 || !/^\d+$/.test(args[0])) throw new GtpError('handicap not an integer');
    if (!boardIsEmpty(session) || session.game.moveNumber > 0) throw new GtpError('board not empty');
    let points: number[];
    try {
      points = fixedHandicapPoints(session.game.geo, Number(args[0]));
    } catch {
      throw new GtpError('invalid handicap');
    }
    session.game.placeHandicap(points);
    // Answered in board order (top row first), as GNU Go lists them, so the two answers diff clean.
    return [...points]
      .sort((a, b) => a - b)
      .map((p) => formatGtpVertex(p, session.game.geo))
      .join(' ');
  },
  set_free_handicap: (args, session) => {
    if (!boardIsEmpty(session) || session.game.moveNumber > 0) throw new GtpError('board not empty');
    const points = args.map((a) => vertex(session, a));
    if (points.includes(PASS)) throw new GtpError('invalid coordinate');
    if (new Set(points).size !== points.length) throw new GtpError('repeated vertex');
    if (points.length < 2 || points.length >= session.game.geo.points.length) {
      throw new GtpError('invalid handicap');
    }
    session.game.placeHandicap(points);
    return '';
  },
  loadsgf: (args, session) => {
    if (args.length < 1 || args.length > 2) throw new GtpError('loadsgf needs FILE [MOVE|VERTEX]');
    const [file, until] = args;
    let text: string;
    try {
      text = session.readFile(file);
    } catch (e) {
      throw new GtpError(`cannot open or parse '${file}': ${(e as Error).message}`);
    }
    try {
      const record = readSgf(text);
      const upTo = until === undefined ? undefined : movesBefore(record, until);
      const game = replaySgf(record, { move: upTo, rules: session.rules });
      session.game = game;
      return gtpColorName(game.toPlay);
    } catch (e) {
      if (e instanceof SgfError) throw new GtpError(`cannot open or parse '${file}': ${e.message}`);
      throw e;
    }
  },
  showboard: (_args, session) => drawBoard(session),
  printsgf: (_args, session) => writeSgf(session.game),
  list_stones: (args, session) => {
    const c = colorOnly(args[0]);
    const b = session.game.board;
    return b.geo.points
      .filter((p) => b.colors[p] === c)
      .reduce<string[]>((out, p) => (out.push(formatGtpVertex(p, b.geo)), out), [])
      .join(' ');
  },
  captures: (args, session) => String(session.game.board.captures[colorOnly(args[0])]),
  moyo_rules: (args, session) => {
    if (args.length === 0) return session.rules.name;
    try {
      session.setRules(parseRules(args[0]));
    } catch (e) {
      throw new GtpError((e as Error).message);
    }
    return '';
  },
};
