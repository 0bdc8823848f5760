/**
 * Regenerates libs/engine/test/territory/fixtures/games/*.json: GNU Go 3.8 self-play games on 9x9,
 * 13x13 and 19x19 at several levels and seeds, with GNU Go's own judgement of the position at
 * several move numbers and at the end: `estimate_score`, `final_score` (where GNU Go answers it in
 * reasonable time), `final_status_list dead|alive|seki`, `dragon_status`, `captures`, and
 * `initial_influence black influence_regions|territory_value`. 19x19 middle-game records leave out
 * `final_status_list` (GNU Go plays the game out to answer it: minutes per position there).
 *
 * Run: `nice npx tsx scripts/gen-territory-fixtures.ts [--jobs 2] [--only g09-01,...] [--force]`.
 * Games already on disk are kept unless --force: an interrupted run resumes where it stopped.
 *
 * Two GNU Go processes per game: the player (at the game's level, with a per-game random seed and
 * `--never-resign`) and the oracle at GNU Go's default level, which replays every move and answers
 * the analysis commands, so the judgement does not depend on the playing level. The first two moves
 * of each side come from a seeded generator (points on the 3rd/4th lines) so games differ.
 */
import { mkdirSync, existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { GnuGoGtp, gnugoAvailable, GNUGO_PATH } from '../libs/engine/test/eyes/support/gnugo';
import { seededRandom as rng } from '../libs/engine/src/board/random';
import type { FixtureGame, FixtureRecord } from '../libs/engine/test/territory/support/fixtures';

const OUT_DIR = resolve(__dirname, '../libs/engine/test/territory/fixtures/games');
const COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** One game to play: board size, GNU Go level, seed, handicap, where to stop and what to record. */
interface GameSpec {
  id: string;
  size: number;
  level: number;
  seed: number;
  komi: number;
  handicap: number;
  /** Stop after this many moves even if the game is not over. */
  maxMoves: number;
  /** Move numbers (count of moves played, handicap stones excluded) at which to record. */
  recordAt: number[];
  /** Ask the oracle for `final_score` at middle-game records too (slow on big boards). */
  midFinalScore: boolean;
  /**
   * Ask for `final_status_list` at middle-game records too. GNU Go answers it by playing the game
   * out (like `final_score`), which takes minutes per position in a 19x19 middle game.
   */
  midStatusList: boolean;
}

function vertex(x: number, y: number, size: number): string {
  return `${COLUMNS[x]}${size - y}`;
}

function specs(): GameSpec[] {
  const out: GameSpec[] = [];
  const levels9 = [1, 3, 5, 8, 10];
  for (let i = 0; i < 24; i++) {
    out.push({
      id: `g09-${String(i + 1).padStart(2, '0')}`,
      size: 9,
      level: levels9[i % levels9.length],
      seed: 9000 + i,
      komi: 6.5,
      handicap: 0,
      maxMoves: 140,
      recordAt: [20, 40],
      midFinalScore: true,
      midStatusList: true,
    });
  }
  const levels13 = [1, 3, 5, 8];
  for (let i = 0; i < 12; i++) {
    out.push({
      id: `g13-${String(i + 1).padStart(2, '0')}`,
      size: 13,
      level: levels13[i % levels13.length],
      seed: 13000 + i,
      komi: 6.5,
      handicap: 0,
      maxMoves: 260,
      recordAt: [40, 80],
      midFinalScore: false,
      midStatusList: true,
    });
  }
  // 19x19 at low levels (GNU Go's genmove is slow on the big board): eight played out (two with
  // handicap), six stopped after the middle-game record at move 100, six more played out below.
  const full19: Array<[number, number]> = [
    [1, 0],
    [2, 0],
    [3, 0],
    [1, 0],
    [2, 0],
    [3, 0],
    [1, 3],
    [2, 2],
  ];
  full19.forEach(([level, handicap], i) =>
    out.push({
      id: `g19-${String(i + 1).padStart(2, '0')}`,
      size: 19,
      level,
      seed: 19000 + i,
      komi: handicap ? 0.5 : 7.5,
      handicap,
      maxMoves: 450,
      recordAt: [50, 100, 150],
      midFinalScore: false,
      midStatusList: false,
    }),
  );
  const mid19 = [1, 2, 3, 1, 2, 3];
  mid19.forEach((level, i) =>
    out.push({
      id: `g19-${String(i + 9).padStart(2, '0')}`,
      size: 19,
      level,
      seed: 19100 + i,
      komi: 7.5,
      handicap: 0,
      maxMoves: 110,
      recordAt: [50, 100],
      midFinalScore: false,
      midStatusList: false,
    }),
  );
  // Six more played out at levels 1-3, so the finished-game figures have 19x19 weight too.
  [1, 2, 3, 1, 2, 3].forEach((level, i) =>
    out.push({
      id: `g19-${String(i + 15).padStart(2, '0')}`,
      size: 19,
      level,
      seed: 19200 + i,
      komi: 7.5,
      handicap: 0,
      maxMoves: 450,
      recordAt: [50, 100, 150],
      midFinalScore: false,
      midStatusList: false,
    }),
  );
  return out;
}

/** Sends a command and returns its payload without the `= `; throws on `?` answers. */
async function ask(gtp: GnuGoGtp, line: string): Promise<string> {
  const answer = await gtp.command(line);
  if (!answer.startsWith('=')) throw new Error(`gnugo: ${line} -> ${answer}`);
  return answer.slice(1).replace(/^ /, '');
}

/** Parses `W+3.5 (upper bound: 5.0, lower: 2.0)` into White-positive numbers. */
function parseEstimate(s: string): { score: number; upper: number; lower: number } {
  const m = /^([BW])\+([\d.]+) \(upper bound: (-?[\d.]+), lower: (-?[\d.]+)\)$/.exec(s.trim());
  if (!m) throw new Error(`unexpected estimate_score answer: ${s}`);
  const score = (m[1] === 'W' ? 1 : -1) * Number(m[2]);
  return { score, upper: Number(m[3]), lower: Number(m[4]) };
}

/** Parses `W+16.5` / `B+3.0` / `0` into a White-positive number. */
function parseFinal(s: string): number {
  const t = s.trim();
  if (t === '0') return 0;
  const m = /^([BW])\+([\d.]+)$/.exec(t);
  if (!m) throw new Error(`unexpected final_score answer: ${s}`);
  return (m[1] === 'W' ? 1 : -1) * Number(m[2]);
}

function words(s: string): string[] {
  return s.split(/\s+/).filter((w) => w.length > 0);
}

function grid(s: string, scale: number): number[] {
  return words(s).map((w) => Math.round(Number(w) * scale));
}

async function record(
  oracle: GnuGoGtp,
  spec: GameSpec,
  move: number,
  end: boolean,
  toPlay: 'B' | 'W',
): Promise<FixtureRecord> {
  const t0 = performance.now();
  const estimateScore = await ask(oracle, 'estimate_score');
  const t1 = performance.now();
  let finalScore: string | null = null;
  let finalSeconds: number | null = null;
  if (end || spec.midFinalScore) {
    finalScore = await ask(oracle, 'final_score');
    finalSeconds = (performance.now() - t1) / 1000;
  }
  const listed = end || spec.midStatusList;
  const list = async (status: string) =>
    listed ? words(await ask(oracle, `final_status_list ${status}`)) : null;
  const dead = await list('dead');
  const alive = await list('alive');
  const seki = await list('seki');
  const dragons = (await ask(oracle, 'dragon_status'))
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const regions = grid(await ask(oracle, 'initial_influence black influence_regions'), 1);
  const territory = grid(await ask(oracle, 'initial_influence black territory_value'), 100);
  const n = spec.size * spec.size;
  if (regions.length !== n || territory.length !== n) {
    throw new Error(`${spec.id}: influence grids of ${regions.length}/${territory.length} values, want ${n}`);
  }
  const black = Number(await ask(oracle, 'captures black'));
  const white = Number(await ask(oracle, 'captures white'));
  return {
    move,
    end,
    toPlay,
    captures: { black, white },
    estimateScore,
    estimate: parseEstimate(estimateScore),
    finalScore,
    final: finalScore === null ? null : parseFinal(finalScore),
    dead,
    alive,
    seki,
    dragons,
    regions,
    territory,
    seconds: { estimate: (t1 - t0) / 1000, final: finalSeconds },
  };
}

async function playGame(spec: GameSpec): Promise<FixtureGame> {
  const player = new GnuGoGtp(['--level', String(spec.level), '--seed', String(spec.seed), '--never-resign']);
  const oracle = new GnuGoGtp(['--never-resign']);
  try {
    for (const g of [player, oracle]) {
      await ask(g, `boardsize ${spec.size}`);
      await ask(g, 'clear_board');
      await ask(g, `komi ${spec.komi}`);
    }
    let handicapStones: string[] = [];
    if (spec.handicap > 0) {
      handicapStones = words(await ask(player, `fixed_handicap ${spec.handicap}`));
      await ask(oracle, `fixed_handicap ${spec.handicap}`);
    }
    const random = rng(spec.seed * 7919 + 17);
    const moves: string[] = [];
    const records: FixtureRecord[] = [];
    let color: 'B' | 'W' = spec.handicap > 0 ? 'W' : 'B';
    let passes = 0;
    const lo = 2;
    const hi = spec.size - 1 - lo;
    while (moves.length < spec.maxMoves && passes < 2) {
      let move: string;
      if (moves.length < 4 && spec.handicap === 0) {
        // Seeded opening on the 3rd/4th lines (or 3rd to centre on 9x9); retry if occupied.
        for (;;) {
          const x = lo + Math.floor(random() * (hi - lo + 1));
          const y = lo + Math.floor(random() * (hi - lo + 1));
          const v = vertex(x, y, spec.size);
          const line = Math.min(x, y, spec.size - 1 - x, spec.size - 1 - y);
          if (spec.size > 9 && line > 3) continue;
          if (moves.includes(v)) continue;
          move = v;
          break;
        }
        await ask(player, `play ${color} ${move}`);
      } else {
        move = (await ask(player, `genmove ${color}`)).trim().toUpperCase();
      }
      if (move === 'RESIGN') break;
      await ask(oracle, `play ${color} ${move}`);
      moves.push(move);
      passes = move === 'PASS' ? passes + 1 : 0;
      color = color === 'B' ? 'W' : 'B';
      if (spec.recordAt.includes(moves.length) && passes < 2) {
        records.push(await record(oracle, spec, moves.length, false, color));
      }
    }
    const finished = passes >= 2;
    const last = records[records.length - 1];
    // Records are only taken before a second pass, so the final position is always new here.
    if (!last || last.move !== moves.length) {
      records.push(await record(oracle, spec, moves.length, finished, color));
    }
    return {
      id: spec.id,
      generator: 'scripts/gen-territory-fixtures.ts (GNU Go 3.8 self-play)',
      size: spec.size,
      komi: spec.komi,
      handicap: spec.handicap,
      handicapStones,
      level: spec.level,
      seed: spec.seed,
      moves,
      finished,
      records,
    };
  } finally {
    await Promise.allSettled([player.close(), oracle.close()]);
  }
}

async function main(): Promise<void> {
  if (!gnugoAvailable()) {
    process.stderr.write(`gnugo not found at ${GNUGO_PATH}\n`);
    process.exit(2);
  }
  const args = process.argv.slice(2);
  const jobsAt = args.indexOf('--jobs');
  const jobs = jobsAt >= 0 ? Number(args[jobsAt + 1]) : 2;
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? new Set(args[onlyAt + 1].split(',')) : null;
  const force = args.includes('--force');
  if (!Number.isInteger(jobs) || jobs < 1) {
    process.stderr.write('--jobs: must be a positive integer\n');
    process.exit(2);
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const all = specs();
  // With --only, play in the order given (so several runs can share the work from both ends).
  const chosen = only
    ? [...only].map((id) => all.find((s) => s.id === id)).filter((s) => s !== undefined)
    : all;
  const done = (s: GameSpec) => !force && existsSync(resolve(OUT_DIR, `${s.id}.json`));
  const queue = chosen.filter((s) => !done(s));
  process.stdout.write(`${queue.length} games to play with ${jobs} jobs\n`);
  const worker = async (): Promise<void> => {
    for (let spec = queue.shift(); spec; spec = queue.shift()) {
      // Another run may have written it meanwhile.
      if (done(spec)) continue;
      const t0 = performance.now();
      const game = await playGame(spec);
      writeFileSync(resolve(OUT_DIR, `${spec.id}.json`), JSON.stringify(game) + '\n');
      const last = game.records[game.records.length - 1];
      process.stdout.write(
        `${spec.id}: ${game.moves.length} moves, finished=${game.finished}, ` +
          `estimate ${last.estimateScore}, final ${last.finalScore ?? '-'} ` +
          `(${((performance.now() - t0) / 1000).toFixed(0)} s)\n`,
      );
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
