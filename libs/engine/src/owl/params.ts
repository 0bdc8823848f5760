import { DEFAULT_OWL_VIEW_PARAMS, type OwlViewParams } from './eyespace';

/** Limits of the owl search. */
export interface OwlParams {
  /** Nodes per question; over it the dragon counts as living (attack fails, defence works). */
  readonly budget: number;
  /** Plies. */
  readonly maxDepth: number;
  /** Candidate moves tried per node. */
  readonly width: number;
  /**
   * Candidate moves the owner tries at the root of a defence question (`width` when unset): one
   * node, so a wider list there costs little (a connecting move outside the dragon's first twelve
   * candidates is found: owl.tst 46's E3).
   */
  readonly defenceRootWidth?: number;
  /**
   * Read moves at the root of a question whatever the static view says (GNU Go's owl tries its
   * moves at the root whatever the eye count): a static death, and for a defence after an attack
   * that works, a static life (the killing point tried first); deeper nodes keep the static view.
   */
  readonly readDeadRoot?: boolean;
  /**
   * In a defence question (the owner moving first at the root), the owner's nodes from depth 2 up
   * to this depth read on past a static death as the root does with readDeadRoot: after the
   * attacker's answer to the root's move, the dragon's own reply is read, not given up by its eye
   * count and room (a fresh question at that node finds it; inside the search the static view had
   * called the reply's position dead). 0 or unset: only the root.
   */
  readonly readDeadDefenceDepth?: number;
  /** The attacker also tries the points one beyond the dragon's outer liberties (containment). */
  readonly contain?: boolean;
  /**
   * Room to run and a connection to a living friend make the dragon alive only with its owner to
   * move: the attacker first gets a move to block or cut (GNU Go's owl counts an escape as a
   * defence, after the attacker's move). Without it they settle the dragon at either side's node.
   */
  readonly blockFirst?: boolean;
  /**
   * A result saying the dragon lives that a depth cut somewhere below decided is only reused with no
   * more depth left than it was read with (nearer the root the dragon may have the depth to die). A
   * kill is exact either way: cut lines only ever favour the owner. With it, a question is
   * `inconclusive` only when its answer rests on a cut line (see OwlReader.soft), not whenever some
   * line of the search was cut.
   */
  readonly exactCache?: boolean;
  /**
   * Room under which a dragon with fewer than two possible eyes and no lunch in atari is dead (4),
   * with the attacker to move (the owner has had its move to run) and with the owner to move.
   */
  readonly deadRoom?: number;
  readonly deadRoomOwner?: number;
  /**
   * Plies from the root within which a dragon the static view calls alive is still read, with the
   * attacker to move, when one of its strings has two liberties or fewer: its eyes may hang on that
   * string although tactical reading alone cannot capture it. The attacker then plays only on the
   * liberties of such strings. 0 or unset: never.
   */
  readonly weakAliveDepth?: number;
  /**
   * At those weakAliveDepth nodes the attacker also plays on the dragon's outer liberties when it
   * has at most this many (a shortage of liberties outside is what makes such a string's eye
   * false: ld_owl 166's E19 and 201's T15 are kos found this way). 0 or unset: never.
   */
  readonly weakAliveOuter?: number;
  /**
   * Plies from the root within which an owner's node that the static view calls alive by its eye
   * count alone (no friend reached, no room to run) while two or more of the dragon's strings have
   * two liberties or fewer is checked with a pass: the attacker moves again with its whole candidate
   * list (the short strings' liberties first, then the eye spaces' points and the outside), and the
   * node lives when that attack fails; otherwise the owner's moves are read, the attacker's kill
   * first, then the short strings' liberties. At the root of an attack such a dragon gets the same
   * whole list, not only those liberties (eyes counted by shape take strings that hold for granted;
   * GNU Go's owl distrusts its optics there with its vital-attack patterns). 0 or unset: never.
   */
  readonly passCheckDepth?: number;
  /**
   * At the root of a defence question the owner also plays where the eye-graph reader names an
   * attacker's point in an eye space whose range it settled (min = max, at least one eye): taking
   * the point the attacker would spoil the space from once its outside moves make it work (ld_owl
   * 159's corner: after the attacker's D1 the owner lives at A2, the reader's attack point of a 2-2
   * space). Such points score below vital points and lunch captures in atari, above the outside
   * liberties. At every owner's node it cost owl 214 and 215 (other moves read first there).
   */
  readonly settledAttackPoints?: boolean;
  /**
   * With the owner to move, a dragon the static view calls alive (two eyes, room or a friend) is
   * read on when a string of two liberties or fewer holding at least half of it cannot be saved by
   * tactical reading: room or a friend out of reach of a string in a net or a ladder saves nothing.
   */
  readonly tacticalLife?: boolean;
  /**
   * At the root of an attack, a dragon the static view calls alive by its eye count (not by a
   * friend) with an eye space the enemy can enter from outside is read with the attacker's usual
   * candidates outside its eye spaces; deeper nodes keep the static view, so a kill must lead to
   * positions the static view does not call alive.
   */
  readonly readAliveRoot?: boolean;
  /**
   * At the root of a defence question whose attack failed, a dragon the static view calls alive
   * by its eye count, with fewer than two sure eyes outside the open spaces where the eye-graph
   * reader names an attack point, is read on instead of answered with no move: its owner's first
   * living move is named, the vital points of those threatened spaces first (GNU Go's owl names no
   * defence only where its pessimistic eye count, closed spaces only, sees life).
   */
  readonly doubtOpenEyes?: boolean;
  /**
   * At the root of an attack, a killing move is read once more with the owner's reply read afresh
   * whatever the static view says there (as readDeadRoot reads the root): a kill the reply refutes
   * on a line no depth or budget cut decided gives way to the next killing move that holds, or the
   * first kill stays when none does. The result code is unchanged; only the killing move may differ
   * (a block that leaves the dragon statically dead though one reply lives is not the kill played).
   */
  readonly verifyRoot?: boolean;
  /**
   * Kos are fought with threats (GNU Go's ko master scheme, from its documentation): a ko retake
   * the rule forbids right now is read as if a ko threat had been made and answered, once per line
   * (the retaker becomes the ko master; its opponent may then not take back that ko), and wins
   * KO_B at best; a ko capture wins KO_A at best unless the opponent is the ko master. The retake
   * is tried when the ko point touches the dragon, lies in its eye spaces or on its outer liberties.
   * Without it a forbidden retake is never read: a kill or a life that needs a ko fight is not seen,
   * and one the other side could fight as a ko is called outright.
   */
  readonly koThreats?: boolean;
  /**
   * With koThreats, a ko capture is not KO_A by itself: the opponent's retake after a threat is
   * read at the next node (any ko retake is a candidate there, and a node the static view decides
   * against the side that may retake reads the retake first), so the capture wins outright when
   * the retake does not help (GNU Go's owl answers 1 there) and KO_A when it does (the retake's
   * KO_B seen from the capturer). A line a cut decided keeps the KO_A bound.
   */
  readonly koRetakes?: boolean;
  /**
   * Killer moves (the classic move-ordering heuristic): at each depth the two moves that last won
   * outright there, in this question, are tried first (the latest first) when they are among the
   * node's candidates (after a capture or the root's hint). A node that reads every candidate keeps
   * its code, though it may name another move of that code; where it stops at the first win or runs
   * out of nodes, the refutation found in a sibling line often refutes this one too, so fewer nodes
   * are read and results near the budget may change.
   */
  readonly killers?: boolean;
  /**
   * A vital point of an eye space that the eye-graph reader names both as the attacker's and as
   * the owner's (the point both sides want) goes before the space's other vital points, for either
   * side; without it the reader's points are tried in board order.
   */
  readonly sharedVitalFirst?: boolean;
  /**
   * The attacker also plays the liberties of the owner's stones played on the line being read that
   * stand outside the dragon's view in strings of two liberties or fewer (the goal does not grow
   * with the owner's moves, so without it their capture is no candidate: ld_owl 186's A19 after
   * A18). Added after the node's `width` candidates.
   */
  readonly newStoneLiberties?: boolean;
  readonly view: OwlViewParams;
}

export const DEFAULT_OWL_PARAMS: OwlParams = {
  budget: 400,
  maxDepth: 10,
  width: 6,
  view: DEFAULT_OWL_VIEW_PARAMS,
};
