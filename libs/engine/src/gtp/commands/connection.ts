/**
 * GTP commands of connection reading and owl move checks, in GNU Go 3.8's answer formats so its
 * regression suites (connection.tst, owl.tst) run unchanged: `connect S1 S2` / `disconnect S1 S2`
 * (`0`, or the code and the move), `owl_does_attack MOVE DRAGON` / `owl_does_defend MOVE DRAGON`
 * (the code of the move: the attacker's or owner's move is played, then the owl reads the other
 * side's answer).
 */
import { BLACK, WHITE, type Player } from '../../board/color';
import { formatGtpVertex, parseGtpVertex } from '../../board/coords';
import type { Board } from '../../board/board';
import { analyzeLife } from '../../dragons';
import { ConnectionReader } from '../../reading/connection';
import { invert, type ReadResult } from '../../reading/result';
import { GtpReadingArgumentError, type ReadingGtpSession } from './reading';

function vertexArg(args: readonly string[], i: number, board: Board): number {
  const text = args[i];
  try {
    return parseGtpVertex(text, board.geo);
  } catch {
    throw new GtpReadingArgumentError('invalid coordinate');
  }
}

function stoneArg(args: readonly string[], i: number, board: Board): number {
  const p = vertexArg(args, i, board);
  const c = board.colors[p];
  if (c !== BLACK && c !== WHITE) throw new GtpReadingArgumentError('vertex must not be empty');
  return p;
}

function answer(board: Board, r: ReadResult): string {
  if (r.code === 0) return '0';
  return `${r.code} ${r.move === 0 ? 'PASS' : formatGtpVertex(r.move, board.geo).toUpperCase()}`;
}

function pair(name: string, args: readonly string[], session: ReadingGtpSession): [Board, number, number] {
  if (args.length !== 2) throw new GtpReadingArgumentError(`usage: ${name} VERTEX VERTEX`);
  const board = session.game.board.clone();
  const a = stoneArg(args, 0, board);
  const b = stoneArg(args, 1, board);
  if (board.colors[a] !== board.colors[b]) throw new GtpReadingArgumentError('vertices must have same color');
  return [board, a, b];
}

/** `connect S1 S2`: can the owner, moving first, connect the two strings? */
export function gtpConnect(args: readonly string[], session: ReadingGtpSession): string {
  const [board, a, b] = pair('connect', args, session);
  return answer(board, new ConnectionReader(board).connect(a, b));
}

/** `disconnect S1 S2`: can the opponent, moving first, keep them apart? */
export function gtpDisconnect(args: readonly string[], session: ReadingGtpSession): string {
  const [board, a, b] = pair('disconnect', args, session);
  return answer(board, new ConnectionReader(board).disconnect(a, b));
}

/**
 * `owl_does_attack MOVE DRAGON` (`attacking` true) / `owl_does_defend MOVE DRAGON`: the move is
 * played by the dragon's opponent (owner), then the owl reads the other side's best answer; the
 * answer is the code of the move (0 when it does not work).
 */
function owlDoes(name: string, attacking: boolean) {
  return (args: readonly string[], session: ReadingGtpSession): string => {
    if (args.length !== 2) throw new GtpReadingArgumentError(`usage: ${name} MOVE DRAGON`);
    const board = session.game.board.clone();
    const move = vertexArg(args, 0, board);
    const dragon = stoneArg(args, 1, board);
    const owner = board.colors[dragon] as Player;
    const player = (attacking ? 3 - owner : owner) as Player;
    if (!board.isLegal(move, player)) throw new GtpReadingArgumentError('illegal move');
    board.play(move, player);
    if (board.colors[dragon] !== owner) return attacking ? '1' : '0';
    const life = analyzeLife(board, { toMove: (3 - player) as Player });
    const d = life.dragonAt(dragon);
    const reply = attacking ? life.owlDefend(d) : life.owlAttack(d);
    return String(invert(reply.code));
  };
}

/** The family's handlers by command name. */
export const CONNECTION_GTP_COMMANDS: Readonly<
  Record<string, (args: readonly string[], session: ReadingGtpSession) => string>
> = {
  connect: gtpConnect,
  disconnect: gtpDisconnect,
  owl_does_attack: owlDoes('owl_does_attack', true),
  owl_does_defend: owlDoes('owl_does_defend', false),
};
