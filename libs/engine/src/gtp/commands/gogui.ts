/**
 * GoGui's analyze menu (`gogui-analyze_commands`, asked for at attach) and the Moyo commands it
 * lists: `moyo-ownership` (dboard, + = Black), `moyo-territory` (gfx: BLACK/WHITE territory points,
 * dead stones counted for the capturer, TEXT score and bounds), `moyo-move_values [colour]`
 * (pspairs: vertex and value, best first), plus the GNU Go commands the territory family answers.
 * All from the KataGo answer core's estimate (`estimatePosition`).
 */
import { positionFromGame } from '../../analysis/registry';
import { BLACK, WHITE, type Player } from '../../board/color';
import { formatGtpVertex } from '../../board/coords';
import { estimatePosition } from '../../katago';
import { moveValues } from '../../territory/move-values';
import type { GtpHandler } from '../handler';
import { GtpError } from '../protocol';
import { gtpColor, type GtpSession } from '../session';

/** GoGui's `type/label/command` lines; `%c` is the colour chosen in GoGui (default: to move). */
export const GOGUI_ANALYZE_COMMANDS = [
  'dboard/Moyo Ownership/moyo-ownership',
  'gfx/Moyo Territory/moyo-territory',
  'pspairs/Moyo Move Values/moyo-move_values %c',
  'plist/Dead Stones/final_status_list dead',
  'string/Estimated Score/estimate_score',
  'string/Final Score/final_score',
];

function noArgs(name: string, args: readonly string[]): void {
  if (args.length > 0) throw new GtpError(`${name} takes no arguments`);
}

const signed = (lead: number) => {
  const r = Math.round(lead * 10) / 10 + 0;
  return r >= 0 ? `B+${r.toFixed(1)}` : `W+${(-r).toFixed(1)}`;
};

function territory(session: GtpSession): string {
  const position = positionFromGame(session.game);
  const { analysis } = estimatePosition(position);
  const { geo, colors } = position.board;
  const black: string[] = [];
  const white: string[] = [];
  for (const p of geo.points) {
    if (analysis.owner[p] > 0 && colors[p] !== BLACK) black.push(formatGtpVertex(p, geo));
    if (analysis.owner[p] < 0 && colors[p] !== WHITE) white.push(formatGtpVertex(p, geo));
  }
  const { lead, lower, upper } = analysis.score;
  const lines = [];
  if (black.length > 0) lines.push(`BLACK ${black.join(' ')}`);
  if (white.length > 0) lines.push(`WHITE ${white.join(' ')}`);
  lines.push(`TEXT ${signed(lead)} (range ${signed(lower)} to ${signed(upper)})`);
  return lines.join('\n');
}

function values(session: GtpSession, player: Player): string {
  const position = { ...positionFromGame(session.game), toPlay: player };
  const { analysis } = estimatePosition(position);
  const { geo, colors } = position.board;
  return moveValues({ geo, colors }, analysis, player, { top: 10 })
    .map((m) => `${formatGtpVertex(m.point, geo)} ${(Math.round(m.total * 10) / 10 + 0).toFixed(1)}`)
    .join(' ');
}

/** The GoGui family. */
export const GOGUI_GTP_COMMANDS: Readonly<Record<string, GtpHandler>> = {
  'gogui-analyze_commands': (args) => {
    noArgs('gogui-analyze_commands', args);
    return GOGUI_ANALYZE_COMMANDS.join('\n');
  },
  'moyo-ownership': (args, session) => {
    noArgs('moyo-ownership', args);
    const { ownership } = estimatePosition(positionFromGame(session.game));
    const { width, height } = session.game.geo;
    const rows: string[] = [];
    for (let y = 0; y < height; y++) {
      rows.push(
        ownership
          .slice(y * width, (y + 1) * width)
          .map((o) => (Math.round(o * 100) / 100 + 0).toFixed(2))
          .join(' '),
      );
    }
    return rows.join('\n');
  },
  'moyo-territory': (args, session) => {
    noArgs('moyo-territory', args);
    return territory(session);
  },
  'moyo-move_values': (args, session) => {
    if (args.length > 1) throw new GtpError('usage: moyo-move_values [b|w]');
    return values(session, args.length === 1 ? gtpColor(args[0]) : session.game.toPlay);
  },
};
