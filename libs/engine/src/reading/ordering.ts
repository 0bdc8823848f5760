import type { Board } from '../board/board';
import { EMPTY, type Player } from '../board/color';

/** Move ordering of tactical reading: candidates scored by playing them (see orderCandidates). */

const DROP = -1_000_000;
/** The order score of a ko retake read as if after a threat: after every legal candidate. */
const KO_RETAKE = -100_000;
const LIB = new Int32Array(8);

/** The string at s has one liberty: does `attacker` capture it there only as a ko (or not at all)? */
function captureIsKo(b: Board, s: number, attacker: Player): boolean {
  b.chainLibertyPoints(s, LIB);
  const l = LIB[0];
  if (!b.isLegal(l, attacker)) return true;
  b.playAssumeLegal(l, attacker);
  const ko = b.koPoint !== 0;
  b.undo();
  return ko;
}

/** True when a chain of `color` next to the stone at m is in atari. */
function givesAtari(b: Board, m: number, color: number): boolean {
  const adj = b.geo.adjacent;
  for (let k = 0; k < 4; k++) {
    const q = m + adj[k];
    if (b.colors[q] === color && b.chainLiberties(q) === 1) return true;
  }
  return false;
}

/**
 * Scores each candidate by playing it (the attacker prefers moves that leave s fewer liberties and
 * its own stone more, the defender moves that give s the most liberties), drops illegal and
 * pointless ones (an attacker's self-atari that takes no liberty from s; a defence that leaves s
 * in atari when capturing it would not be a ko), and sorts the rest best first, stable. A ko retake
 * the rule forbids is kept last when `retakes` (it is read as after a threat). Returns the count.
 */
export function orderCandidates(
  b: Board,
  s: number,
  player: Player,
  attacking: boolean,
  n: number,
  retakes: boolean,
  moves: Int32Array,
  scores: Int32Array,
  count: number,
): number {
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const m = moves[i];
    let score: number;
    if (!b.isLegal(m, player)) {
      if (!retakes || m !== b.koPointFor(player)) continue;
      score = KO_RETAKE;
    } else {
      const before = b.captures[player];
      b.playAssumeLegal(m, player);
      const captured = b.captures[player] - before;
      const ko = b.koPoint !== 0;
      const own = b.chainLiberties(m);
      const libs = b.colors[s] === EMPTY ? 0 : b.chainLiberties(s);
      const atari = own === 1 && attacking && givesAtari(b, m, 3 - player);
      const koDefence = !attacking && libs === 1 && !ko && captureIsKo(b, s, (3 - player) as Player);
      b.undo();
      if (attacking) {
        if (libs === 0) score = 10_000;
        else if (own === 1 && libs >= n && captured === 0 && !atari) score = DROP;
        else
          score =
            (6 - libs) * 100 + (own === 1 ? -250 : Math.min(own, 5) * 10) + captured * 5 - (ko ? 50 : 0);
      } else if (libs <= 1 && !ko) {
        // Left in atari: pointless unless capturing it only takes a ko (or the ko forbids it).
        score = koDefence ? 50 : DROP;
      } else {
        score = libs * 100 + captured * 20 - (ko ? 150 : 0);
      }
    }
    if (score === DROP) continue;
    // Insertion into moves[0..kept), best first; equal scores keep generation order.
    let j = kept;
    while (j > 0 && scores[j - 1] < score) {
      moves[j] = moves[j - 1];
      scores[j] = scores[j - 1];
      j--;
    }
    moves[j] = m;
    scores[j] = score;
    kept++;
  }
  return kept;
}
