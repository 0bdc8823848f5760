/**
 * Engine-core throughput on 19x19: play+undo per second over random legal games, legal-move probes
 * (play+undo at every empty point of middle-game positions, as tactical reading does), and SGF
 * read / read+replay speed on a 250-move game.
 *
 * Run: `npx tsx bench/engine.ts` (or `npm run bench:engine`).
 */
import {
  BLACK,
  Board,
  Game,
  WHITE,
  opponent,
  positionAfter,
  readSgf,
  writeSgf,
  type Player,
} from '@moyo/engine';
import { seededRandom as rng } from '@moyo/engine';

/** Random legal games (no eye filling rule: any legal move), as point sequences. */
function randomGames(count: number, length: number, seed: number): Int32Array[] {
  const r = rng(seed);
  const games: Int32Array[] = [];
  for (let g = 0; g < count; g++) {
    const b = Board.empty(19);
    const moves = new Int32Array(length);
    let player: Player = BLACK;
    let n = 0;
    for (; n < length; n++) {
      let p = 0;
      for (let tries = 0; tries < 200; tries++) {
        const q = b.geo.points[Math.floor(r() * b.geo.points.length)];
        if (b.isLegal(q, player)) {
          p = q;
          break;
        }
      }
      if (p === 0) break;
      b.play(p, player);
      moves[n] = p;
      player = opponent(player);
    }
    games.push(moves.subarray(0, n));
  }
  return games;
}

/**
 * Runs `ops` (returns how many operations it did) in batches for about `minMs`; prints the overall
 * rate and the rate of the fastest batch (closest to the unloaded speed on a shared machine).
 */
function time(label: string, unit: string, ops: () => number, minMs = 1500): number {
  ops(); // warm up
  let total = 0;
  let best = 0;
  const t0 = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    const b0 = performance.now();
    const n = ops();
    const b1 = performance.now();
    total += n;
    if (b1 > b0) best = Math.max(best, (n / (b1 - b0)) * 1000);
    elapsed = b1 - t0;
  }
  const perSec = (total / elapsed) * 1000;
  const fmt = (v: number): string => Math.round(v).toLocaleString('en-US').padStart(12);
  console.log(`${label.padEnd(52)} ${fmt(perSec)} ${fmt(best)} ${unit}/s`);
  return perSec;
}

console.log(
  `${''.padEnd(52)} ${'overall'.padStart(12)} ${'best batch'.padStart(12)}   (node ${process.version})`,
);

const games = randomGames(20, 250, 1);
const board = Board.empty(19);

time('19x19 play+undo (random legal games, 250 moves)', 'play+undo', () => {
  let n = 0;
  for (const g of games) {
    let player: Player = BLACK;
    for (let i = 0; i < g.length; i++) {
      board.playRecorded(g[i], player);
      player = player === BLACK ? WHITE : BLACK;
    }
    for (let i = 0; i < g.length; i++) board.undo();
    n += g.length;
  }
  return n;
});

// Middle-game positions: probe every empty point for the player to move (play, undo).
const probes = games.slice(0, 8).map((g) => {
  const b = Board.empty(19);
  let player: Player = BLACK;
  for (let i = 0; i < Math.min(120, g.length); i++) {
    b.play(g[i], player);
    player = opponent(player);
  }
  return { b, player };
});
time('19x19 probe: playRecorded+undo at every empty point', 'play+undo', () => {
  let n = 0;
  for (const { b, player } of probes) {
    const pts = b.geo.points;
    for (let i = 0; i < pts.length; i++) {
      if (b.playRecorded(pts[i], player)) {
        b.undo();
        n++;
      }
    }
  }
  return n;
});

time('19x19 isLegal at every point', 'checks', () => {
  let n = 0;
  for (const { b, player } of probes) {
    const pts = b.geo.points;
    for (let i = 0; i < pts.length; i++) if (b.isLegal(pts[i], player)) n++;
  }
  return n + 1;
});

// SGF: a 250-move game written by our own writer.
const g = new Game(19, { komi: 6.5 });
let player: Player = BLACK;
for (const p of games[0]) {
  if (!g.isLegal(p, player)) break; // superko-free under Japanese rules anyway
  g.play(p, player);
  player = opponent(player);
}
const sgf = writeSgf(g, { info: { PB: 'Black', PW: 'White' } });
console.log(`(SGF: ${g.moveNumber} moves, ${sgf.length} bytes)`);
time('SGF read (parse with @sabaki/sgf + root/main line)', 'games', () => {
  readSgf(sgf);
  return 1;
});
const kb = time('SGF read throughput', 'KB', () => {
  readSgf(sgf);
  return sgf.length / 1024;
});
void kb;
time('SGF read + replay to the end (Game with superko set)', 'games', () => {
  positionAfter(sgf);
  return 1;
});
