/**
 * Life-and-death speed: Moyo's full-board dragon status by reading beside GNU Go 3.8's
 * `final_status_list dead`, on the same 19x19 middle-game positions of real counted games
 * (bench/data/real-games), in one run.
 *
 * Moyo: the group analysis with the owl refiner (what `final_status_list` and the territory
 * analysis use), timed in this process after one warm-up pass; owl nodes counted, so nodes/s is
 * reported. GNU Go: `loadsgf FILE N` then its status command on one child process, timed around
 * the command (loading excluded): `dragon_status` by default (its dragons' statuses by reading, the
 * like of what Moyo computes), or with `--final-status` `final_status_list dead`, which plays the
 * game out first (35-110 s per position on this machine, 2026-11-25: 6 positions, median 35.6 s
 * against Moyo's 0.10 s).
 *
 * Run: `npm run bench:reading -- [--positions 20] [--final-status] [--no-gnugo]`
 */
import { readFileSync } from 'node:fs';
import { boardFromPosition, ReadingRefiner } from '../libs/engine/src/dragons/refine';
import { analyzeGroups } from '../libs/engine/src/groups/status';
import { RULES } from '../libs/engine/src/board/rules';
import { readSgf, replaySgf } from '../libs/engine/src/sgf';
import { GnuGoGtp, gnugoAvailable } from '../libs/engine/test/eyes/support/gnugo';
import { integerOption } from './support/args';
import { gamePath, loadRealGames } from './support/real-games/manifest';

interface Sample {
  file: string;
  moves: number;
  moyoMs: number;
  nodes: number;
  dead: number;
  gnugoMs: number | null;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

async function main(): Promise<void> {
  const limit = integerOption('bench:reading', '--positions', 20);
  const gnugoCommand = process.argv.includes('--final-status') ? 'final_status_list dead' : 'dragon_status';
  const withGnuGo = !process.argv.includes('--no-gnugo') && gnugoAvailable();
  const games = loadRealGames().filter((g) => g.size === 19);
  const positions: { file: string; moves: number; rules: keyof typeof RULES }[] = [];
  for (const g of games) {
    for (const share of [0.5, 0.7])
      positions.push({ file: gamePath(g), moves: Math.round(g.moves * share), rules: g.rules });
    if (positions.length >= limit) break;
  }
  positions.length = Math.min(positions.length, limit);

  const measure = (file: string, moves: number, rules: keyof typeof RULES) => {
    const game = replaySgf(readSgf(readFileSync(file, 'utf8')), { move: moves, rules: RULES[rules] });
    const pos = { geo: game.geo, colors: game.board.colors };
    const t0 = performance.now();
    const refiner = new ReadingRefiner(boardFromPosition(pos));
    const a = analyzeGroups(pos, { refine: refiner.refine, toMove: game.toPlay });
    const ms = performance.now() - t0;
    const dead = a.groups.filter((g) => g.status === 'dead').reduce((n, g) => n + g.stones.length, 0);
    return { ms, nodes: refiner.owl.totalNodes, dead };
  };
  // Warm-up: the JIT, and the eye-graph reader's shape cache as a running worker has it.
  for (const p of positions) measure(p.file, p.moves, p.rules);

  const gnugo = withGnuGo ? new GnuGoGtp(['--quiet']) : null;
  const samples: Sample[] = [];
  try {
    for (const p of positions) {
      const m = measure(p.file, p.moves, p.rules);
      let gnugoMs: number | null = null;
      if (gnugo) {
        await gnugo.command(`loadsgf ${p.file} ${p.moves + 1}`);
        const t0 = performance.now();
        await gnugo.command(gnugoCommand);
        gnugoMs = performance.now() - t0;
      }
      samples.push({ file: p.file, moves: p.moves, moyoMs: m.ms, nodes: m.nodes, dead: m.dead, gnugoMs });
    }
  } finally {
    await gnugo?.close();
  }

  const moyo = samples.map((s) => s.moyoMs);
  const nodes = samples.reduce((n, s) => n + s.nodes, 0);
  const moyoTotal = moyo.reduce((a, b) => a + b, 0);
  const fmt = (v: number) => v.toFixed(1);
  console.log(
    `bench:reading: ${samples.length} positions of 19x19 real games at 50 % and 70 % of their moves`,
  );
  console.log(
    `  Moyo full-board status: median ${fmt(quantile(moyo, 0.5))} ms, p95 ${fmt(quantile(moyo, 0.95))} ms, mean ${fmt(moyoTotal / samples.length)} ms; owl nodes ${nodes} (${Math.round((nodes / moyoTotal) * 1000)} nodes/s over the whole analysis)`,
  );
  if (gnugo) {
    const g = samples.map((s) => s.gnugoMs ?? 0);
    const gTotal = g.reduce((a, b) => a + b, 0);
    console.log(
      `  GNU Go ${gnugoCommand}: median ${fmt(quantile(g, 0.5))} ms, p95 ${fmt(quantile(g, 0.95))} ms, mean ${fmt(gTotal / samples.length)} ms`,
    );
    console.log(
      `  GNU Go / Moyo: median ${fmt(quantile(g, 0.5) / quantile(moyo, 0.5))}x, mean ${fmt(gTotal / moyoTotal)}x`,
    );
  } else {
    console.log('  GNU Go: skipped (--no-gnugo or /usr/games/gnugo missing)');
  }
}

main().catch((e) => {
  console.error(`bench:reading: ${(e as Error).message}`);
  process.exit(1);
});
