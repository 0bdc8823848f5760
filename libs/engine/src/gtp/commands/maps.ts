import { BLACK, EMPTY, WHITE } from '../../board/color';
import { PASS, formatGtpVertex, parseGtpVertex } from '../../board/coords';
import {
  BOUZY_MAX_OPERATIONS,
  bouzyMap,
  DEFAULT_JUNCTION_THRESHOLD,
  freihofnerMap,
  rankJunctions,
} from '../../influence';
import { GtpError } from '../protocol';
import type { GtpHandler } from '../handler';
import type { GtpSession } from '../session';

/** One board row per line, top row first, values right-aligned and separated by spaces. */
function dump(session: GtpSession, value: (p: number) => string): string {
  const b = session.game.board;
  const cells = Array.from(b.geo.points, value);
  const width = Math.max(...cells.map((c) => c.length));
  const rows: string[] = [];
  const columns = b.geo.width;
  for (let y = 0; y < b.geo.height; y++) {
    rows.push(
      cells
        .slice(y * columns, (y + 1) * columns)
        .map((c) => c.padStart(width))
        .join(' '),
    );
  }
  return rows.join('\n');
}

function count(name: string, arg: string | undefined, max: number): number {
  if (arg === undefined || !/^\d+$/.test(arg) || Number(arg) > max) {
    throw new GtpError(`${name} must be an integer from 0 to ${max}, got '${arg ?? ''}'`);
  }
  return Number(arg);
}

/** Map dumps for diffing against other engines: Bouzy, Freihofner, junction ranking. */
export const MAP_GTP_COMMANDS: Readonly<Record<string, GtpHandler>> = {
  moyo_bouzy: (args, session) => {
    if (args.length < 2) throw new GtpError('usage: moyo_bouzy DILATIONS EROSIONS [DEAD_VERTEX...]');
    const dilations = count('dilations', args[0], BOUZY_MAX_OPERATIONS);
    const erosions = count('erosions', args[1], BOUZY_MAX_OPERATIONS);
    // Bouzy maps start from the living stones: the dead ones listed are removed first.
    const board = session.game.board;
    const deadStones = args.slice(2).map((v) => {
      let p: number;
      try {
        p = parseGtpVertex(v, board.geo);
      } catch {
        throw new GtpError(`invalid vertex '${v}'`);
      }
      if (p === PASS || board.colors[p] === EMPTY) throw new GtpError(`no stone at ${v} to remove as dead`);
      return p;
    });
    const map = bouzyMap(board, { dilations, erosions, deadStones });
    return dump(session, (p) => String(map[p]));
  },
  moyo_freihofner: (args, session) => {
    if (args.length !== 0) throw new GtpError('usage: moyo_freihofner');
    const b = session.game.board;
    const map = freihofnerMap(b);
    return dump(session, (p) => (b.colors[p] === BLACK ? 'B' : b.colors[p] === WHITE ? 'W' : String(map[p])));
  },
  moyo_junctions: (args, session) => {
    if (args.length > 1) throw new GtpError('usage: moyo_junctions [T]');
    const t = args.length === 1 ? count('T', args[0], 1000) : DEFAULT_JUNCTION_THRESHOLD;
    const geo = session.game.geo;
    return rankJunctions(session.game.board, t)
      .map((j) => `${formatGtpVertex(j.point, geo)} ${j.value}`)
      .join('\n');
  },
};
