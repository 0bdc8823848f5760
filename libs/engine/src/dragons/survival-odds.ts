/**
 * The chance that a weak dragon lives to the end of the game, from what the territory path knows
 * of it: a logistic model fitted on real counted games (bench/fit-survival-odds.ts).
 *
 * The territory path reads every group the static analysis calls dead or critical with the owl
 * (dragons/refine.ts). On real games the owl's word alone is a poor guide while the game goes on:
 * a reading death of six stones or more lived about half the time at 30-50 % of a game but only a
 * fifth of the time at 70-90 %, a group the attacker cannot kill lived about half the time. The
 * model weighs the reading's answers with the group's size, liberties, eye counts, who is to move
 * and how open the board still is, and gives a probability; the refiner turns it into a status (dead
 * under DEAD_ODDS, alive over ALIVE_ODDS, critical between, counted at its odds).
 */

/** What the model reads of one weak dragon and its board. */
export interface DragonOddsFeatures {
  /** Stones of the group. */
  readonly stones: number;
  readonly liberties: number;
  /** The static eye count (groups/status.ts). */
  readonly eyesMin: number;
  readonly eyesMax: number;
  /** The owl's answers: the attacker moving first, the owner moving first (0-3, -1 = not read). */
  readonly attack: number;
  readonly defense: number;
  /** The group's owner is to move. */
  readonly ownerToMove: boolean;
  /** Share of the board's points that are empty and nobody's in the field with the dead removed. */
  readonly neutralShare: number;
  /** The same share in the field with every stone on the board. */
  readonly fullNeutralShare: number;
  /** The static analysis called the group dead (else critical). */
  readonly staticDead: boolean;
  /** Points on the board (81 on 9x9). */
  readonly boardPoints: number;
}

/** The model's inputs, in the order of SURVIVAL_WEIGHTS. */
export function survivalInputs(f: DragonOddsFeatures): number[] {
  const killed = f.attack >= 1 && f.defense === 0 ? 1 : 0;
  return [
    1,
    Math.log(Math.max(1, f.stones)),
    Math.min(f.liberties, 6) / 6,
    f.eyesMin,
    f.eyesMax,
    f.attack === 0 ? 1 : 0,
    killed,
    f.attack >= 1 && f.defense >= 1 ? 1 : 0,
    f.ownerToMove ? 1 : 0,
    5 * f.fullNeutralShare,
    3 * f.neutralShare,
    f.staticDead ? 1 : 0,
    f.boardPoints <= 121 ? 1 : 0,
    f.boardPoints > 121 && f.boardPoints <= 256 ? 1 : 0,
    killed * 5 * f.fullNeutralShare,
  ];
}

/** Names of the inputs, for the fitting script's report. */
export const SURVIVAL_INPUT_NAMES: readonly string[] = [
  'bias',
  'ln stones',
  'liberties/6',
  'eyes min',
  'eyes max',
  'owl cannot kill',
  'owl kills, no defence',
  'owl kills, owner saves',
  'owner to move',
  '5 x open share (all stones)',
  '3 x open share',
  'static dead',
  'small board',
  'medium board',
  'owl kills x open share',
];

/**
 * Weights fitted by bench/fit-survival-odds.ts on the tune set of bench/data/real-games (2026-11-28,
 * engine at ce7a23f: 3,893 weak dragons at 30/50/70/90 % and at the end of 176 games, 28 % of them
 * living). Per-stone log loss 0.352 on the tune set, 0.357 on the held-out check set (1,609 dragons;
 * 0.811 with the base rate alone); mean absolute error of the odds 0.228 on both. Since the statically
 * alive groups the owl can kill are weighed too (dragons/refine.ts readStaticAlive), the script also
 * sees those (4,019 tune examples): refitted it gives much the same weights and losses (tune 0.380,
 * check 0.373 against these weights' 0.381 and 0.373), so these stay.
 */
export const SURVIVAL_WEIGHTS: readonly number[] = [
  -1.75, 0.79, 1.85, 0.32, 0.23, 1.15, -1.74, 0.5, 0.16, -0.33, 0.2, -0.61, 1.12, 0.34, 0.35,
];

/** The logistic model's probability for `inputs` (survivalInputs) under `weights`. Pure. */
export function oddsOf(inputs: readonly number[], weights: readonly number[]): number {
  let z = 0;
  for (let i = 0; i < inputs.length; i++) z += inputs[i] * weights[i];
  return 1 / (1 + Math.exp(-z));
}

/** The chance in (0, 1) that the dragon lives to the end of the game. Pure. */
export function survivalOdds(f: DragonOddsFeatures): number {
  return oddsOf(survivalInputs(f), SURVIVAL_WEIGHTS);
}

/**
 * Under these odds a weak dragon is dead, over ALIVE_ODDS alive, critical between, counted at its
 * odds (a critical safety carries odds up to 0.6: groups/status.ts criticalSafety). On all 251
 * games' middle-game positions (bench:real, GNU Go's figures in brackets): dead under 0.15 and alive
 * over 0.7 called 339 living stones dead (342) for a mean error of 12.8 (12.4); dead under 0.1, 270
 * stones and 12.53; alive over 0.6 as well, 270 stones, 12.45, winner 57.9 % (58.8), intervals 1
 * point narrower holding the result as often (82 %).
 */
export const DEAD_ODDS = 0.1;
export const ALIVE_ODDS = 0.6;
