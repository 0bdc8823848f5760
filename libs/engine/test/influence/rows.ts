import { BLACK, EMPTY, WHITE } from '../../src/board/color';
import { Geometry } from '../../src/board/geometry';
import type { ColorPosition } from '../../src/influence/position';

/**
 * A `{ geo, colors }` position from golden rows (`X`, `O`, `.`; top row first). The influence maps
 * only read colours, so their tests do not need the full Board.
 */
export function positionFromRows(rows: string[]): ColorPosition {
  const geo = Geometry.of(rows.length);
  const colors = geo.emptyColors.slice();
  rows.forEach((row, y) => {
    if (row.length !== rows.length) throw new Error(`row ${y}: length ${row.length}, want ${rows.length}`);
    for (let x = 0; x < row.length; x++) {
      const ch = row[x];
      colors[geo.pt(x, y)] = ch === 'X' ? BLACK : ch === 'O' ? WHITE : ch === '.' ? EMPTY : -1;
      if (colors[geo.pt(x, y)] < 0) throw new Error(`row ${y}: bad character ${ch}`);
    }
  });
  return { geo, colors };
}
