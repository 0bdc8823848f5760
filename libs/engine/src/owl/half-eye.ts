import { MoveFlag, type Board } from '../board/board';
import { EMPTY, opponent, WALL, type Player } from '../board/color';
import type { EyeRange } from '../groups/eyespace';

/**
 * The point that decides a one-point eye in the open (all four diagonals on the board) that one
 * enemy move would make false: a half eye, in the terms of GNU Go's documentation of its topological
 * eye test. Each diagonal counts two for an enemy stone and one for an empty point where an enemy
 * stone would not be in atari at once; four make the eye false (the eye-graph reader already sees
 * two enemy stones there as a false-eye shape), three with such an empty point make it a half eye:
 * the enemy's move there makes it false, the owner's keeps it. Returns that point (the last such
 * diagonal), or 0. On the edge and in the corner nothing is returned: measured on GNU Go's owl
 * suites, the edge's half eyes cost more tests than they gained (see OwlViewParams.halfEyes).
 */
export function halfEyePoint(board: Board, p: number, owner: Player): number {
  const { colors } = board;
  const diagonal = board.geo.diagonal;
  const enemy = opponent(owner);
  let units = 0;
  let decisive = 0;
  for (let k = 0; k < 4; k++) {
    const q = p + diagonal[k];
    const c = colors[q];
    if (c === WALL) return 0;
    if (c === enemy) units += 2;
    else if (c === EMPTY && notInAtariAt(board, q, enemy)) {
      units += 1;
      decisive = q;
    }
  }
  return units === 3 && decisive !== 0 ? decisive : 0;
}

/**
 * The eye range of a closed one-point eye space at `p` with its half eye (see halfEyePoint): no sure
 * eye, the decisive diagonal as both sides' vital point. The range unchanged otherwise.
 */
export function withHalfEye(board: Board, p: number, owner: Player, eyes: EyeRange): EyeRange {
  if (eyes.min < 1 || board.colors[p] !== EMPTY) return eyes;
  const q = halfEyePoint(board, p, owner);
  if (q === 0) return eyes;
  return { ...eyes, min: 0, attack: [q], defense: [q] };
}

/**
 * Whether a stone of `player` at the empty point q would not be in atari at once: it keeps two
 * liberties or more, or it captures (a ko capture included, whether or not the ko rule allows it).
 */
function notInAtariAt(board: Board, q: number, player: Player): boolean {
  const f = board.analyzeMove(q, player);
  if (f & (MoveFlag.Capturing | MoveFlag.Ko)) return true;
  return !(f & (MoveFlag.Illegal | MoveFlag.SelfAtari));
}
