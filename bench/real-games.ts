/**
 * Real-games bench: Moyo beside GNU Go 3.8 on positions of counted games (bench/data/real-games,
 * provenance in its manifest and SOURCES.md), judged against the result the players agreed.
 *
 * For each game, the positions at 30/50/70/90 % of its moves and the final position. Moyo runs in
 * this process through its GTP front (`moyo_rules`, `loadsgf FILE N`, `komi`, then `estimate_score`
 * and `final_status_list dead`, timed), so whatever the engine does shows here. GNU Go runs as
 * `gnugo --mode gtp --quiet --level 10` child processes (--jobs of them, plus `--chinese-rules`
 * ones for Chinese games), reused with `loadsgf`, asked the same commands on the same positions.
 * Both engines must list the same stones as our replay, or the position is dropped for that side.
 *
 * Run: `npm run bench:real -- [--set tune|check|all] [--limit N (default 60)] [--phases 30,50,70,90,final]
 *       [--jobs 2] [--gnugo-level 10] [--gnugo-midgame-dead dragon_status|final_status_list]
 *       [--gnugo-save answers.json] [--gnugo-from answers.json] [--no-gnugo] [--out report.json]`
 * --gnugo-from reuses GNU Go's answers saved by an earlier run (--gnugo-save; GNU Go does not
 * change): Moyo is then measured beside them in a minute, GNU Go's times being the saved run's.
 * GNU Go's final_status_list plays the game out first (minutes on a 19x19 middle game), so by
 * default its middle-game dead stones are those of the dragons its `dragon_status` calls dead.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, hostname } from 'node:os';
import { gnugoAvailable } from '../libs/engine/test/eyes/support/gnugo';
import { integerOption } from './support/args';
import { answerKey, readGnuGoAnswers, writeGnuGoAnswers } from './support/real-games/answer-cache';
import { askGnuGo, MoyoSide, type EngineAnswer } from './support/real-games/engines';
import { loadRealGames, type RealGame } from './support/real-games/manifest';
import { positionRow, slices, type PositionRow, type Side } from './support/real-games/metrics';
import { options, type RealGamesOptions } from './support/real-games/options';
import { DEFAULT_PHASES, gamePositions, phaseName, type GamePosition } from './support/real-games/positions';
import { accuracyTable, timingTable } from './support/real-games/table';

const BENCH = 'bench:real';

function progress(label: string, total: number): () => void {
  let done = 0;
  const every = Math.max(1, Math.floor(total / 10));
  return () => {
    done++;
    if (done % every === 0 || done === total) process.stderr.write(`  ${label}: ${done}/${total}\n`);
  };
}

/** A fixed order mixing the categories, so --limit N takes games of every kind. */
function byHash(games: RealGame[]): RealGame[] {
  const key = (g: RealGame) => createHash('sha1').update(g.id).digest('hex');
  return [...games].sort((a, b) => key(a).localeCompare(key(b)));
}

/** The commit the engine was read from, `+dirty` when libs/engine has uncommitted changes. */
function gitCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', 'libs/engine'], { encoding: 'utf8' }).trim();
    return dirty ? `${head}+dirty` : head;
  } catch {
    return 'unknown';
  }
}

/**
 * GNU Go's answers for `positions`: those saved in --gnugo-from, the rest asked live when GNU Go
 * is there (or none at all: an empty list). Saved with --gnugo-save.
 */
async function gnugoAnswersFor(
  positions: readonly GamePosition[],
  live: boolean,
  jobs: number,
  level: number,
  opts: RealGamesOptions,
): Promise<EngineAnswer[]> {
  const meta = { level, midGameDead: opts.gnugoMidGameDead };
  const saved = opts.gnugoFrom ? readGnuGoAnswers(opts.gnugoFrom, meta) : new Map<string, EngineAnswer>();
  const missing = positions.filter((pos) => !saved.has(answerKey(pos)));
  if (!live && missing.length > 0) {
    if (saved.size === 0) return [];
    throw new Error(`${missing.length} positions are not in ${opts.gnugoFrom} and GNU Go is not asked`);
  }
  const asked = missing.length
    ? await askGnuGo(missing, jobs, level, opts.gnugoMidGameDead, progress('GNU Go', missing.length))
    : [];
  const fresh = new Map(missing.map((pos, i) => [answerKey(pos), asked[i]]));
  const answers = positions.map(
    (pos) => saved.get(answerKey(pos)) ?? (fresh.get(answerKey(pos)) as EngineAnswer),
  );
  if (opts.gnugoSave) writeGnuGoAnswers(opts.gnugoSave, meta, positions, answers);
  return answers;
}

async function main(): Promise<void> {
  // Read before the engine runs: the commit (and dirt) of the code this run measures.
  const commit = gitCommit();
  const opts = options(BENCH, DEFAULT_PHASES);
  // 60 games take about 10 minutes on the 2-core machine with GNU Go; --limit 1000 runs them all.
  const limit = integerOption(BENCH, '--limit', 60);
  const jobs = integerOption(BENCH, '--jobs', 2);
  const level = integerOption(BENCH, '--gnugo-level', 10, 0);
  const useGnugo = !opts.noGnugo && gnugoAvailable();
  const all = loadRealGames();
  const games = byHash(all.filter((g) => opts.set === 'all' || g.set === opts.set)).slice(0, limit);
  // The final position is always read: the stones the engines call dead there decide which stones
  // count as alive at the end.
  const asked = opts.phases.includes('final') ? opts.phases : [...opts.phases, 'final' as const];
  const positions: GamePosition[] = games.flatMap((g) => gamePositions(g, asked));
  const started = new Date();
  process.stderr.write(
    `${BENCH}: ${games.length} games (${opts.set}), ${positions.length} positions; Moyo in-process` +
      (opts.gnugoFrom
        ? `, GNU Go answers from ${opts.gnugoFrom}${useGnugo ? ' (the rest asked live)' : ''}\n`
        : useGnugo
          ? `, then GNU Go level ${level} x${jobs}\n`
          : ', GNU Go skipped\n'),
  );

  const moyo = new MoyoSide();
  const moyoAnswers: EngineAnswer[] = [];
  const tick = progress('Moyo', positions.length);
  for (const pos of positions) {
    moyoAnswers.push(await moyo.ask(pos));
    tick();
  }
  const gnugoAnswers = await gnugoAnswersFor(positions, useGnugo, jobs, level, opts);
  const haveGnugo = gnugoAnswers.length > 0;

  const finalDead = new Map<string, Set<string>>();
  positions.forEach((pos, i) => {
    if (pos.phase !== 'final') return;
    const dead = new Set([...(moyoAnswers[i].dead ?? []), ...(gnugoAnswers[i]?.dead ?? [])]);
    finalDead.set(pos.game.id, dead);
  });
  const reported = new Set(opts.phases.map(phaseName));
  const rows: PositionRow[] = [];
  positions.forEach((pos, i) => {
    if (!reported.has(phaseName(pos.phase))) return;
    const answers: Partial<Record<Side, EngineAnswer>> = { moyo: moyoAnswers[i] };
    if (haveGnugo) answers.gnugo = gnugoAnswers[i];
    rows.push(positionRow(pos, answers, finalDead.get(pos.game.id) ?? new Set()));
  });

  const sets = opts.set === 'all' ? (['tune', 'check', 'all'] as const) : ([opts.set] as const);
  const report = {
    bench: BENCH,
    date: started.toISOString(),
    commit,
    machine: {
      host: hostname(),
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      node: process.version,
    },
    options: {
      set: opts.set,
      games: games.length,
      phases: opts.phases.map(phaseName),
      jobs,
      gnugoLevel: level,
      gnugo: haveGnugo,
      gnugoFrom: opts.gnugoFrom,
      gnugoMidGameDead: opts.gnugoMidGameDead,
    },
    seconds: (Date.now() - started.getTime()) / 1000,
    errors: rows.flatMap((r) =>
      Object.entries(r.errors).map(([side, e]) => ({ game: r.game, phase: r.phase, side, error: e })),
    ),
    sets: Object.fromEntries(
      sets.map((set) => [set, slices(rows.filter((r) => set === 'all' || r.set === set))]),
    ),
    positions: rows,
  };
  for (const set of sets) {
    const sel = rows.filter((r) => set === 'all' || r.set === set);
    console.log(
      `\n${BENCH} set ${set}: ${new Set(sel.map((r) => r.game)).size} games, ${sel.length} positions; ` +
        `Moyo ${report.commit} in-process GTP, GNU Go 3.8 level ${level} (${haveGnugo ? (opts.gnugoFrom ? `answers from ${opts.gnugoFrom}` : `${jobs} processes`) : 'skipped'})`,
    );
    console.log(accuracyTable(report.sets[set]));
    console.log('\ntimes per command (ms):');
    console.log(timingTable(report.sets[set]));
  }
  if (report.errors.length > 0) {
    console.log(`\n${report.errors.length} position answers missing:`);
    for (const e of report.errors.slice(0, 10)) console.log(`  ${e.side} ${e.game} ${e.phase}: ${e.error}`);
  }
  console.log(`\n${BENCH}: ${report.seconds.toFixed(0)} s on ${report.machine.cpus} x ${report.machine.cpu}`);
  if (opts.out) {
    writeFileSync(opts.out, JSON.stringify(report, null, 2) + '\n');
    console.log(`report written to ${opts.out}`);
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${BENCH}: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
