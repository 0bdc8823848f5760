import { BLACK, WHITE } from '../../../src/board/color';
import { Geometry } from '../../../src/board/geometry';

/** A `{ geo, colors }` position from golden rows (`X` Black, `O` White, `.` empty, top row first). */
export function position(rows: string[]): { geo: Geometry; colors: Int8Array } {
  const geo = Geometry.of(rows.length);
  const colors = geo.emptyColors.slice();
  rows.forEach((row, y) => {
    if (row.length !== rows.length) throw new Error(`row ${y} has ${row.length} points, want ${rows.length}`);
    [...row].forEach((ch, x) => {
      if (ch === 'X') colors[geo.pt(x, y)] = BLACK;
      else if (ch === 'O') colors[geo.pt(x, y)] = WHITE;
      else if (ch !== '.') throw new Error(`row ${y}: unexpected '${ch}'`);
    });
  });
  return { geo, colors };
}

/** Renders a per-point map as rows using `cell(p)` for each point. */
export function rowsOf(geo: Geometry, cell: (p: number) => string): string[] {
  const out: string[] = [];
  for (let y = 0; y < geo.size; y++) {
    let row = '';
    for (let x = 0; x < geo.size; x++) row += cell(geo.pt(x, y));
    out.push(row);
  }
  return out;
}
