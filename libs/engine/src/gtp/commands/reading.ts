/**
 * GTP commands of the life-and-death family, in GNU Go 3.8's answer formats so its regression
 * suites run unchanged: `attack`, `defend` (tactical reading of a string: `0`, or a code 1/2/3 and
 * the move), `owl_attack`, `owl_defend` (the same for the dragon), `dragon_status [vertex]`
 * (`alive`, `dead`, `critical ATTACK DEFENSE`), `dragon_stones [vertex]`, `same_dragon V1 V2`,
 * `analyze_semeai D1 D2` (`DEFENSE ATTACK MOVE`). `final_status_list` (territory family) reads the
 * same statuses.
 * Codes: 1 succeeds, 2 succeeds if the reader takes the ko first, 3 succeeds only after a ko threat.
 */
import type { Board } from '../../board/board';
import { BLACK, WHITE } from '../../board/color';
import { formatGtpVertex, parseGtpVertex } from '../../board/coords';
import { analyzeLife, type LifeAnalysis } from '../../dragons';
import { readSemeai } from '../../owl/semeai';
import { DEFAULT_TACTICAL_PARAMS, TacticalReader, type TacticalParams } from '../../reading/tactical';
import type { ReadResult } from '../../reading/result';

/** What the reading commands read from the GTP session (the `GtpSession` class satisfies it). */
export interface ReadingGtpSession {
  readonly game: {
    readonly board: Board;
    readonly komi: number;
    readonly toPlay: 1 | 2;
  };
  /** Plies added to the tactical depth limits (GNU Go's `increase_depths` / `decrease_depths`). */
  readingDepth?: number;
}

/** The tactical reader's limits with the session's depth offset. */
function tacticalParams(session: ReadingGtpSession): TacticalParams {
  const d = session.readingDepth ?? 0;
  const p = DEFAULT_TACTICAL_PARAMS;
  const shift = (v: number) => Math.max(0, v + d);
  return {
    ...p,
    maxDepth: Math.max(1, p.maxDepth + d),
    threeLibertyDepth: shift(p.threeLibertyDepth),
    twoLibertyDepth: shift(p.twoLibertyDepth),
    branchDepth: shift(p.branchDepth),
    koDepth: shift(p.koDepth),
    secondOrderTwo: shift(p.secondOrderTwo),
    secondOrderThree: shift(p.secondOrderThree),
    blockThree: shift(p.blockThree),
    breakChainTwo: shift(p.breakChainTwo),
    breakChainThree: shift(p.breakChainThree),
    breakChainFour: shift(p.breakChainFour),
    friendRescue: shift(p.friendRescue),
    rescueTwo: shift(p.rescueTwo),
    netRescue: shift(p.netRescue),
    superstring: shift(p.superstring),
    superstringAttack: shift(p.superstringAttack),
  };
}

/** A command's arguments were wrong; the front answers `? <message>`. */
export class GtpReadingArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GtpReadingArgumentError';
  }
}

/** The stone vertex in `args[i]` (GNU Go's error texts for a bad or empty vertex). */
function stoneArg(name: string, args: readonly string[], i: number, board: Board): number {
  const text = args[i];
  if (text === undefined) throw new GtpReadingArgumentError(`${name}: missing vertex argument ${i + 1}`);
  let p: number;
  try {
    p = parseGtpVertex(text, board.geo);
  } catch {
    throw new GtpReadingArgumentError('invalid color or coordinate');
  }
  const c = board.colors[p];
  if (c !== BLACK && c !== WHITE) throw new GtpReadingArgumentError('vertex must not be empty');
  return p;
}

function usage(name: string, args: readonly string[], n: number, text: string): void {
  if (args.length !== n) throw new GtpReadingArgumentError(`usage: ${name} ${text}`);
}

function vertex(board: Board, p: number): string {
  return p === 0 ? 'PASS' : formatGtpVertex(p, board.geo).toUpperCase();
}

function answer(board: Board, r: ReadResult): string {
  return r.code === 0 ? '0' : `${r.code} ${vertex(board, r.move)}`;
}

/** `attack VERTEX`: can the string be captured with its opponent to move? */
export function gtpAttack(args: readonly string[], session: ReadingGtpSession): string {
  usage('attack', args, 1, 'VERTEX');
  const board = session.game.board.clone();
  const p = stoneArg('attack', args, 0, board);
  return answer(board, new TacticalReader(board, tacticalParams(session)).attack(p));
}

/** `defend VERTEX`: can the string be saved with its owner to move? */
export function gtpDefend(args: readonly string[], session: ReadingGtpSession): string {
  usage('defend', args, 1, 'VERTEX');
  const board = session.game.board.clone();
  const p = stoneArg('defend', args, 0, board);
  return answer(board, new TacticalReader(board, tacticalParams(session)).defend(p));
}

function life(session: ReadingGtpSession): LifeAnalysis {
  return analyzeLife(session.game.board, { toMove: session.game.toPlay });
}

/** `owl_attack VERTEX`: can the dragon be killed with its opponent to move? */
export function gtpOwlAttack(args: readonly string[], session: ReadingGtpSession): string {
  usage('owl_attack', args, 1, 'VERTEX');
  const p = stoneArg('owl_attack', args, 0, session.game.board);
  const a = life(session);
  return answer(session.game.board, a.owlAttack(a.dragonAt(p)));
}

/** `owl_defend VERTEX`: can the dragon live with its owner to move? */
export function gtpOwlDefend(args: readonly string[], session: ReadingGtpSession): string {
  usage('owl_defend', args, 1, 'VERTEX');
  const p = stoneArg('owl_defend', args, 0, session.game.board);
  const a = life(session);
  return answer(session.game.board, a.owlDefend(a.dragonAt(p)));
}

/** `dragon_status [VERTEX]`: one dragon's status, or `C9: alive` lines for all, top row first. */
export function gtpDragonStatus(args: readonly string[], session: ReadingGtpSession): string {
  if (args.length > 1) throw new GtpReadingArgumentError('usage: dragon_status [VERTEX]');
  const board = session.game.board;
  const only = args.length === 1 ? stoneArg('dragon_status', args, 0, board) : -1;
  const a = life(session);
  const describe = (d: number): string => {
    const s = a.status(d);
    if (s.status !== 'critical') return s.status;
    return `critical ${vertex(board, s.attack)} ${vertex(board, s.defense)}`;
  };
  if (only >= 0) return describe(a.dragonAt(only));
  const lines: string[] = [];
  const done = new Set<number>();
  for (const p of board.geo.points) {
    const c = board.colors[p];
    if (c !== BLACK && c !== WHITE) continue;
    const d = a.dragonAt(p);
    if (done.has(d)) continue;
    done.add(d);
    lines.push(`${formatGtpVertex(p, board.geo)}: ${describe(d)}`);
  }
  return lines.join('\n');
}

/** `dragon_stones [VERTEX]`: the stones of one dragon, or one line per dragon. */
export function gtpDragonStones(args: readonly string[], session: ReadingGtpSession): string {
  if (args.length > 1) throw new GtpReadingArgumentError('usage: dragon_stones [VERTEX]');
  const board = session.game.board;
  const only = args.length === 1 ? stoneArg('dragon_stones', args, 0, board) : -1;
  const a = life(session);
  const line = (d: number) =>
    [...a.dragons[d].stones]
      .sort((p, q) => p - q)
      .map((p) => vertex(board, p))
      .join(' ');
  if (only >= 0) return line(a.dragonAt(only));
  return a.dragons.map((_, d) => line(d)).join('\n');
}

/** `same_dragon V1 V2`: 1 if both stones belong to one dragon, else 0. */
export function gtpSameDragon(args: readonly string[], session: ReadingGtpSession): string {
  usage('same_dragon', args, 2, 'VERTEX VERTEX');
  const board = session.game.board;
  const p = stoneArg('same_dragon', args, 0, board);
  const q = stoneArg('same_dragon', args, 1, board);
  const a = life(session);
  return a.dragonAt(p) === a.dragonAt(q) ? '1' : '0';
}

/**
 * `analyze_semeai D1 D2`: with D1's owner to move, whether D1 survives and whether D2 is captured
 * (GNU Go's `1 1` kill, `1 0` seki or both live, `0 0` lost), and the move.
 */
export function gtpAnalyzeSemeai(args: readonly string[], session: ReadingGtpSession): string {
  usage('analyze_semeai', args, 2, 'DRAGONA DRAGONB');
  const board = session.game.board;
  const p = stoneArg('analyze_semeai', args, 0, board);
  const q = stoneArg('analyze_semeai', args, 1, board);
  if (board.colors[p] === board.colors[q])
    throw new GtpReadingArgumentError('dragons must have opposite colors');
  const a = life(session);
  const r = readSemeai(board.clone(), a, a.dragonAt(p), a.dragonAt(q), p, q);
  return `${r.defense} ${r.attack} ${vertex(board, r.move)}`;
}

/** `increase_depths` / `decrease_depths`: one ply more or less in every tactical depth limit. */
function depthStep(name: string, step: number) {
  return (args: readonly string[], session: ReadingGtpSession): string => {
    usage(name, args, 0, '');
    session.readingDepth = Math.max(-10, Math.min(10, (session.readingDepth ?? 0) + step));
    return '';
  };
}

/** The family's handlers by command name. */
export const READING_GTP_COMMANDS: Readonly<
  Record<string, (args: readonly string[], session: ReadingGtpSession) => string>
> = {
  attack: gtpAttack,
  defend: gtpDefend,
  owl_attack: gtpOwlAttack,
  owl_defend: gtpOwlDefend,
  dragon_status: gtpDragonStatus,
  dragon_stones: gtpDragonStones,
  same_dragon: gtpSameDragon,
  analyze_semeai: gtpAnalyzeSemeai,
  increase_depths: depthStep('increase_depths', 1),
  decrease_depths: depthStep('decrease_depths', -1),
};
