import type { KataGoMove, PositionInput } from '@moyo/contracts';
import { runPosition } from '../../../worker/src/engine/engine-tasks';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every analysis a followed game's move or final position may run, the slow ones included. */
export const ALL_ANALYSES = ['board', 'bouzy', 'territory', 'deadStones', 'score', 'moveValues'];

const LETTERS = 'ABCDEFGHJKLMNOPQRST';

/** The whole game of a fixture record (apps/ingest/test/fixtures) as a position input. */
export function fixtureInput(name: string): PositionInput {
  // Read here, not with fake-ogs-ingest's fixtureSgf: scripts (no vitest) use this too.
  const sgf = readFileSync(join(__dirname, '../fixtures', name), 'utf8');
  const size = Number(/SZ\[(\d+)\]/.exec(sgf)?.[1] ?? 19);
  const komi = Number(/KM\[([-\d.]+)\]/.exec(sgf)?.[1] ?? 6.5);
  const moves = [...sgf.matchAll(/;([BW])\[([a-s]{2})?\]/g)].map(([, color, at]): KataGoMove => [
    color as 'B' | 'W',
    at ? `${LETTERS[at.charCodeAt(0) - 97]}${size - (at.charCodeAt(1) - 97)}` : 'pass',
  ]);
  return { boardXSize: size, boardYSize: size, komi, rules: 'chinese', initialStones: [], moves };
}

/** The engine's report on `input` (what a worker stores as the job's result). */
export function reportOf(input: PositionInput, analyses: string[]): Record<string, unknown> {
  return runPosition({ input, analyses, options: {} }) as unknown as Record<string, unknown>;
}
