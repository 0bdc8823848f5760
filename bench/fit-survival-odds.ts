/**
 * Fits the weak-dragon survival model (libs/engine/src/dragons/survival-odds.ts) on real counted
 * games and reports it on the held-out set.
 *
 * For every game of bench/data/real-games, the positions at 30/50/70/90 % of its moves and the
 * final one are analysed as the territory path does (analyzeGroups with a ReadingRefiner); each weak
 * dragon the refiner weighs while the game goes on is one example, with its features, and lives when
 * at least half its stones stay on the board to the end and are not among the dead stones GNU Go 3.8
 * named on the final position (its saved answers, bench/data/real-games/gnugo-3.8-answers.json).
 * A logistic regression (examples weighted by the square root of their stones, a little L2) is
 * fitted on the tune set; log loss and mean absolute error (per stone) are printed for the tune
 * and check sets beside the weights in the engine, and the new weights as a TypeScript array.
 *
 * Run: `npx tsx bench/fit-survival-odds.ts` (a few minutes on 2 cores).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatGtpVertex } from '../libs/engine/src/board/coords';
import { RULES } from '../libs/engine/src/board/rules';
import { boardFromPosition, ReadingRefiner } from '../libs/engine/src/dragons/refine';
import {
  oddsOf,
  SURVIVAL_INPUT_NAMES,
  SURVIVAL_WEIGHTS,
  survivalInputs,
  type DragonOddsFeatures,
} from '../libs/engine/src/dragons/survival-odds';
import { analyzeGroups } from '../libs/engine/src/groups/status';
import { readSgf, replaySgf } from '../libs/engine/src/sgf';
import { gamePath, loadRealGames, REAL_GAMES_DIR, type RealGame } from './support/real-games/manifest';
import { gamePositions, type Phase } from './support/real-games/positions';

interface Example {
  readonly x: number[];
  readonly stones: number;
  readonly lives: boolean;
}

const PHASES: Phase[] = [30, 50, 70, 90, 'final'];

/** GNU Go 3.8's dead stones on each game's final position, by game id. */
function finalDead(): Map<string, Set<string>> {
  const file = JSON.parse(readFileSync(join(REAL_GAMES_DIR, 'gnugo-3.8-answers.json'), 'utf8')) as {
    answers: Record<string, { dead: string[] | null }>;
  };
  const out = new Map<string, Set<string>>();
  for (const [key, a] of Object.entries(file.answers)) {
    const m = /^(.*)@\d+:final$/.exec(key);
    if (m) out.set(m[1], new Set((a.dead ?? []).map((v) => v.toUpperCase())));
  }
  return out;
}

function examples(games: readonly RealGame[], dead: Map<string, Set<string>>): Example[] {
  const out: Example[] = [];
  for (const game of games) {
    const record = readSgf(readFileSync(gamePath(game), 'utf8'));
    const deadAtEnd = dead.get(game.id) ?? new Set<string>();
    for (const pos of gamePositions(game, PHASES)) {
      const played = replaySgf(record, { move: pos.moves, rules: RULES[game.rules] });
      const { board } = played;
      const refiner = new ReadingRefiner(boardFromPosition(board));
      refiner.toMove = played.toPlay;
      refiner.observe = (f: DragonOddsFeatures, stones: readonly number[]) => {
        const kept = stones.filter((p) => {
          const v = formatGtpVertex(p, board.geo).toUpperCase();
          return pos.survivors.has(v) && !deadAtEnd.has(v);
        }).length;
        out.push({ x: survivalInputs(f), stones: stones.length, lives: 2 * kept >= stones.length });
      };
      analyzeGroups(board, { toMove: played.toPlay, refine: refiner.refine });
    }
  }
  return out;
}

/** Gradient descent on the weighted log loss with L2 (the bias unpenalised). */
function fit(data: readonly Example[], l2 = 0.002, steps = 4000, rate = 0.5): number[] {
  const d = data[0].x.length;
  const w = new Array<number>(d).fill(0);
  const weight = data.map((e) => Math.sqrt(e.stones));
  const total = weight.reduce((s, v) => s + v, 0);
  for (let step = 0; step < steps; step++) {
    const grad = new Array<number>(d).fill(0);
    data.forEach((e, i) => {
      const err = oddsOf(e.x, w) - (e.lives ? 1 : 0);
      for (let j = 0; j < d; j++) grad[j] += weight[i] * err * e.x[j];
    });
    for (let j = 0; j < d; j++) w[j] -= rate * (grad[j] / total + (j > 0 ? l2 * w[j] : 0));
  }
  return w.map((v) => Math.round(v * 100) / 100);
}

/** Per-stone log loss and mean absolute error of the odds. */
function score(data: readonly Example[], w: readonly number[]): { logLoss: number; absError: number } {
  let ll = 0;
  let abs = 0;
  let n = 0;
  for (const e of data) {
    const p = Math.min(0.98, Math.max(0.02, oddsOf(e.x, w)));
    const y = e.lives ? 1 : 0;
    ll -= e.stones * (y * Math.log(p) + (1 - y) * Math.log(1 - p));
    abs += e.stones * Math.abs(p - y);
    n += e.stones;
  }
  return { logLoss: ll / n, absError: abs / n };
}

function main(): void {
  const games = loadRealGames();
  const dead = finalDead();
  const tune = examples(
    games.filter((g) => g.set === 'tune'),
    dead,
  );
  const check = examples(
    games.filter((g) => g.set === 'check'),
    dead,
  );
  const w = fit(tune);
  const fmt = (s: { logLoss: number; absError: number }) =>
    `log loss ${s.logLoss.toFixed(3)}, abs error ${s.absError.toFixed(3)}`;
  const rate = (d: readonly Example[]) => ((100 * d.filter((e) => e.lives).length) / d.length).toFixed(0);
  console.log(
    `examples: tune ${tune.length} (${rate(tune)} % live), check ${check.length} (${rate(check)} % live)`,
  );
  console.log(
    `engine weights: tune ${fmt(score(tune, SURVIVAL_WEIGHTS))}; check ${fmt(score(check, SURVIVAL_WEIGHTS))}`,
  );
  console.log(`refitted:       tune ${fmt(score(tune, w))}; check ${fmt(score(check, w))}`);
  const always = tune.filter((e) => e.lives).length / tune.length;
  console.log(
    `base rate only: check ${fmt(score(check, [Math.log(always / (1 - always)), ...w.slice(1).map(() => 0)]))}`,
  );
  SURVIVAL_INPUT_NAMES.forEach((name, i) => console.log(`  ${name.padEnd(28)} ${w[i]}`));
  console.log(`[${w.join(', ')}]`);
}

main();
