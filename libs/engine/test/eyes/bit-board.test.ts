import { describe, expect, it } from 'vitest';
import { BLACK, EMPTY, WHITE, type Player } from '../../src/board/color';
import { seededWords } from '../../src/board/random';
import {
  BitReadingBoard,
  buildEyeProblem,
  CompactReadingBoard,
  parseEyeGraph,
  type EyeProblem,
  type ReadingBoard,
} from '../../src/eyes';
import { problemRows } from '../../src/eyes/reader-state';
import { randomEyeGraph, seededRandom } from './support/random-graphs';

/** A board keyed as the reader keys it (so that its vertex-indexed answers are on). */
function keyed(board: ReadingBoard, problem: EyeProblem): ReadingBoard {
  const n = problem.vertices.length;
  board.keyVertices?.(problem.vertices, seededWords(n * 3, 1), seededWords(n * 3, 2));
  return board;
}

/**
 * What the chain queries say about the current position, in terms that do not depend on how the
 * board names its chains: per stone, its liberties and the first stone of its chain (board
 * order); per empty vertex and colour, suicide, capture and liberties after the move; the
 * vertices next to an invincible Black chain and the empty vertices. The shortcuts answer -1
 * (cannot tell) while static stones are captured, where a board made afresh knows them: those
 * are left out where `like` gives -1.
 */
function answers(board: ReadingBoard, problem: EyeProblem, like: ReadingBoard = board): string {
  const { geo, vertices } = problem;
  const firstOfChain = new Map<number, number>();
  const out: string[] = [];
  for (const p of geo.points) {
    const c = board.colors[p];
    if (c !== BLACK && c !== WHITE) continue;
    const head = board.chainHead(p);
    if (!firstOfChain.has(head)) firstOfChain.set(head, p);
    out.push(`${p}:${c}:${firstOfChain.get(head)}:${board.chainLiberties(p)}`);
  }
  const quick = (mine: number | undefined, theirs: number | undefined) => (theirs === -1 ? '-' : mine);
  for (const p of vertices) {
    if (board.colors[p] !== EMPTY) continue;
    for (const color of [BLACK, WHITE] as Player[]) {
      out.push(
        `${p}/${color}:${quick(board.isSuicide?.(p, color), like.isSuicide?.(p, color))}:` +
          `${quick(board.captures?.(p, color), like.captures?.(p, color))}:` +
          `${quick(board.libertiesAfter?.(p, color), like.libertiesAfter?.(p, color))}`,
      );
    }
  }
  out.push(
    `near ${quick(board.invincibleNear?.(), like.invincibleNear?.())} empty ${board.emptyVertices?.()}`,
  );
  return out.join(' ');
}

describe('BitReadingBoard: chains derived move by move', () => {
  // The board labels a position from the labelling before the move and undoes its changes with
  // the move; a board made afresh from the same colours labels it from scratch. Random lines of
  // play and undo over random problems: both must answer every chain query alike.
  it('answers as a board labelled from scratch after every move and undo', () => {
    const random = seededRandom(20261128);
    let positions = 0;
    let captures = 0;
    for (let g = 0; g < 40; g++) {
      const problem = buildEyeProblem(parseEyeGraph(randomEyeGraph(random, 3 + (g % 10))));
      if (!problem) continue;
      const board = keyed(BitReadingBoard.fromRows(problemRows(problem), problem.vertices), problem);
      if (!(board instanceof BitReadingBoard)) continue;
      let depth = 0;
      for (let step = 0; step < 150; step++) {
        if (depth > 0 && random() < 0.35) {
          board.undo();
          depth--;
        } else {
          const p = problem.vertices[Math.floor(random() * problem.vertices.length)];
          const color = (random() < 0.5 ? BLACK : WHITE) as Player;
          if (!board.playRecorded(p, color)) continue;
          depth++;
          if ((board.lastCaptures ?? 0) > 0) captures++;
        }
        const fresh = keyed(
          BitReadingBoard.fromRows(problemRows(problem, board.colors), problem.vertices),
          problem,
        );
        expect(answers(board, problem)).toBe(answers(fresh, problem, board));
        positions++;
      }
    }
    expect(positions).toBeGreaterThan(2000);
    expect(captures).toBeGreaterThan(20);
  });

  // The reader probes its table with peek's key before it plays a move (tactical.ts, moveWith):
  // peek must foresee playRecorded exactly, legality, captures, key, ko and hash.
  it('peek foresees every move as playRecorded plays it, and playPeeked plays it alike', () => {
    const random = seededRandom(20261129);
    let legal = 0;
    let illegal = 0;
    let kos = 0;
    let captures = 0;
    for (let g = 0; g < 30; g++) {
      const problem = buildEyeProblem(parseEyeGraph(randomEyeGraph(random, 3 + (g % 10))));
      if (!problem) continue;
      const board = keyed(BitReadingBoard.fromRows(problemRows(problem), problem.vertices), problem);
      if (!(board instanceof BitReadingBoard)) continue;
      let depth = 0;
      for (let step = 0; step < 120; step++) {
        if (depth > 0 && random() < 0.3) {
          board.undo();
          depth--;
          continue;
        }
        for (const p of problem.vertices) {
          if (board.colors[p] !== EMPTY) continue;
          for (const color of [BLACK, WHITE] as Player[]) {
            const seen = board.peek(p, color);
            if (seen < 0) continue;
            const foreseen = [board.peekKey, board.peekKoPoint, board.peekHashLo, board.peekHashHi];
            const capturedBits = board.peekCaptured;
            const played = board.playRecorded(p, color);
            expect(played).toBe(seen === 1);
            if (!played) {
              illegal++;
              continue;
            }
            legal++;
            if (board.koPoint !== 0) kos++;
            const taken = problem.vertices.reduce(
              (bits, q, k) => (board.colors[q] === EMPTY && q !== p && (capturedBits >>> k) & 1 ? bits + 1 : bits),
              0,
            );
            expect(taken).toBe(board.lastCaptures);
            if (taken > 0) captures++;
            expect([board.exactVertexKey, board.koPoint, board.hashLo, board.hashHi]).toEqual(foreseen);
            // The colours and chain queries (slow) after every 16th move.
            const chains = legal % 16 === 0;
            const after = chains ? [...board.colors].join('') + answers(board, problem) : '';
            board.undo();
            // playPeeked leaves the same position and chains.
            expect(board.peek(p, color)).toBe(1);
            board.playPeeked(p, color);
            expect([board.exactVertexKey, board.koPoint, board.hashLo, board.hashHi]).toEqual(foreseen);
            expect(board.lastCaptures).toBe(taken);
            if (chains) expect([...board.colors].join('') + answers(board, problem)).toBe(after);
            board.undo();
          }
        }
        const p = problem.vertices[Math.floor(random() * problem.vertices.length)];
        if (board.playRecorded(p, (random() < 0.5 ? BLACK : WHITE) as Player)) depth++;
      }
    }
    expect(legal).toBeGreaterThan(10000);
    expect(illegal).toBeGreaterThan(1000);
    expect(captures).toBeGreaterThan(400);
    expect(kos).toBeGreaterThan(10);
  });

  // The move ordering's self-atari test (libertiesAfter) and peek answer from the bit sets also
  // when a move captures static stones (the White string, a stray Black stone): checked against
  // the compact board, which plays every move on chain data.
  it('libertiesAfter and peek foresee moves that capture static stones', () => {
    const random = seededRandom(20261130);
    let staticCaptures = 0;
    let counted = 0;
    let peeked = 0;
    for (let g = 0; g < 30; g++) {
      const problem = buildEyeProblem(parseEyeGraph(randomEyeGraph(random, 3 + (g % 9))));
      if (!problem) continue;
      const bit = keyed(BitReadingBoard.fromRows(problemRows(problem), problem.vertices), problem);
      const compact = CompactReadingBoard.fromRows(problemRows(problem), problem.vertices);
      if (!(bit instanceof BitReadingBoard)) continue;
      const vertex = new Set(problem.vertices);
      for (let step = 0; step < 80; step++) {
        for (const p of problem.vertices) {
          if (bit.colors[p] !== EMPTY) continue;
          for (const color of [BLACK, WHITE] as Player[]) {
            const before = [...compact.colors];
            if (!compact.playRecorded(p, color)) continue;
            const taken = problem.geo.points.filter((q) => before[q] !== EMPTY && compact.colors[q] === EMPTY);
            const liberties = Math.min(2, compact.chainLiberties(p));
            compact.undo();
            if (!taken.some((q) => !vertex.has(q))) continue;
            staticCaptures++;
            const quick = bit.libertiesAfter(p, color);
            if (quick >= 0) {
              counted++;
              expect(quick).toBe(liberties);
            }
            const seen = bit.peek(p, color);
            if (seen === -2) {
              peeked++;
              const dyn = problem.vertices.reduce((bits, q, k) => (taken.includes(q) ? bits | (1 << k) : bits), 0);
              const chains = taken.reduce((bits, q) => bits | bit.staticChainBit(q), 0);
              expect([bit.peekCaptured, bit.peekCapturedStatic]).toEqual([dyn, chains]);
            } else expect(seen).toBe(-1); // static stones already captured on this line
          }
        }
        const p = problem.vertices[Math.floor(random() * problem.vertices.length)];
        const color = (random() < 0.5 ? BLACK : WHITE) as Player;
        const played = bit.playRecorded(p, color);
        expect(compact.playRecorded(p, color)).toBe(played);
        if (played && random() < 0.25) {
          bit.undo();
          compact.undo();
        }
      }
    }
    expect(staticCaptures).toBeGreaterThan(100);
    expect(counted).toBeGreaterThan(staticCaptures / 2);
    expect(peeked).toBeGreaterThan(staticCaptures / 2);
  });

  it('gives the same chains as the compact board on the same line of play', () => {
    const random = seededRandom(7);
    for (let g = 0; g < 20; g++) {
      const problem = buildEyeProblem(parseEyeGraph(randomEyeGraph(random, 4 + (g % 8))));
      if (!problem) continue;
      const bit = BitReadingBoard.fromRows(problemRows(problem), problem.vertices);
      const compact = CompactReadingBoard.fromRows(problemRows(problem), problem.vertices);
      for (let step = 0; step < 60; step++) {
        const p = problem.vertices[Math.floor(random() * problem.vertices.length)];
        const color = (random() < 0.5 ? BLACK : WHITE) as Player;
        const played = bit.playRecorded(p, color);
        expect(compact.playRecorded(p, color)).toBe(played);
        const libs = (b: ReadingBoard) =>
          problem.geo.points
            .filter((q) => b.colors[q] === BLACK || b.colors[q] === WHITE)
            .map((q) => b.chainLiberties(q));
        expect(libs(bit)).toEqual(libs(compact));
        expect(bit.hashLo).toBe(compact.hashLo);
      }
    }
  });
});
