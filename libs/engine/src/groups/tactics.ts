import { Board } from '../board/board';
import type { Player } from '../board/color';
import { MIN_BOARD_SIZE } from '../board/geometry';
import type { ColorPosition } from '../influence/position';
import type { StringMap } from './strings';

/** Tactical verdict on a string: capturable even if its owner moves first, only if the attacker does, or neither. */
export type TacticalStatus = 'dead' | 'weak' | 'safe';

/** Limits of the capture reading. */
export interface TacticsParams {
  /** Strings with more liberties than this are not read (safe). */
  readonly maxLiberties: number;
  /** Reading depth (plies); deeper lines count as escaped. */
  readonly maxDepth: number;
  /** Node budget per string; over it the string counts as safe. */
  readonly budget: number;
}

/** Defaults: ladders and nets on strings of one or two liberties, up to 60 plies. */
export const DEFAULT_TACTICS_PARAMS: TacticsParams = { maxLiberties: 2, maxDepth: 60, budget: 4000 };

/** Capture reading of strings of few liberties on one board (play and undo), within `params`. */
export class CaptureReader {
  nodes = 0;
  private readonly libs = new Int32Array(8);
  private readonly stones: Int32Array;

  constructor(
    readonly board: Board,
    readonly params: TacticsParams,
  ) {
    this.stones = new Int32Array(board.geo.arraySize);
  }

  private over(depth: number): boolean {
    return ++this.nodes > this.params.budget || depth > this.params.maxDepth;
  }

  /** Attacker to move: can the string at `s` be captured? Restores the board. */
  attack(s: number, attacker: Player, depth: number): boolean {
    const b = this.board;
    if (b.colors[s] === 0) return true;
    const n = b.chainLiberties(s);
    if (n === 1) return true;
    if (n > 2 || this.over(depth)) return false;
    const libs = Array.from(this.libs.subarray(0, b.chainLibertyPoints(s, this.libs)));
    for (const l of libs) {
      if (!b.playRecorded(l, attacker)) continue;
      // A self-atari that does not capture is no attack (the defender takes it).
      const ok =
        !(b.chainLiberties(l) === 1 && b.colors[s] !== 0 && b.chainLiberties(s) > 1) &&
        !this.defend(s, attacker, depth + 1);
      b.undo();
      if (ok) return true;
    }
    return false;
  }

  /** Defender to move: can the string at `s` be saved? Restores the board. */
  defend(s: number, attacker: Player, depth: number): boolean {
    const b = this.board;
    if (b.colors[s] === 0) return false;
    const n = b.chainLiberties(s);
    if (n > 2) return true;
    if (this.over(depth)) return true;
    const defender = (3 - attacker) as Player;
    const moves = Array.from(this.libs.subarray(0, b.chainLibertyPoints(s, this.libs)));
    // Captures of adjacent attacker strings in atari.
    const count = b.chainStones(s, this.stones);
    const adj = b.geo.adjacent;
    for (let i = 0; i < count; i++) {
      for (let k = 0; k < 4; k++) {
        const q = this.stones[i] + adj[k];
        if (b.colors[q] === attacker && b.chainLiberties(q) === 1) {
          const one = new Int32Array(1);
          b.chainLibertyPoints(q, one);
          if (!moves.includes(one[0])) moves.push(one[0]);
        }
      }
    }
    for (const m of moves) {
      if (!b.playRecorded(m, defender)) continue;
      const ok = b.colors[s] !== 0 && b.chainLiberties(s) >= 2 && !this.attack(s, attacker, depth + 1);
      b.undo();
      if (ok) return true;
    }
    return n === 2 && !this.attack(s, attacker, depth + 1);
  }
}

/**
 * Capture reading for every string with at most `maxLiberties` liberties (ladders, nets, snapbacks
 * within the budget): `dead` if it is captured even when its owner moves first, `weak` if only when
 * the attacker moves first, `safe` otherwise. One verdict per string index. Pure (reads on its own
 * board). Boards under 5x5 are not read (every string safe).
 */
export function readTactics(
  pos: ColorPosition,
  strings: StringMap,
  params: TacticsParams = DEFAULT_TACTICS_PARAMS,
): TacticalStatus[] {
  const out: TacticalStatus[] = strings.strings.map(() => 'safe');
  const { geo, colors } = pos;
  if (geo.width < MIN_BOARD_SIZE || geo.height < MIN_BOARD_SIZE) return out;
  if (!strings.strings.some((s) => s.liberties.length <= params.maxLiberties)) return out;
  const board = Board.fromColors(geo, colors);
  for (const s of strings.strings) {
    if (s.liberties.length === 0 || s.liberties.length > params.maxLiberties) continue;
    const p = s.stones[0];
    const attacker = (3 - s.color) as Player;
    const reader = new CaptureReader(board, params);
    if (!reader.attack(p, attacker, 0)) continue;
    reader.nodes = 0;
    out[s.index] = reader.defend(p, attacker, 0) ? 'weak' : 'dead';
  }
  return out;
}
