import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BLACK, EMPTY, WHITE, type Player } from '../../../src/board/color';
import { Geometry } from '../../../src/board/geometry';
import type { TerritoryOptions } from '../../../src/territory';

/** Directory of the GNU Go self-play fixtures written by scripts/gen-territory-fixtures.ts. */
export const GAMES_DIR = resolve(__dirname, '../fixtures/games');

/**
 * GNU Go's judgement of one position, as scripts/gen-territory-fixtures.ts writes it. Scores are
 * GNU Go's strings and parsed numbers (+ = White).
 */
export interface FixtureRecord {
  move: number;
  end: boolean;
  toPlay: 'B' | 'W';
  captures: { black: number; white: number };
  estimateScore: string;
  estimate: { score: number; upper: number; lower: number };
  finalScore: string | null;
  /** final_score as a number, + = White; null when not asked. */
  final: number | null;
  /**
   * `final_status_list dead|alive|seki` stones; null where not asked (19x19 middle-game records:
   * GNU Go plays the game out to answer them, too slow).
   */
  dead: string[] | null;
  alive: string[] | null;
  seki: string[] | null;
  /** `dragon_status` lines, e.g. `C9: alive`, `F16: critical G16 G16`. */
  dragons: string[];
  /** initial_influence black influence_regions, row-major from the top-left (+ = White). */
  regions: number[];
  /** initial_influence black territory_value x 100, rounded, row-major (+ = White). */
  territory: number[];
  seconds: { estimate: number; final: number | null };
}

/** One self-play game with its records. */
export interface FixtureGame {
  id: string;
  generator: string;
  size: number;
  komi: number;
  handicap: number;
  /** GTP vertices of the handicap stones (Black), placed before move 1. */
  handicapStones: string[];
  level: number;
  seed: number;
  /** GTP vertices in order, `PASS` for a pass; Black moves first (White first after handicap). */
  moves: string[];
  finished: boolean;
  records: FixtureRecord[];
}

/** Every fixture game, sorted by id. */
export function loadGames(): FixtureGame[] {
  return readdirSync(GAMES_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(resolve(GAMES_DIR, f), 'utf8')) as FixtureGame);
}

const COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** Point of a GTP vertex such as `Q16` on `geo`; throws on anything else. */
export function vertexPoint(geo: Geometry, v: string): number {
  const x = COLUMNS.indexOf(v[0].toUpperCase());
  const row = Number(v.slice(1));
  if (x < 0 || !Number.isInteger(row) || row < 1 || row > geo.size) throw new Error(`bad vertex ${v}`);
  return geo.pt(x, geo.size - row);
}

/** A replayed position: colours, prisoners taken by each colour, side to move. */
export interface ReplayedPosition {
  geo: Geometry;
  colors: Int8Array;
  /** Stones captured by [_, Black, White]. */
  captures: [number, number, number];
  toMove: Player;
}

function removeIfDead(geo: Geometry, colors: Int8Array, p: number): number {
  const c = colors[p];
  const seen = new Set<number>([p]);
  const stack = [p];
  const chain: number[] = [];
  while (stack.length) {
    const q = stack.pop()!;
    chain.push(q);
    for (const d of geo.adjacent) {
      const r = q + d;
      if (colors[r] === EMPTY) return 0;
      if (colors[r] === c && !seen.has(r)) {
        seen.add(r);
        stack.push(r);
      }
    }
  }
  for (const q of chain) colors[q] = EMPTY;
  return chain.length;
}

/** Replays the first `moves` moves of a game (handicap stones first) with captures. Test helper. */
export function replay(game: FixtureGame, moves: number): ReplayedPosition {
  const geo = Geometry.of(game.size);
  const colors = geo.emptyColors.slice();
  const captures: [number, number, number] = [0, 0, 0];
  for (const v of game.handicapStones) colors[vertexPoint(geo, v)] = BLACK;
  let color: Player = game.handicap > 0 ? WHITE : BLACK;
  for (let i = 0; i < moves; i++) {
    const v = game.moves[i];
    if (v !== 'PASS') {
      const p = vertexPoint(geo, v);
      colors[p] = color;
      const other = color === BLACK ? WHITE : BLACK;
      for (const d of geo.adjacent)
        if (colors[p + d] === other) captures[color] += removeIfDead(geo, colors, p + d);
      captures[other] += removeIfDead(geo, colors, p);
    }
    color = color === BLACK ? WHITE : BLACK;
  }
  return { geo, colors, captures, toMove: color };
}

/**
 * analyzeTerritory's options for a replayed fixture position: the game's komi and handicap, the
 * replay's captures and side to move.
 */
export function fixtureTerritoryOptions(game: FixtureGame, pos: ReplayedPosition): TerritoryOptions {
  return {
    komi: game.komi,
    handicap: game.handicap,
    captures: { black: pos.captures[BLACK], white: pos.captures[WHITE] },
    toMove: pos.toMove,
  };
}
