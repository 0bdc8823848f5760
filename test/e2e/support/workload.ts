import { hashOf, type EyegraphInput, type KataGoMove, type PositionInput } from '@moyo/contracts';
import { BLACK, formatGtpVertex, Game, parseGtpVertex, WHITE } from '@moyo/engine';
export { seededRandom as rng } from '@moyo/engine';
import { seededRandom as rng } from '@moyo/engine';

/** One job of a workload: a position or an eye graph, with the analyses to run. */
export type WorkloadJob =
  | {
      kind: 'position';
      id: string;
      input: PositionInput;
      analyses: string[];
      /** Per-analysis options, as `analysisOptions` in POST /v1/positions. */
      options?: Record<string, Record<string, unknown>>;
    }
  | { kind: 'eyegraph'; id: string; input: EyegraphInput };

/** A position after `moves` random legal moves on a `size` board (no passes). */
export function randomPosition(random: () => number, size: number, moves: number): PositionInput {
  const game = new Game(size);
  const played: KataGoMove[] = [];
  for (let m = 0; m < moves; m++) {
    let point = 0;
    for (let tries = 0; tries < 60 && point === 0; tries++) {
      const x = Math.floor(random() * size);
      const y = Math.floor(random() * size);
      const p = game.geo.pt(x, y);
      if (game.isLegal(p)) point = p;
    }
    if (point === 0) break;
    played.push([game.toPlay === BLACK ? 'B' : 'W', formatGtpVertex(point, game.geo)]);
    game.play(point);
  }
  return {
    boardXSize: size,
    boardYSize: size,
    komi: 6.5,
    rules: 'japanese',
    initialStones: [],
    moves: played,
  };
}

/** Small eye graphs GNU Go's eye-graph tests use, and option variants of them. */
const GRAPHS = ['OO!%O.X%!...', '...', '.X.%...', '....', '!..', '.!.', 'X..%...', '..%..'];

/**
 * The same position reached by another move order: the first two moves of the player who moved
 * first swapped, or null when that changes the position (a capture in between) or is impossible.
 */
export function transposed(input: PositionInput): PositionInput | null {
  const m = input.moves;
  if (m.length < 3 || m[0][0] !== m[2][0] || m[0][1] === m[2][1]) return null;
  const moves = [m[2], m[1], m[0], ...m.slice(3)];
  const game = (ms: KataGoMove[]) => {
    const g = new Game(input.boardXSize);
    for (const [c, v] of ms) g.play(parseGtpVertex(v, g.geo), c === 'B' ? BLACK : WHITE);
    return g;
  };
  try {
    const a = game(m);
    const b = game(moves);
    const same =
      a.board.hashHi === b.board.hashHi &&
      a.board.hashLo === b.board.hashLo &&
      a.board.captures[1] === b.board.captures[1] &&
      a.board.captures[2] === b.board.captures[2];
    return same ? { ...input, moves } : null;
  } catch {
    return null;
  }
}

/**
 * A mixed workload of `count` jobs, all with different inputs: cheap Freihofner maps on 9x9 to
 * 19x19, full territory analyses on 9x9 and 13x13, earlier positions reached by another move
 * order (answered from the result cache), and eye graphs. Ids start with `prefix`.
 */
export function mixedWorkload(count: number, prefix: string, seed = 7): WorkloadJob[] {
  const random = rng(seed);
  const jobs: WorkloadJob[] = [];
  let graphs = 0;
  // Inputs so far: every job differs (the api would merge equal ones into one job).
  const seen = new Set<string>();
  const cheap = (id: string, i: number): WorkloadJob => ({
    kind: 'position',
    id,
    input: randomPosition(random, [9, 13, 19][i % 3], 4 + (i % 30)),
    analyses: ['freihofner'],
  });
  for (let i = 0; i < count; i++) {
    const id = `${prefix}-${i}`;
    const r = i % 20;
    if (r < 11) {
      jobs.push(cheap(id, i));
    } else if (r < 16) {
      jobs.push({
        kind: 'position',
        id,
        input: randomPosition(random, i % 2 === 0 ? 9 : 13, 10 + (i % 25)),
        analyses: ['territory', 'deadStones', 'score'],
      });
    } else if (r < 19) {
      const earlier = jobs[Math.floor(random() * jobs.length)];
      const other = earlier.kind === 'position' ? transposed(earlier.input) : null;
      const fresh = other && !seen.has(hashOf(other));
      jobs.push(earlier.kind === 'position' && fresh ? { ...earlier, id, input: other } : cheap(id, i));
    } else {
      const graph = GRAPHS[graphs % GRAPHS.length];
      const variant = Math.floor(graphs / GRAPHS.length) % 3;
      graphs++;
      jobs.push({
        kind: 'eyegraph',
        id,
        input: variant === 0 ? { graph } : { graph, outerLiberties: 2 + variant, koThreats: variant - 1 },
      });
    }
    seen.add(hashOf(jobs[jobs.length - 1].input));
  }
  return jobs;
}

/**
 * The cheap job of the benchmark: a Freihofner map of a 19x19 middle-game position. The map alone
 * (tens of microseconds); its junction ranking costs a thousand times more and is not cheap.
 */
export function cheapJobs(
  count: number,
  prefix: string,
  seed = 11,
  analyses = ['freihofner'],
): WorkloadJob[] {
  const random = rng(seed);
  const options = analyses.includes('freihofner') ? { freihofner: { junctions: false } } : undefined;
  return Array.from({ length: count }, (_, i) => ({
    kind: 'position' as const,
    id: `${prefix}-${i}`,
    input: randomPosition(random, 19, 20 + (i % 60)),
    analyses,
    options,
  }));
}

/** The CPU-bound job of the benchmark: a full territory analysis of a 19x19 position. */
export function territoryJobs(count: number, prefix: string, seed = 13): WorkloadJob[] {
  const random = rng(seed);
  return Array.from({ length: count }, (_, i) => ({
    kind: 'position' as const,
    id: `${prefix}-${i}`,
    input: randomPosition(random, 19, 60 + (i % 80)),
    analyses: ['territory', 'deadStones', 'score', 'moveValues'],
  }));
}
