import { BLACK, WHITE } from '../board/color';
import { GTP_COLUMNS } from '../board/coords';
import type { Board } from '../board/board';
import type { PointGrid } from '../analysis/types';

function fmt(v: number | string | null): string {
  if (v === null) return '';
  if (typeof v === 'number' && !Number.isInteger(v)) return v.toFixed(2);
  return String(v);
}

/**
 * The board as ASCII with GTP labels; with `grid`, each point shows its grid value instead (stones
 * without a value show X/O, empty points without one show `.`). Does not mutate.
 */
export function renderBoard(board: Board, grid?: PointGrid): string {
  const { width: columns, height: rows } = board.geo;
  const cells: string[] = [];
  board.geo.points.forEach((p, i) => {
    const c = board.colors[p];
    const stone = c === BLACK ? 'X' : c === WHITE ? 'O' : '.';
    const v = grid ? fmt(grid[i] ?? null) : '';
    cells.push(v === '' ? stone : v);
  });
  const width = Math.max(1, ...cells.map((c) => c.length));
  const header =
    '   ' +
    GTP_COLUMNS.slice(0, columns)
      .split('')
      .map((l) => l.padStart(width))
      .join(' ');
  const lines = [header];
  for (let y = 0; y < rows; y++) {
    const row = cells.slice(y * columns, (y + 1) * columns).map((c) => c.padStart(width));
    lines.push(`${String(rows - y).padStart(2)} ${row.join(' ')} ${rows - y}`);
  }
  lines.push(header);
  return lines.join('\n') + '\n';
}
