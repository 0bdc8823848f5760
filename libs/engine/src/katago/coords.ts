import { BLACK, WHITE, type Player } from '../board/color';
import { GTP_COLUMNS, PASS } from '../board/coords';
import type { Geometry } from '../board/geometry';

/**
 * KataGo's vertex forms (`Location::tryOfString`): GTP letters without I and a row from the
 * bottom (`Q16`, any case), `pass`/`pss` (any case), or `(x,y)` with x the column from the left
 * and y the row from the top, both 0-based. Returns the point, PASS, or null when the text names
 * no point on `geo`.
 */
export function parseKataGoVertex(text: unknown, geo: Geometry): number | null {
  if (typeof text !== 'string') return null;
  const s = text.trim().toUpperCase();
  if (s === 'PASS' || s === 'PSS') return PASS;
  const xy = /^\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)$/.exec(s);
  if (xy) {
    const x = Number(xy[1]);
    const y = Number(xy[2]);
    return geo.inside(x, y) ? geo.pt(x, y) : null;
  }
  const m = /^([A-HJ-Z])(\d{1,2})$/.exec(s);
  if (!m) return null;
  const x = GTP_COLUMNS.indexOf(m[1]);
  const row = Number(m[2]);
  if (x < 0 || x >= geo.width || row < 1 || row > geo.height) return null;
  return geo.pt(x, geo.height - row);
}

/** KataGo's player forms (`PlayerIO::tryParsePlayer`): `B`, `W`, `black`, `white`, any case; else null. */
export function parseKataGoPlayer(text: unknown): Player | null {
  if (typeof text !== 'string') return null;
  const t = text.trim().toLowerCase();
  if (t === 'b' || t === 'black') return BLACK;
  if (t === 'w' || t === 'white') return WHITE;
  return null;
}

/** `B` or `W`. */
export function playerLetter(p: Player): 'B' | 'W' {
  return p === BLACK ? 'B' : 'W';
}
