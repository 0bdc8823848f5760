import { MoveFlag, type Board } from '../board/board';
import { EMPTY, type Player } from '../board/color';
import type { DragonView } from '../owl/eyespace';
import { goalStrings, stringLiberties, type RaceGoal } from './goal';

/** What the move generator knows of one side at a node. */
export interface RaceSide {
  readonly goal: RaceGoal;
  /** The owl's view of the side's goal now (eye spaces with vital points), or null when captured. */
  readonly view: DragonView | null;
  /**
   * Points the side never fills (unless the move captures): its own eye space that held stones of
   * the other goal at the start. Filling it would spend the side's eye to take stones that cannot
   * escape anyway; the race there is a seki until one side runs out of outside liberties.
   */
  readonly keepEmpty: Uint8Array;
}

/** Score of a liberty of our short string beside the enemy goal (after the fills, before extensions). */
const LIFELINE = 260;

/** Score per new liberty of a shared liberty filled (an outside one scores 20). */
const SHARED_GAIN = 25;

/** Scratch buffers for one board. */
export class RaceScratch {
  readonly libs: Int32Array;
  readonly stones: Int32Array;
  readonly strings: number[] = [];
  readonly enemyStrings: number[] = [];
  constructor(arraySize: number) {
    this.libs = new Int32Array(arraySize);
    this.stones = new Int32Array(arraySize);
  }
}

/** Candidate moves with scores; higher first. */
class Ranked {
  private readonly score = new Map<number, number>();
  add(p: number, s: number): void {
    const old = this.score.get(p);
    if (old === undefined || s > old) this.score.set(p, s);
  }
  has(p: number): boolean {
    return this.score.has(p);
  }
  sorted(): number[] {
    return [...this.score.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map((e) => e[0]);
  }
}

/** True when the empty point p touches the string at s. */
function isLiberty(board: Board, s: number, p: number): boolean {
  const adj = board.geo.adjacent;
  const h = board.chainHead(s);
  for (let k = 0; k < 4; k++) {
    const q = p + adj[k];
    if (board.colors[q] !== EMPTY && board.chainHead(q) === h) return true;
  }
  return false;
}

/** Points of the side's eye spaces (from its view), as a set. */
function eyePoints(view: DragonView | null): Set<number> {
  const s = new Set<number>();
  if (view) for (const e of view.eyeSpaces) for (const p of e.points) s.add(p);
  return s;
}

/** True when one of the strings has a liberty outside `eyes`. */
function hasOutsideLiberty(board: Board, strings: readonly number[], eyes: Set<number>, scratch: RaceScratch): boolean {
  for (const s of strings) for (const l of stringLiberties(board, s, scratch.libs)) if (!eyes.has(l)) return true;
  return false;
}

/** Adds the approach move p (see {@link raceMoves}) unless it is kept empty, illegal or a self-atari. */
function addApproach(board: Board, c: Ranked, own: RaceSide, player: Player, p: number): void {
  if (own.keepEmpty[p] || c.has(p)) return;
  const f = board.analyzeMove(p, player);
  if (f & (MoveFlag.Illegal | MoveFlag.SelfAtari)) return;
  c.add(p, 100);
}

/** Empty points of the eye space holding p in `view`, or 0 when p is in none. */
function eyeSpaceEmpties(board: Board, view: DragonView | null, p: number): number {
  if (!view) return 0;
  for (const e of view.eyeSpaces) {
    if (!e.points.includes(p)) continue;
    let n = 0;
    for (const q of e.points) if (board.colors[q] === EMPTY) n++;
    return n;
  }
  return 0;
}

/**
 * Our strings outside the goal in atari or with two liberties that touch an enemy goal string with at
 * most `maxEnemyLibs` liberties: their capture would give it the liberties the race turns on, so
 * their liberties are defended (joining them to the goal, or extending), unless a self-atari.
 */
function addLifelines(
  board: Board,
  c: Ranked,
  player: Player,
  own: RaceSide,
  theirs: readonly number[],
  maxEnemyLibs: number,
  scratch: RaceScratch,
): void {
  // Every string has a liberty: with none allowed there is nothing to defend.
  if (maxEnemyLibs <= 0) return;
  const adj = board.geo.adjacent;
  const goalStones = new Set(own.goal.stones);
  const seen = new Set<number>();
  for (const s of theirs) {
    if (board.chainLiberties(s) > maxEnemyLibs) continue;
    const n = board.chainStones(s, scratch.stones);
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < 4; k++) {
        const q = scratch.stones[i] + adj[k];
        if (board.colors[q] !== player || goalStones.has(q)) continue;
        const h = board.chainHead(q);
        if (seen.has(h) || board.chainLiberties(q) > 2) continue;
        seen.add(h);
        for (const l of stringLiberties(board, q, scratch.libs)) {
          if (own.keepEmpty[l] || c.has(l)) continue;
          if (board.analyzeMove(l, player) & (MoveFlag.Illegal | MoveFlag.SelfAtari)) continue;
          c.add(l, LIFELINE);
        }
      }
    }
  }
}

/**
 * `moves` with the sacrifices (self-atari that captures nothing) moved after the others, order kept:
 * at the root, where a quiet move and a sacrifice both win, the quiet one is the answer.
 */
export function sacrificesLast(board: Board, player: Player, moves: readonly number[]): number[] {
  const quiet: number[] = [];
  const sacrifices: number[] = [];
  for (const p of moves) {
    const f = board.analyzeMove(p, player);
    if (f & MoveFlag.SelfAtari && !(f & MoveFlag.Capturing)) sacrifices.push(p);
    else quiet.push(p);
  }
  return quiet.concat(sacrifices);
}

/**
 * The moves of `player` (owner of `own`) in the race against `enemy`, best first, at most `width`:
 * captures of enemy strings in atari that touch its goal or belong to the enemy goal; saving its own
 * goal strings in atari; the vital points of the enemy's unsettled eye spaces and of its own; the
 * enemy goal's liberties, weakest string first, outside liberties before shared ones (a self-atari
 * only inside an enemy eye space of two or more points, which shrinks the eye); extensions that add
 * liberties to its weakest goal string; once the enemy has no liberty outside its eye spaces, joins
 * of its own stones inside them; with `approach`, the approach moves for enemy liberties it cannot
 * fill yet (a self-atari outside a bigger enemy eye space): the empty point beside the liberty, or a
 * liberty of its short string beside it, last; with `lifelineLibs` above 0, the liberties of its
 * short strings beside an enemy goal string with at most that many (see addLifelines), after the
 * fills; with `throwInLibs` above 0, throw-ins: a self-atari of one or two stones on a liberty of
 * an enemy goal string with at most that many liberties (it must spend a move to take them).
 * Points the side keeps empty are not filled.
 */
export function raceMoves(
  board: Board,
  player: Player,
  own: RaceSide,
  enemy: RaceSide,
  scratch: RaceScratch,
  width: number,
  approach = true,
  lifelineLibs = 0,
  throwInLibs = 0,
): number[] {
  const c = new Ranked();
  const adj = board.geo.adjacent;
  const opp = 3 - player;
  const mine = scratch.strings;
  const theirs = scratch.enemyStrings;
  goalStrings(board, own.goal, mine);
  goalStrings(board, enemy.goal, theirs);

  // Captures: enemy strings in atari next to our goal, and enemy goal strings in atari.
  for (const s of theirs) {
    if (board.chainLiberties(s) === 1) c.add(stringLiberties(board, s, scratch.libs)[0], 1000);
  }
  let ownWeakest = 0;
  let ownWeakLibs = 1 << 30;
  for (const s of mine) {
    const libs = board.chainLiberties(s);
    if (libs < ownWeakLibs) {
      ownWeakLibs = libs;
      ownWeakest = s;
    }
    const n = board.chainStones(s, scratch.stones);
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < 4; k++) {
        const q = scratch.stones[i] + adj[k];
        if (board.colors[q] === opp && board.chainLiberties(q) === 1)
          c.add(stringLiberties(board, q, scratch.libs)[0], 900);
      }
    }
    if (libs === 1) {
      const l = stringLiberties(board, s, scratch.libs)[0];
      if (!own.keepEmpty[l]) c.add(l, 800);
    }
  }

  addLifelines(board, c, player, own, theirs, lifelineLibs, scratch);

  // Vital points of the eye spaces: the enemy's to destroy, ours to make.
  if (enemy.view) {
    for (const e of enemy.view.eyeSpaces) {
      if (e.eyes.min < e.eyes.max) for (const p of e.eyes.attack) c.add(p, 700);
    }
  }
  if (own.view) {
    for (const e of own.view.eyeSpaces) {
      if (e.eyes.min < e.eyes.max) for (const p of e.eyes.defense) c.add(p, 650);
    }
  }

  // Liberties of the enemy goal, weakest string first.
  const ownLibs = new Set<number>();
  for (const s of mine) for (const l of stringLiberties(board, s, scratch.libs)) ownLibs.add(l);
  const ownEyes = eyePoints(own.view);
  const order = theirs.slice().sort((a, b) => board.chainLiberties(a) - board.chainLiberties(b));
  const approaches: number[] = [];
  order.forEach((s, rank) => {
    const base = 500 - 40 * Math.min(rank, 5);
    for (const l of stringLiberties(board, s, scratch.libs)) {
      if (own.keepEmpty[l]) continue;
      const f = board.analyzeMove(l, player);
      if (f & MoveFlag.Illegal && !(f & MoveFlag.Ko)) continue;
      if (f & MoveFlag.SelfAtari && !(f & MoveFlag.Capturing)) {
        // Approached too where the fill is tried (inside an enemy eye space of two or more points,
        // or a throw-in: see throwInLibs).
        approaches.push(l);
        const throwIn = board.chainLiberties(s) <= throwInLibs && smallString(board, l, player, scratch);
        if (eyeSpaceEmpties(board, enemy.view, l) < 2 && !throwIn) continue;
      }
      // Where the string would gain most by extending comes first (blocks its way out); a shared
      // liberty that gives our string new ones both takes and adds, before the outside ones.
      let gain = 0;
      let ours = 0;
      for (let k = 0; k < 4; k++) {
        const q = l + adj[k];
        if (board.colors[q] !== EMPTY) continue;
        if (!isLiberty(board, s, q)) gain++;
        if (!ownLibs.has(q)) ours++;
      }
      const shared = ownLibs.has(l);
      c.add(l, base + (shared ? SHARED_GAIN * ours : 20) + 4 * gain);
    }
  });

  // Approaches: where filling an enemy liberty would be a self-atari, the empty point beside it, or a
  // liberty of our short string beside it, makes the fill safe later (our stone gets its liberty).
  for (const l of approach ? approaches : []) {
    for (let k = 0; k < 4; k++) {
      const q = l + adj[k];
      if (board.colors[q] === EMPTY) addApproach(board, c, own, player, q);
      else if (board.colors[q] === player && board.chainLiberties(q) <= 2)
        for (const m of stringLiberties(board, q, scratch.libs)) if (m !== l) addApproach(board, c, own, player, m);
    }
  }

  // Liberties gained: extensions of our weakest string.
  if (ownWeakest !== 0) {
    const libs = stringLiberties(board, ownWeakest, scratch.libs);
    const libSet = new Set(libs);
    for (const l of libs) {
      if (own.keepEmpty[l] || ownEyes.has(l) || c.has(l)) continue;
      let gain = 0;
      for (let k = 0; k < 4; k++) {
        const q = l + adj[k];
        if (board.colors[q] === EMPTY && !libSet.has(q)) gain++;
      }
      if (gain === 0) continue;
      const f = board.analyzeMove(l, player);
      if (f & (MoveFlag.Illegal | MoveFlag.SelfAtari)) continue;
      c.add(l, 300 + gain);
    }
  }

  // Joins, once the enemy has no liberty outside its eye spaces: our stones there linked without
  // losing liberties (the shape the enemy must capture grows into a dead one: a bent four).
  if (enemy.view && !hasOutsideLiberty(board, theirs, eyePoints(enemy.view), scratch)) {
    const enemyEyes = eyePoints(enemy.view);
    for (const s of mine) {
      if (!enemyEyes.has(s)) continue;
      const sLibs = board.chainLiberties(s);
      for (const l of stringLiberties(board, s, scratch.libs)) {
        if (own.keepEmpty[l] || c.has(l) || !enemyEyes.has(l)) continue;
        let joins = false;
        for (let k = 0; k < 4; k++) {
          const q = l + adj[k];
          if (board.colors[q] === player && board.chainHead(q) !== board.chainHead(s)) joins = true;
        }
        if (!joins || board.analyzeMove(l, player) & MoveFlag.Illegal) continue;
        board.playAssumeLegal(l, player);
        const after = board.chainLiberties(l);
        board.undo();
        if (after >= sLibs) c.add(l, 450);
      }
    }
  }

  const out: number[] = [];
  for (const p of c.sorted()) {
    if (out.length >= width) break;
    if (board.colors[p] !== EMPTY) continue;
    out.push(p);
  }
  return out;
}

/** True when a stone of `player` at the empty point l would make a string of at most two stones. */
function smallString(board: Board, l: number, player: Player, scratch: RaceScratch): boolean {
  const adj = board.geo.adjacent;
  let n = 1;
  const seen: number[] = [];
  for (let k = 0; k < 4; k++) {
    const q = l + adj[k];
    if (board.colors[q] !== player) continue;
    const h = board.chainHead(q);
    if (seen.includes(h)) continue;
    seen.push(h);
    n += board.chainStones(q, scratch.stones);
  }
  return n <= 2;
}
