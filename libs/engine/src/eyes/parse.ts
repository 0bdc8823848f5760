/**
 * Parser for GNU Go's eye-graph encoding (the argument of its `analyze_eyegraph` GTP command).
 *
 * One line: `%` separates rows and `O` is a blank (GTP arguments cannot hold spaces or newlines).
 * Multi-line text is accepted too, with a space as the blank. Characters:
 * `.` eye point, `!` marginal eye point, `X` attacker stone, `$` marginal point holding an attacker
 * stone, the vital marks `* < >` (read as `.`) and `@ ( )` (read as `!`), and the edge characters
 * `|` (left or right edge), `-` (top or bottom edge) and `+` (corner).
 */

/**
 * Largest number of vertices: points (eye, marginal and attacker points), and in the construction
 * the blanks they enclose too (stray defender stones).
 */
export const MAX_EYE_GRAPH_POINTS = 17;
/** Largest number of rows or columns (edge characters included). */
export const MAX_EYE_GRAPH_EXTENT = 19;

/** What went wrong in an eye graph. */
export type EyeGraphErrorCode =
  'empty' | 'unknown-character' | 'too-many-points' | 'too-large' | 'disconnected' | 'bad-edge';

/** A graph that cannot be read; `index` is the offset in the input text, `row`/`col` the cell (0-based). */
export class EyeGraphError extends Error {
  readonly code: EyeGraphErrorCode;
  readonly index: number | undefined;
  readonly row: number | undefined;
  readonly col: number | undefined;
  constructor(code: EyeGraphErrorCode, message: string, at?: { index?: number; row?: number; col?: number }) {
    super(message);
    this.name = 'EyeGraphError';
    this.code = code;
    this.index = at?.index;
    this.row = at?.row;
    this.col = at?.col;
  }
}

/** Kinds of graph points. */
export type EyeGraphPointKind = '.' | '!' | 'X' | '$';

/** One point of the graph: its cell and kind. */
export interface EyeGraphPoint {
  row: number;
  col: number;
  kind: EyeGraphPointKind;
}

/**
 * A parsed eye graph. `rows` keeps the input's shape (ragged rows, blanks as spaces, vital marks
 * removed) because GNU Go centres and prints the graph from exactly that shape.
 */
export interface EyeGraph {
  /** Normalised rows: ` ` blank, `.` `!` `X` `$` points, `|` `-` `+` edges. */
  rows: string[];
  /** Widest row. */
  width: number;
  /** Row of the `-` edge (0 = top, > 0 = bottom) or -1; the last `-` wins, as in GNU Go. */
  horizontalEdge: number;
  /** Column of the `|` edge (0 = left, > 0 = right) or -1; the last `|` wins, as in GNU Go. */
  verticalEdge: number;
  /** Points in reading order (rows top to bottom, left to right). */
  points: EyeGraphPoint[];
  /** The graph in GNU Go's one-line encoding. */
  encoded: string;
}

const POINT_OF: Record<string, EyeGraphPointKind> = {
  '.': '.',
  '*': '.',
  '<': '.',
  '>': '.',
  '!': '!',
  '@': '!',
  '(': '!',
  ')': '!',
  X: 'X',
  $: '$',
};

function describe(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  return code >= 0x20 && code < 0x7f ? `'${ch}'` : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Parses an eye graph in GNU Go's encoding (or as multi-line text). Pure; throws EyeGraphError
 * naming the problem and where it is: unknown character, no points, more than 17 points, a graph
 * wider or taller than 19, misplaced edge characters, or points not connected to each other.
 */
export function parseEyeGraph(text: string): EyeGraph {
  if (typeof text !== 'string') throw new EyeGraphError('empty', 'eye graph must be a string');
  let source = text.replace(/\r\n?/g, '\n');
  if (source.endsWith('\n')) source = source.slice(0, -1);
  const rows: string[] = [''];
  const starts: number[] = [0];
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '%' || ch === '\n') {
      rows.push('');
      starts.push(i + 1);
      continue;
    }
    let cell: string;
    if (ch === 'O' || ch === ' ') cell = ' ';
    else if (ch === '|' || ch === '-' || ch === '+') cell = ch;
    else if (ch in POINT_OF) cell = POINT_OF[ch];
    else {
      const row = rows.length - 1;
      throw new EyeGraphError(
        'unknown-character',
        `eye graph: unknown character ${describe(ch)} at index ${i} (row ${row + 1}, column ${i - starts[row] + 1}); ` +
          'allowed: . ! X $ * < > @ ( ) | - + and O or space for a blank, % or newline between rows',
        { index: i, row, col: i - starts[row] },
      );
    }
    rows[rows.length - 1] += cell;
  }
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  if (rows.length > MAX_EYE_GRAPH_EXTENT || width > MAX_EYE_GRAPH_EXTENT) {
    throw new EyeGraphError(
      'too-large',
      `eye graph: ${rows.length} rows by ${width} columns; at most ${MAX_EYE_GRAPH_EXTENT} of each`,
    );
  }

  const points: EyeGraphPoint[] = [];
  let horizontalEdge = -1;
  let verticalEdge = -1;
  for (let r = 0; r < rows.length; r++) {
    for (let c = 0; c < rows[r].length; c++) {
      const ch = rows[r][c];
      if (ch === '-') horizontalEdge = r;
      else if (ch === '|') verticalEdge = c;
      else if (ch !== ' ' && ch !== '+') points.push({ row: r, col: c, kind: ch as EyeGraphPointKind });
    }
  }
  if (points.length === 0)
    throw new EyeGraphError('empty', 'eye graph: no points (need at least one of . ! X $)');
  if (points.length > MAX_EYE_GRAPH_POINTS) {
    throw new EyeGraphError(
      'too-many-points',
      `eye graph: ${points.length} points; at most ${MAX_EYE_GRAPH_POINTS}`,
    );
  }
  checkEdges(rows, width, horizontalEdge, verticalEdge);
  checkConnected(rows, points);
  const encoded = rows.map((r) => r.replace(/ /g, 'O')).join('%');
  return { rows, width, horizontalEdge, verticalEdge, points, encoded };
}

function edgeError(message: string, row: number, col: number): EyeGraphError {
  return new EyeGraphError('bad-edge', `eye graph: ${message} at row ${row + 1}, column ${col + 1}`, {
    row,
    col,
  });
}

/** Edges must be a whole first/last row of `-`, a first/last column of `|`, corners `+` where they meet. */
function checkEdges(rows: string[], width: number, hEdge: number, vEdge: number): void {
  const last = rows.length - 1;
  if (hEdge > 0 && hEdge !== last) throw edgeError("'-' edge must be the first or the last row", hEdge, 0);
  if (vEdge > 0 && vEdge !== width - 1)
    throw edgeError("'|' edge must be the first or the last column", 0, vEdge);
  for (let r = 0; r < rows.length; r++) {
    for (let c = 0; c < rows[r].length; c++) {
      const ch = rows[r][c];
      const inH = r === hEdge;
      const inV = c === vEdge;
      if (ch === '-' && (r !== hEdge || inV)) throw edgeError("'-' off the edge row", r, c);
      if (ch === '|' && (c !== vEdge || inH)) throw edgeError("'|' off the edge column", r, c);
      if (ch === '+' && !(inH && inV))
        throw edgeError("'+' must sit where a '-' row meets a '|' column", r, c);
      if ((inH || inV) && ch !== '-' && ch !== '|' && ch !== '+' && ch !== ' ') {
        throw edgeError(`point ${describe(ch)} on the board edge line`, r, c);
      }
    }
  }
  if (hEdge >= 0) {
    for (let c = 0; c < rows[hEdge].length; c++) {
      if (rows[hEdge][c] === ' ') throw edgeError('gap in the edge row', hEdge, c);
    }
  }
}

function checkConnected(rows: string[], points: EyeGraphPoint[]): void {
  const key = (r: number, c: number) => r * 64 + c;
  const isPoint = new Set(points.map((p) => key(p.row, p.col)));
  const seen = new Set<number>([key(points[0].row, points[0].col)]);
  const stack = [points[0]];
  while (stack.length > 0) {
    const p = stack.pop()!;
    for (const [dr, dc] of [
      [-1, 0],
      [1, 0],
      [0, -1],
      [0, 1],
    ]) {
      const r = p.row + dr;
      const c = p.col + dc;
      const k = key(r, c);
      if (r < 0 || c < 0 || r >= rows.length || !isPoint.has(k) || seen.has(k)) continue;
      seen.add(k);
      stack.push({ row: r, col: c, kind: rows[r][c] as EyeGraphPointKind });
    }
  }
  const stray = points.find((p) => !seen.has(key(p.row, p.col)));
  if (stray) {
    throw new EyeGraphError(
      'disconnected',
      `eye graph: point at row ${stray.row + 1}, column ${stray.col + 1} is not connected to the point at row ${
        points[0].row + 1
      }, column ${points[0].col + 1}`,
      { row: stray.row, col: stray.col },
    );
  }
}
