/**
 * The positions bench:katago asks about: real games (bench/data/real-games) at two points of each,
 * as KataGo queries the way KaTrain sends them (one turn, ownership, Black's view), and as GTP
 * `play` lines for GNU Go. 9x9: the CGOS engine games; 19x19: Japanese professional games.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatGtpVertex } from '../libs/engine/src/board/coords';
import { readSgf, replaySgf } from '../libs/engine/src/sgf';
import { REAL_GAMES_DIR } from './support/real-games/manifest';

/** One position: its KataGo query (without `id`) and the GTP commands that set it up. */
export interface BenchPosition {
  name: string;
  size: number;
  komi: number;
  rules: 'japanese' | 'chinese';
  moves: [string, string][];
}

/** The share of each game's moves at which it is asked about. */
const PHASES = [0.4, 0.7];

/** Up to `count` positions of `size` (games in file order, two phases each; games with setup skipped). */
export function benchPositions(size: 9 | 19, count: number): BenchPosition[] {
  const prefix = size === 9 ? 'engine9-' : 'pro19-jp-';
  const rules = size === 9 ? 'chinese' : 'japanese';
  const files = readdirSync(REAL_GAMES_DIR)
    .filter((f) => f.startsWith(prefix) && f.endsWith('.sgf'))
    .sort();
  const out: BenchPosition[] = [];
  for (const file of files) {
    const record = readSgf(readFileSync(join(REAL_GAMES_DIR, file), 'utf8'));
    const game = replaySgf(record);
    if (game.history.some((a) => a.kind === 'setup') || record.width !== size || record.height !== size)
      continue;
    const moves: [string, string][] = [];
    for (const a of game.history) {
      if (a.kind === 'move') moves.push([a.player === 1 ? 'B' : 'W', formatGtpVertex(a.point, game.geo)]);
    }
    for (const phase of PHASES) {
      const n = Math.max(1, Math.round(phase * moves.length));
      out.push({ name: `${file}@${n}`, size, komi: record.komi, rules, moves: moves.slice(0, n) });
      if (out.length >= count) return out;
    }
  }
  return out;
}

/** KaTrain's query for a position (engine.py): its last turn, ownership, Black's view, maxVisits 500. */
export function kataGoQuery(p: BenchPosition, id: string): Record<string, unknown> {
  return {
    id,
    rules: p.rules,
    komi: p.komi,
    boardXSize: p.size,
    boardYSize: p.size,
    moves: p.moves,
    analyzeTurns: [p.moves.length],
    maxVisits: 500,
    includeOwnership: true,
    overrideSettings: { reportAnalysisWinratesAs: 'BLACK' },
  };
}

/** The GTP lines that set the position up on a fresh board. */
export function gtpSetup(p: BenchPosition): string[] {
  return [
    `boardsize ${p.size}`,
    'clear_board',
    `komi ${p.komi}`,
    ...p.moves.map(([c, v]) => `play ${c} ${v}`),
  ];
}

/** p-quantile of sorted numbers (nearest rank). */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}
