import { BLACK, WHITE, opponent, type Player } from '../board/color';
import { computeInfluenceField, type FieldParams } from '../influence/field';
import type { ColorPosition } from '../influence/position';
import {
  DEFAULT_TERRITORY_PARAMS,
  twoLayers,
  type TerritoryAnalysis,
  type TerritoryParams,
} from './territory';

/** The territorial value of one move (seed 001), in points for the player making it. */
export interface MoveValue {
  readonly point: number;
  /** Territory after minus before, the opponent assumed to move first locally both times (captures included). */
  readonly value: number;
  /** What the player's next move here would add (the position after the move, player to move vs opponent to move). */
  readonly followup: number;
  /** What the opponent would gain by playing here first (before, opponent's stone there vs not). */
  readonly reverseFollowup: number;
  /** value + (followup + reverseFollowup) / 2: the ranking key (sente and reverse sente weigh more). */
  readonly total: number;
}

/** Options of {@link moveValues}. */
export interface MoveValueOptions {
  /** How many best moves to return (default 10). */
  readonly top?: number;
  /** How many candidate points to evaluate, the least settled first (default 40). */
  readonly maxCandidates?: number;
  readonly params?: Partial<TerritoryParams>;
  readonly field?: Partial<FieldParams>;
}

/**
 * Territory balance + = Black (territory plus dead stones taken) from safeties, a side to move (its
 * intrusions count) and optionally a side that answers first everywhere (its blocking points).
 */
function balance(
  pos: ColorPosition,
  safety: Float32Array,
  toMove: Player,
  blocker: Player | undefined,
  params: TerritoryParams,
  field?: Partial<FieldParams>,
): number {
  const f = computeInfluenceField(pos, { safety, toMove, blocker, params: field });
  const { owner, deadStones } = twoLayers(pos, safety, f, params);
  let sum = 0;
  for (const p of pos.geo.points) {
    if ((pos.colors[p] === BLACK || pos.colors[p] === WHITE) && safety[p] > 0) continue;
    sum += owner[p];
  }
  for (const p of deadStones) sum += pos.colors[p] === WHITE ? 1 : -1;
  return sum;
}

/**
 * Plays `player` at `p` on copies of colours and safeties, removing captured strings. Returns null
 * if the point is occupied or the move is suicide. Pure.
 */
function playOnCopy(
  pos: ColorPosition,
  safety: Float32Array,
  p: number,
  player: Player,
  baseTerritory: Float32Array,
): { pos: ColorPosition; safety: Float32Array; captured: number } | null {
  const { geo } = pos;
  if (pos.colors[p] !== 0) return null;
  const colors = pos.colors.slice();
  const s = safety.slice();
  colors[p] = player;
  const enemy = opponent(player);
  let captured = 0;
  let friendSafety = -1;
  for (let k = 0; k < 4; k++) {
    const q = p + geo.adjacent[k];
    if (colors[q] === player) friendSafety = Math.max(friendSafety, s[q]);
    if (colors[q] === enemy) captured += removeIfNoLiberties(geo.adjacent, colors, s, q);
  }
  if (captured === 0 && !hasLiberty(geo.adjacent, colors, p)) return null;
  // A lone stone deep in the opponent's territory is an invasion that dies: it changes nothing.
  const sign = player === BLACK ? 1 : -1;
  s[p] = friendSafety >= 0 ? friendSafety : -sign * baseTerritory[p] >= 0.6 ? 0 : 1;
  return { pos: { geo, colors }, safety: s, captured };
}

function chain(adj: Int32Array, colors: Int8Array, start: number): { stones: number[]; libs: boolean } {
  const c = colors[start];
  const seen = new Set<number>([start]);
  const stack = [start];
  let libs = false;
  while (stack.length > 0) {
    const q = stack.pop()!;
    for (let k = 0; k < 4; k++) {
      const r = q + adj[k];
      if (colors[r] === 0) libs = true;
      else if (colors[r] === c && !seen.has(r)) {
        seen.add(r);
        stack.push(r);
      }
    }
  }
  return { stones: [...seen], libs };
}

function hasLiberty(adj: Int32Array, colors: Int8Array, p: number): boolean {
  return chain(adj, colors, p).libs;
}

function removeIfNoLiberties(adj: Int32Array, colors: Int8Array, safety: Float32Array, p: number): number {
  const { stones, libs } = chain(adj, colors, p);
  if (libs) return 0;
  for (const q of stones) {
    colors[q] = 0;
    safety[q] = 0;
  }
  return stones.length;
}

/**
 * Territorial values of moves for `player` (seed 001): for each candidate, territory before and
 * after the move with the opponent moving first locally (its intrusions count and it blocks at every
 * contact point it guards), the difference plus prisoners; the followup (the player's own intrusions
 * after the move) and the reverse followup (the same value for an opponent's move there); the `top`
 * best by total. Group statuses are those of `analysis` (moves are not read out). Pure.
 */
export function moveValues(
  pos: ColorPosition,
  analysis: TerritoryAnalysis,
  player: Player,
  options: MoveValueOptions = {},
): MoveValue[] {
  if (player !== BLACK && player !== WHITE)
    throw new RangeError(`player: must be BLACK or WHITE, got ${String(player)}`);
  const top = options.top ?? 10;
  const maxCandidates = options.maxCandidates ?? 40;
  for (const [k, v] of [
    ['top', top],
    ['maxCandidates', maxCandidates],
  ] as const) {
    if (!Number.isInteger(v) || v < 1)
      throw new RangeError(`${k}: must be a positive integer, got ${String(v)}`);
  }
  const params: TerritoryParams = { ...DEFAULT_TERRITORY_PARAMS, ...options.params };
  const { geo, colors } = pos;
  const safety = Float32Array.from(analysis.groups.safety);
  const enemy = opponent(player);
  const sign = player === BLACK ? 1 : -1;
  const territory = analysis.field.territory;
  // Unsettled empty points near stones first.
  const candidates: number[] = [];
  for (const p of geo.points) {
    if (colors[p] !== 0 || Math.abs(territory[p]) >= 0.999) continue;
    let near = false;
    for (let dy = -2; dy <= 2 && !near; dy++) {
      for (let dx = -2; dx <= 2 && !near; dx++) {
        const x = geo.x(p) + dx;
        const y = geo.y(p) + dy;
        if (geo.inside(x, y)) near = colors[geo.pt(x, y)] !== 0;
      }
    }
    if (near) candidates.push(p);
  }
  candidates.sort((a, b) => Math.abs(territory[a]) - Math.abs(territory[b]) || a - b);
  candidates.length = Math.min(candidates.length, maxCandidates);

  // The opponent moves first locally: its intrusions count and it blocks wherever it can. Whether
  // a lone new stone lives is judged on the territory of that view too.
  const enemyFirst = computeInfluenceField(pos, {
    safety,
    toMove: enemy,
    blocker: enemy,
    params: options.field,
  }).territory;
  const playerFirst = computeInfluenceField(pos, {
    safety,
    toMove: player,
    blocker: player,
    params: options.field,
  }).territory;
  const before = balance(pos, safety, enemy, enemy, params, options.field);
  const beforePlayerFirst = balance(pos, safety, player, player, params, options.field);
  const out: MoveValue[] = [];
  for (const p of candidates) {
    const after = playOnCopy(pos, safety, p, player, enemyFirst);
    if (!after) continue;
    const afterEnemyFirst = balance(after.pos, after.safety, enemy, enemy, params, options.field);
    // The followup: the player's own intrusions after its move, no blocks by the opponent.
    const afterPlayerFirst = balance(after.pos, after.safety, player, undefined, params, options.field);
    const value = sign * (afterEnemyFirst - before) + after.captured;
    const followup = Math.max(0, sign * (afterPlayerFirst - afterEnemyFirst));
    const theirs = playOnCopy(pos, safety, p, enemy, playerFirst);
    const reverseFollowup = theirs
      ? Math.max(
          0,
          sign *
            (beforePlayerFirst - balance(theirs.pos, theirs.safety, player, player, params, options.field)) +
            theirs.captured,
        )
      : 0;
    out.push({ point: p, value, followup, reverseFollowup, total: value + (followup + reverseFollowup) / 2 });
  }
  out.sort((a, b) => b.total - a.total || a.point - b.point);
  return out.slice(0, top);
}
