import type { Board } from '../board/board';
import type { Player } from '../board/color';
import { downgrade, ReadCode } from './result';

/**
 * The ko master of a reading line (GNU Go's documented ko master scheme, shared by the tactical
 * reader and the owl): the first player to retake a ko the rule forbids, as after a ko threat made
 * and answered. Nobody retakes a ko that way once there is one, and the master's opponent may not
 * take back the ko at `komPos` (the point of the stone the master captured). Ko captures the rule
 * allows stay open to both.
 */
export interface KoMaster {
  /** The ko master's colour, 0 for none. */
  komaster: number;
  /** The point the master's opponent may not take back. */
  komPos: number;
}

/** The ko state mixed into cache keys (0 without a ko master: the plain position hash). */
export function koSalt(k: KoMaster): number {
  return k.komaster === 0 ? 0 : k.komaster + 3 * k.komPos;
}

/** The low half of the board's hash with `salt` (see koSalt) mixed in. */
export function saltedHashLo(b: Board, salt: number): number {
  return (b.hashLo ^ Math.imul(salt, 0x9e3779b1)) >>> 0;
}

/** The high half of the board's hash with `salt` mixed in. */
export function saltedHashHi(b: Board, salt: number): number {
  return (b.hashHi ^ Math.imul(salt, 0x85ebca6b)) >>> 0;
}

/**
 * Whether `player`'s ko capture just played at m is one the ko master's opponent may not make (it
 * takes back the ko the master retook).
 */
export function barredKoCapture(k: KoMaster, player: Player, m: number): boolean {
  return k.komaster === 3 - player && m === k.komPos;
}

/**
 * Reads `player`'s ko retake at m that the rule forbids right now as if a ko threat had been made
 * and answered: only while there is no ko master, and the retaker becomes it for the line below.
 * Plays a pass and the retake, asks `score(m)` for the mover's code, takes both back. The code,
 * KO_B at best, or -1 when m is not such a retake.
 */
export function readKoRetake(
  b: Board,
  k: KoMaster,
  m: number,
  player: Player,
  score: (move: number) => number,
): number {
  if (k.komaster !== 0 || m !== b.koPointFor(player)) return -1;
  b.passRecorded();
  if (!b.isLegal(m, player)) {
    b.undo();
    return -1;
  }
  b.playAssumeLegal(m, player);
  k.komaster = player;
  k.komPos = b.koPoint;
  try {
    return downgrade(score(m), ReadCode.KoB);
  } finally {
    k.komaster = 0;
    k.komPos = 0;
    b.undo();
    b.undo();
  }
}
