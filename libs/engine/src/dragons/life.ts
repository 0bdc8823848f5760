import { DEFAULT_OWL_PARAMS, type OwlReader } from '../owl/owl';
import { sharedVitalPoint } from '../owl/shared-point';
import type { Board } from '../board/board';
import type { Player } from '../board/color';
import { analyzeGroups, type GroupAnalysis, type GroupStatus } from '../groups/status';
import type { DragonView } from '../owl/eyespace';
import { ReadCode, type ReadResult } from '../reading/result';
import { ReadingRefiner, type DragonVerdict } from './refine';

/** A dragon: strings of one colour that belong together, with its status by reading. */
export interface Dragon {
  readonly index: number;
  readonly color: Player;
  readonly stones: readonly number[];
}

/** Options of {@link analyzeLife}. */
export interface LifeOptions {
  readonly toMove?: Player;
}

/** Dragons of a position and their life and death by reading (GTP's dragon commands read this). */
export interface LifeAnalysis {
  readonly groups: GroupAnalysis;
  readonly dragons: readonly Dragon[];
  /** The dragon holding the stone at p. */
  dragonAt(p: number): number;
  /** Status with the killing and saving moves (0 = none). */
  status(d: number): { status: GroupStatus; attack: number; defense: number };
  /** The owl: can the attacker, moving first, kill dragon d? */
  owlAttack(d: number): ReadResult;
  /** The owl: can the owner, moving first, save dragon d? */
  owlDefend(d: number): ReadResult;
  /** The owl's static view of dragon d (eye spaces, room, lunches), as its reading starts from it. */
  owlView(d: number): DragonView | null;
  /** The reading verdicts by a dragon's first stone. */
  readonly verdicts: ReadonlyMap<number, DragonVerdict>;
}

/**
 * The owl's limits for the dragon commands (GTP dragon_status, owl_attack, ...): first five times
 * the territory path's node budget (GNU Go's ld_owl.tst 24 -> 27 and owl.tst 57 -> 60 of GNU Go's
 * passes; a wider or deeper search did not add more then), open eye spaces of up to 12 points read
 * by the eye-graph reader with their marginal points (the territory path stops at 8, for speed), and
 * ten candidate moves per node (owl.tst 68 -> 70 of GNU Go's passes once the eye spaces were read
 * so; four times the budget added nothing); a static death at the root is read on, as GNU Go's owl
 * tries its moves there whatever the eye count (ld_owl 50 -> 53, owl 70 -> 76, owl1 20 -> 21); the
 * attacker also blocks one point beyond the liberties (ld_owl 53 -> 54, owl 76 -> 77); room and a
 * living friend save the dragon only after the attacker's move (blockFirst), and a defence after a
 * working attack is read at the root with the killing point first (ld_owl 54 -> 56, owl 77 -> 93,
 * owl1 21 -> 23; 22 tests gained, 2 lost); a living result that a depth cut may have decided is
 * reused only with no more depth left (exactCache; alone: owl.tst the same), and a dragon with fewer
 * than two possible eyes and less than 8 points of room is dead (the territory path: 4) (ld_owl
 * 56 -> 58, owl 96 -> 103, owl1 23 -> 24; on owl.tst 15 gained, 8 lost, among them owl 113/114:
 * a block at O2 leaves 5 points of room, called dead, though the owner lives with K2); with
 * those, ten times the territory path's budget (owl 103 -> 105, owl1 24 -> 25, ld_owl the same,
 * no test lost; twenty times: owl the same again, deeper (14 plies): owl 103 -> 96), and then
 * twelve candidate moves per node (owl 105 -> 107, ld_owl and owl1 the same, no test lost); a
 * dragon the static view calls alive is read on in the first four plies when one of its strings has
 * two liberties or fewer, the attacker playing on those liberties (weakAliveDepth; ld_owl 58 -> 61,
 * owl 107 -> 111, owl1 25 the same; 14 tests gained, 7 lost: alive dragons such as ld_owl 174
 * and owl 60 where a deeper static death is wrong; the same extension with all the attacker's
 * usual candidates gained 18 and lost 12); with the owner to move, a string of two liberties or
 * fewer holding half the dragon that tactical reading cannot save keeps it from being called alive
 * by its eyes, room or friends (tacticalLife; owl 111 -> 112, ld_owl and owl1 the same, no test lost);
 * a dragon called alive by its eyes with an eye space the enemy can enter is read at the root of an
 * attack with the moves outside its eye spaces (readAliveRoot; owl 112 -> 116, ld_owl 61 and owl1 25
 * the same: 5 gained, ld_owl 59 lost; with every candidate move 8 gained and 9 lost); room is an
 * escape only when its flood reaches a point 4 steps from the dragon's outer liberties, a pocket
 * the enemy's stones close counting 7 points (escapeReach; owl 120 -> 122 of GNU Go's passes,
 * owl 22 and 46 gained and 123 beyond them, none lost; ld_owl 67 the same; engine time 1,745 -> 3,872 s
 * at load 6-8: dragons in pockets are read, not called alive); a kill at the root is played only
 * once it holds with the owner's reply read whatever the static view says (verifyRoot; the result
 * code is unchanged, only the move: ld_owl 67 -> 71, 6 gained and 58, 408 lost; owl 122 -> 129,
 * 8 gained and 55 lost); kos are fought with threats (GNU Go's ko master scheme: a retake the ko
 * rule forbids is read as after a threat, KO_B at best) and a ko capture is KO_A only when the
 * opponent's retake after a threat helps it (koThreats, koRetakes; ld_owl 71 -> 74, 199, 200 and
 * 408 gained; owl 129 -> 132, 242, 246 and 247 gained; none lost); the two moves that last won at
 * a depth are tried first there (killers; with one: ld_owl 74 -> 75, 54 and 192 gained, 27 lost;
 * owl 132 -> 135, 183, 215 and 216 gained; the suites' engine time 1,263 -> 836 s; with two: ld_owl
 * 77, 27 and 189 gained again, owl 134, 183 lost, 766 s; a 6,000-node budget with one: the same
 * passes, 1,284 s); lines read to 12 plies instead of 10 with 6,000 nodes a question (ld_owl 77 ->
 * 80, 25, 178 and 196 gained; owl 134 -> 133, 187's kill found at another point; owl1 29 -> 32,
 * 295, 298 and 326 gained; connection 61 the same; the two suites' engine time about 1.3 times;
 * 12 plies with 4,000 nodes: ld_owl 79 and owl 133, 189 lost; 14 plies: ld_owl 78, owl 129); room
 * is an escape from 12 points instead of 14 (after false cuts joined strings, groups/cuts.ts: ld_owl
 * 82 -> 83, 315 gained; owl 131 -> 132, 174 gained; none lost; 10 points: ld_owl 85 and owl 131,
 * owl 70, 71, 217, 218 lost; 18 points: ld_owl 84, owl 127); a space the enemy can enter that
 * the eye-graph reader cannot value (its graph has no room for an invincible attacker group beside
 * every marginal point, mostly in corners) has no sure eye instead of the size rule's one (owl 132 ->
 * 133, 73 and 74 gained, 163 lost: another defence found first; ld_owl 83 the same; on the territory
 * path too it cost bench:real's middle-game false deaths 149 -> 182 stones, so only here); eye
 * spaces end at the enemy's domain (GNU Go's make_domains as its documentation describes it: no
 * eye space along the first line under a wall; OwlViewParams.domains, the room flood unchanged) and
 * a vital point both sides want goes first (sharedVitalFirst) (ld_owl 83 the same: 3, 5, 9, 160,
 * 180, 404, 405 gained, 11, 27, 58, 157, 162, 192, 303 lost; owl 133 -> 140: 62, 90, 108, 134,
 * 181, 221, 227 gained, none lost; owl1 35 -> 33, 289 and 372 lost; connection 62 the same; engine
 * time 1.2x. Domains alone: ld_owl 82, owl 139; the shared vital point alone: ld_owl 82, owl 133;
 * domains bounding the room as well: ld_owl 81, owl 135); a one-point eye in the open that one
 * enemy move on a diagonal makes false is a half eye, 0-1 with that diagonal as the vital point
 * (halfEyes; ld_owl 84 -> 86, 167 and 168 gained; owl 140 -> 139, 104 and 214 gained, 136, 219 and
 * 222 lost; owl1 33 -> 32, 326 lost; connection 62 the same; engine time unchanged. Half eyes on
 * the edge as well: ld_owl 86, owl 136, owl 60, 61 and 221 lost besides, nothing more gained);
 * in a defence question the owner's nodes two plies down (after the root's move and the attacker's
 * answer) read on past a static death as the root does (readDeadDefenceDepth; with the dragon
 * status's attack point moved to the owner's saving move where the attacker's move there kills,
 * refine.ts: ld_owl 87 -> 98, 2, 11, 30, 154, 155, 175, 313, 316, 506, 508 and 514 gained, none
 * lost; owl 142 -> 143, 69, 107, 127, 153, 163 and 200 gained, 46, 73, 74 and 221 lost to another
 * defence found first, 186 to a life the static view had rightly denied; engine time about 1.15x);
 * the attacker also plays the liberties of short strings of the owner's stones played on the line
 * that stand outside the dragon's view (newStoneLiberties; ld_owl 104 -> 106, 105 and 169 gained;
 * owl 148 the same; none lost); at the weak-alive nodes the attacker also tries the dragon's
 * outer liberties when it has two or fewer (weakAliveOuter; ld_owl 106 -> 108, 166 and 201 gained;
 * owl 146 the same; none lost; three or fewer: ld_owl 109 the same); the root of a defence question whose
 * attack failed reads on a life by eyes that needs an open space where the eye-graph reader names
 * an attack point (doubtOpenEyes; ld_owl 108 -> 109, 531 gained; owl 146 the same; none lost; the
 * same for a life by room as well: owl 103 gained, 159 lost); a life by shape with two or more
 * strings of two liberties or fewer is checked with a pass in the first four plies, the attacker
 * moving twice with its whole candidate list, and at the root of an attack gets that whole list
 * (passCheckDepth; ld_owl 109 -> 111, 16 and 303 gained; owl 146 -> 151, 55, 139-142 and 189
 * gained, 54 lost (another kill named); with the short strings' liberties after the other
 * candidates instead of before them, ld_owl 22 lost: the 6,000 nodes ran out before its kill);
 * at the root of a defence the owner also takes the eye-graph reader's attack points of a space
 * whose range it settled (settledAttackPoints; ld_owl 111 -> 112, 4 gained, none lost; at every
 * owner's node: ld_owl 113, 4 and 62 gained, none lost, but owl 214 and 215 lost).
 */
const LIFE_OWL_PARAMS = {
  ...DEFAULT_OWL_PARAMS,
  budget: 15 * DEFAULT_OWL_PARAMS.budget,
  maxDepth: 12,
  width: 12,
  defenceRootWidth: 20,
  readDeadRoot: true,
  contain: true,
  blockFirst: true,
  exactCache: true,
  deadRoom: 8,
  deadRoomOwner: 8,
  weakAliveDepth: 4,
  weakAliveOuter: 2,
  passCheckDepth: 4,
  settledAttackPoints: true,
  tacticalLife: true,
  readAliveRoot: true,
  doubtOpenEyes: true,
  readDeadDefenceDepth: 2,
  verifyRoot: true,
  koThreats: true,
  koRetakes: true,
  killers: true,
  sharedVitalFirst: true,
  newStoneLiberties: true,
  view: {
    ...DEFAULT_OWL_PARAMS.view,
    readerPoints: 12,
    escapeReach: 4,
    escapeRoom: 12,
    unreadLeakyNoSureEye: true,
    domains: true,
    shortOfLiberties: true,
    halfEyes: true,
  },
};

/**
 * Dragons (groups amalgamated by the static analysis: shared liberties, clean diagonals, shared eye
 * spaces) and their status with the owl's reading as the final word (see {@link ReadingRefiner}).
 * Reads on a copy of the board. Pure.
 */
export function analyzeLife(board: Board, options: LifeOptions = {}): LifeAnalysis {
  const refiner = new ReadingRefiner(board.clone(), true, LIFE_OWL_PARAMS);
  const groups = analyzeGroups(board, { toMove: options.toMove, refine: refiner.refine });
  const dragons: Dragon[] = groups.groups.map((g) => ({ index: g.index, color: g.color, stones: g.stones }));
  const dragonAt = (p: number): number => {
    const d = groups.groupOf[p];
    if (d < 0) throw new RangeError(`no stone at point ${p}`);
    return d;
  };
  return {
    groups,
    dragons,
    verdicts: refiner.verdicts,
    dragonAt,
    status(d) {
      const g = groups.groups[d];
      const v = refiner.verdicts.get(g.stones[0]);
      if (g.status !== 'critical') return { status: g.status, attack: 0, defense: 0 };
      return { status: 'critical', attack: v?.attack ?? 0, defense: v?.defense ?? 0 };
    },
    owlAttack: (d) => sharedVitalAttack(refiner.owl, groups.groups[d].stones),
    owlDefend: (d) => refiner.owl.defend(groups.groups[d].stones),
    owlView: (d) => refiner.owl.view(groups.groups[d].stones),
  };
}

/**
 * The owl's attack on a dragon, naming the owner's saving move instead of the first kill found
 * where the attacker's move there kills too (owl/shared-point.ts; `dragon_status` names it
 * so, refine.ts). Two more readings for a dragon that can be killed (owl.tst 7, 9, 100, 106, 128
 * and ld_owl 165 gained, owl 18 lost; owl_attack's engine time about 2x).
 */
function sharedVitalAttack(owl: OwlReader, stones: readonly number[]): ReadResult {
  const a = owl.attack(stones);
  if (a.code === ReadCode.Fail) return a;
  return sharedVitalPoint(owl, stones, a, owl.defend(stones)) ?? a;
}
