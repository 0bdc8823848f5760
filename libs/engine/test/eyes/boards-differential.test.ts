import { describe, expect, it } from 'vitest';
import {
  buildEyeProblem,
  CompactReadingBoard,
  EyeGraphBudgetError,
  EyeGraphReader,
  parseEyeGraph,
  type ReadingBoardFactory,
} from '../../src/eyes';
import fixture from './fixtures/gnugo-eyegraphs.json';
import { randomEyeGraph, seededRandom } from './support/random-graphs';

/**
 * The reader on its two boards. The default bit board answers the move ordering's and legality's
 * questions from bit sets (empty points as a mask, liberties after a move, invincible Black
 * chains), keys the table by exact position (PackedTable) and probes a move's child before
 * playing it (peek); the compact board has none of these shortcuts, so the reader computes every
 * predicate from chain data, keys a 64-bit Zobrist table and plays every move. Both must read the
 * same tree: the same eye value, vital points and node count. A change to one path only (a faster
 * predicate that answers differently once in a while, a probe that skips or double-counts a node)
 * shows here as a different answer or node count.
 */
function readWith(graph: string, makeBoard?: ReadingBoardFactory): string {
  const problem = buildEyeProblem(parseEyeGraph(graph));
  if (!problem) return 'unrealizable';
  const reader = new EyeGraphReader(problem, 400_000, makeBoard);
  try {
    const e = reader.evaluate();
    return `${e.a}${e.b}${e.c}${e.d} attack ${e.vitalAttacks.join(',')} defence ${e.vitalDefenses.join(',')} nodes ${reader.nodes}`;
  } catch (error) {
    if (error instanceof EyeGraphBudgetError) return `budget ${reader.nodes}`;
    throw error;
  }
}

/** Fewer marginal points on bigger shapes (as bench:eyes draws them). */
const rates = (size: number) => ({
  margin: Math.min(0.15, 1 / size),
  stone: 0.1,
  marginStone: Math.min(0.03, 0.2 / size),
});

describe('the eye reader on the bit board and on the compact board', () => {
  it(
    'reads the fixture shapes of 7 points and more alike: value, vital points and nodes',
    { timeout: 180_000 },
    () => {
      let compared = 0;
      for (const { graph } of fixture.shapes) {
        if (graph.replace(/[^.!X$]/g, '').length < 7) continue;
        expect(readWith(graph), graph).toBe(readWith(graph, CompactReadingBoard.fromRows));
        compared++;
      }
      expect(compared).toBeGreaterThan(50);
    },
  );

  it(
    'reads seeded random shapes of 4 to 11 points alike: value, vital points and nodes',
    { timeout: 180_000 },
    () => {
      const random = seededRandom(11);
      let nodes = 0;
      for (let size = 4; size <= 11; size++) {
        for (let k = 0; k < 6; k++) {
          const graph = randomEyeGraph(random, size, rates(size));
          const bits = readWith(graph);
          expect(bits, graph).toBe(readWith(graph, CompactReadingBoard.fromRows));
          nodes += Number(/nodes (\d+)$/.exec(bits)?.[1] ?? 0);
        }
      }
      // The shapes are read, not refused: some hundreds of thousands of nodes in all.
      expect(nodes).toBeGreaterThan(50_000);
    },
  );
});
