import { BLACK, EMPTY, formatGtpVertex, Game, parseRules, PASS, seededRandom } from '@moyo/engine';

/** A long game for load tests: KataGo-style moves and the same game as SGF. */
export interface LongGame {
  moves: [string, string][];
  sgf: string;
}

/**
 * A legal 19x19 game of `length` moves (Chinese rules, positional superko) from a seed: random
 * points, eye-filling allowed, so stones are captured again and again and the game never runs out
 * of moves; a pass only when no point is legal. Deterministic for a seed.
 */
export function longGame(length: number, seed = 1): LongGame {
  const rnd = seededRandom(seed);
  const game = new Game(19, { rules: parseRules('chinese'), komi: 7.5 });
  const points = game.geo.points;
  const moves: [string, string][] = [];
  const sgfMoves: string[] = [];
  while (moves.length < length) {
    let point = PASS;
    const start = Math.floor(rnd() * points.length);
    for (let i = 0; i < points.length && point === PASS; i++) {
      const p = points[(start + i * 7) % points.length];
      if (game.board.colors[p] === EMPTY && game.isLegal(p)) point = p;
    }
    const color = game.toPlay === BLACK ? 'B' : 'W';
    game.play(point);
    const vertex = point === PASS ? 'pass' : formatGtpVertex(point, game.geo);
    moves.push([color, vertex]);
    sgfMoves.push(`;${color}[${point === PASS ? '' : sgfPoint(vertex)}]`);
  }
  return { moves, sgf: `(;GM[1]FF[4]SZ[19]KM[7.5]RU[Chinese]${sgfMoves.join('')})` };
}

const GTP_COLUMNS = 'ABCDEFGHJKLMNOPQRST';

/** GTP "Q16" on 19x19 as SGF "pd". */
function sgfPoint(vertex: string): string {
  const x = GTP_COLUMNS.indexOf(vertex[0]);
  const y = 19 - Number(vertex.slice(1));
  return String.fromCharCode(97 + x) + String.fromCharCode(97 + y);
}

/** 500 turns whose move counts add up to 250,000, the most one analyzeTurns request may ask for. */
export function heaviestTurns(): number[] {
  return Array.from({ length: 500 }, (_, i) => 2 * i + 1);
}
