/**
 * Territory benchmark: median time of the full position analysis and of each part on the GNU Go
 * fixture positions (19x19 by default), beside GNU Go 3.8's `estimate_score` (middle game) and
 * `final_score` (ends of finished games) on the same positions in the same run.
 *
 * Run: `npm run bench:territory` (= `npx tsx bench/territory.ts [--size 19] [--reps 5] [--no-gnugo]`).
 */
import { analyzePosition, positionFromGame } from '../libs/engine/src/analysis';
import { Game } from '../libs/engine/src/board/history';
import { analyzeGroups } from '../libs/engine/src/groups';
import { computeInfluenceField } from '../libs/engine/src/influence/field';
import { analyzeTerritory, moveValues, twoLayers } from '../libs/engine/src/territory';
import { GnuGoGtp, gnugoAvailable } from '../libs/engine/test/eyes/support/gnugo';
import {
  fixtureTerritoryOptions,
  loadGames,
  replay,
  vertexPoint,
  type FixtureGame,
} from '../libs/engine/test/territory/support/fixtures';
import { integerOption } from './support/args';

const args = process.argv.slice(2);
const size = integerOption('bench:territory', '--size', 19);
const reps = integerOption('bench:territory', '--reps', 5);
const useGnugo = !args.includes('--no-gnugo') && gnugoAvailable();

interface Sample {
  game: FixtureGame;
  move: number;
  end: boolean;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? NaN
    : s.length % 2
      ? s[(s.length - 1) / 2]
      : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

function time(fn: () => void): number {
  let best = Infinity;
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

async function gnugoTimes(samples: Sample[], command: string): Promise<number[]> {
  const out: number[] = [];
  for (const s of samples) {
    const g = new GnuGoGtp();
    try {
      await g.command(`boardsize ${s.game.size}`);
      await g.command('clear_board');
      await g.command(`komi ${s.game.komi}`);
      if (s.game.handicap > 0) await g.command(`fixed_handicap ${s.game.handicap}`);
      let color = s.game.handicap > 0 ? 'white' : 'black';
      for (let i = 0; i < s.move; i++) {
        await g.command(`play ${color} ${s.game.moves[i]}`);
        color = color === 'black' ? 'white' : 'black';
      }
      const t0 = performance.now();
      await g.command(command);
      out.push(performance.now() - t0);
    } finally {
      await g.close();
    }
  }
  return out;
}

async function main(): Promise<void> {
  const games = loadGames().filter((g) => g.size === size);
  if (games.length === 0) {
    process.stderr.write(`no fixture games of size ${size}\n`);
    process.exit(2);
  }
  const samples: Sample[] = games.flatMap((game) =>
    game.records.map((r) => ({ game, move: r.move, end: r.end })),
  );
  const parts: Record<string, number[]> = {
    'influence field': [],
    groups: [],
    'two layers': [],
    'full analysis (territory + score)': [],
    'move values (40 candidates)': [],
    'registry: 4 analyses, no moveValues': [],
    'registry: all 5 with moveValues': [],
  };
  const positionOf = (s: Sample) => {
    const game = new Game(s.game.size, { komi: s.game.komi });
    if (s.game.handicap > 0) game.placeHandicap(s.game.handicapStones.map((v) => vertexPoint(game.geo, v)));
    for (const v of s.game.moves.slice(0, s.move)) game.playVertex(v === 'PASS' ? 'pass' : v);
    return game;
  };
  for (const s of samples) {
    const pos = replay(s.game, s.move);
    const opts = fixtureTerritoryOptions(s.game, pos);
    const full = analyzeTerritory(pos, opts);
    parts['influence field'].push(time(() => computeInfluenceField(pos, { toMove: pos.toMove })));
    parts.groups.push(time(() => analyzeGroups(pos, { toMove: pos.toMove })));
    parts['two layers'].push(time(() => twoLayers(pos, full.groups.safety, full.field)));
    parts['full analysis (territory + score)'].push(time(() => analyzeTerritory(pos, opts)));
    parts['move values (40 candidates)'].push(time(() => moveValues(pos, full, pos.toMove)));
    // What the worker runs: one analyzePosition call (the analyses share one territory run); a
    // fresh board each time so no run is remembered from the last repetition.
    const game = positionOf(s);
    const four = ['influence', 'territory', 'deadStones', 'score'];
    parts['registry: 4 analyses, no moveValues'].push(
      time(() => analyzePosition(positionFromGame(game.clone()), four)),
    );
    parts['registry: all 5 with moveValues'].push(
      time(() => analyzePosition(positionFromGame(game.clone()), [...four, 'moveValues'])),
    );
  }
  const mid = samples.filter((s) => !s.end);
  const ends = samples.filter((s) => s.end);
  const fullMs = parts['full analysis (territory + score)'];
  const fullMid = fullMs.filter((_, i) => !samples[i].end);
  const fullEnd = fullMs.filter((_, i) => samples[i].end);
  // Ours is the best of `reps` runs per position, GNU Go's one call (a fresh process each time).
  const ratio = (theirs: number[], ours: number[]) =>
    `-> ours ${(median(theirs) / median(ours)).toFixed(0)}x faster by medians, ` +
    `${(mean(theirs) / mean(ours)).toFixed(0)}x by means`;
  console.log(
    `territory bench: ${size}x${size}, ${samples.length} fixture positions (${mid.length} middle game, ${ends.length} ends), ours best of ${reps} per position`,
  );
  for (const [name, ms] of Object.entries(parts)) {
    console.log(
      `  ${name.padEnd(37)} median ${median(ms).toFixed(2).padStart(8)} ms  mean ${mean(ms).toFixed(2).padStart(8)} ms  ${(1000 / median(ms)).toFixed(1).padStart(8)} positions/s`,
    );
  }
  if (!useGnugo) {
    console.log('  GNU Go: skipped');
    return;
  }
  const est = await gnugoTimes(mid, 'estimate_score');
  console.log(
    `  GNU Go estimate_score (middle game)   median ${median(est).toFixed(1)} ms  mean ${mean(est).toFixed(1)} ms` +
      `  ${ratio(est, fullMid)}`,
  );
  if (ends.length > 0) {
    const fin = await gnugoTimes(ends, 'final_score');
    console.log(
      `  GNU Go final_score (ends)             median ${median(fin).toFixed(1)} ms  mean ${mean(fin).toFixed(1)} ms` +
        `  ${ratio(fin, fullEnd)}`,
    );
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
