/**
 * GTP analysis for GUIs (Sabaki, LizGoban, Ogatak's GTP mode): `kata-analyze` and `lz-analyze`
 * (one `info` line per report, from the KataGo answer core, side-to-move view; the answer stays
 * open until the next input line, as KataGo's does, and with an interval reports again at it:
 * REPORT_EFFORTS' growing efforts, then the last report repeated), `kata-genmove_analyze` /
 * `lz-genmove_analyze`, and `genmove`, which play the best move of that answer.
 */
import { positionFromGame } from '../../analysis/registry';
import type { Position } from '../../analysis/types';
import type { Player } from '../../board/color';
import { parseGtpVertex } from '../../board/coords';
import {
  DEFAULT_MAX_VISITS,
  KataGoFieldError,
  QUICK_STAGE_VISITS,
  analyzeTurn,
  resolveKataGoRules,
  type KataGoTurnAnalysis,
} from '../../katago';
import type { GtpHandler, GtpOpenAnswer } from '../handler';
import { GtpError } from '../protocol';
import { gtpColor, type GtpSession } from '../session';
import { parseAnalyzeArgs, type AnalyzeArgs } from './analyze-args';

function position(session: GtpSession, args: AnalyzeArgs): Position {
  const p = positionFromGame(session.game);
  return args.player === null ? p : { ...p, toPlay: args.player };
}

/**
 * The efforts (maxVisits) of the reports of an analysis with an interval: the quick stage first
 * (10 candidates valued, what `moyo analysis` answers interim), then the default effort (50), then
 * 200 candidates; from then on the last report is repeated unchanged (the analysis is complete:
 * Moyo does not search, so more time would not change it). Without an interval: one report at
 * DEFAULT_MAX_VISITS. Each stage values more candidate moves on the same (cached) territory estimate.
 */
export const REPORT_EFFORTS: readonly number[] = [QUICK_STAGE_VISITS, DEFAULT_MAX_VISITS, 2000];

function answer(session: GtpSession, args: AnalyzeArgs, maxVisits = DEFAULT_MAX_VISITS): KataGoTurnAnalysis {
  const pos = position(session, args);
  const turn = analyzeTurn(pos, {
    maxVisits,
    perspective: 'SIDETOMOVE',
    includeOwnership: args.ownership,
    includeOwnershipStdev: args.ownershipStdev,
    includeMovesOwnership: args.movesOwnership,
    includeMovesOwnershipStdev: args.movesOwnershipStdev,
    avoid: args.avoid.get(pos.toPlay),
    allow: args.allow.get(pos.toPlay),
  });
  turn.moveInfos = turn.moveInfos.slice(0, args.maxmoves);
  return turn;
}

const fixed = (v: number, digits: number) => (v + 0).toFixed(digits);
const list = (values: readonly number[]) => values.map((v) => fixed(v, 6)).join(' ');

/** `kata-analyze`: KataGo's info line (winrate, prior as fractions, always with a decimal point). */
export function kataAnalyzeLine(turn: KataGoTurnAnalysis, args: AnalyzeArgs): string {
  const parts = turn.moveInfos.map((m) => {
    let s =
      `info move ${m.move} visits ${m.visits} edgeVisits ${m.edgeVisits} winrate ${fixed(m.winrate, 6)} ` +
      `scoreMean ${fixed(m.scoreMean, 4)} scoreStdev ${fixed(m.scoreStdev, 4)} scoreLead ${fixed(m.scoreLead, 4)} ` +
      `prior ${fixed(m.prior, 6)} order ${m.order} pv ${m.pv.join(' ')}`;
    if (m.ownership) s += ` movesOwnership ${list(m.ownership)}`;
    if (m.ownershipStdev) s += ` movesOwnershipStdev ${list(m.ownershipStdev)}`;
    return s;
  });
  const r = turn.rootInfo;
  if (args.rootInfo) {
    parts.push(
      `rootInfo visits ${r.visits} winrate ${fixed(r.winrate, 6)} scoreMean ${fixed(r.scoreLead, 4)} ` +
        `scoreStdev ${fixed(r.scoreStdev, 4)} scoreLead ${fixed(r.scoreLead, 4)}`,
    );
  }
  if (turn.ownership) parts.push(`ownership ${list(turn.ownership)}`);
  if (turn.ownershipStdev) parts.push(`ownershipStdev ${list(turn.ownershipStdev)}`);
  return parts.join(' ');
}

/** `lz-analyze`: Leela Zero's info line (winrate, prior, lcb in ten-thousandths, cut to integers). */
export function lzAnalyzeLine(turn: KataGoTurnAnalysis): string {
  const w = (v: number) => Math.trunc(v * 10000);
  return turn.moveInfos
    .map(
      (m) =>
        `info move ${m.move} visits ${m.visits} winrate ${w(m.winrate)} prior ${w(m.prior)} ` +
        `lcb ${w(m.winrate)} order ${m.order} pv ${m.pv.join(' ')}`,
    )
    .join(' ');
}

/** The player named by `args` and the move-value engine's best move for them (`pass` if none). */
function bestMove(args: readonly string[], session: GtpSession): { player: Player; best: string } {
  if (args.length !== 1) throw new GtpError('invalid color or coordinate');
  const player = gtpColor(args[0]);
  const a = parseAnalyzeArgs([], session.game.geo, true);
  a.player = player;
  return { player, best: answer(session, a).moveInfos[0]?.move ?? 'pass' };
}

/**
 * `kata-genmove_analyze` / `lz-genmove_analyze`: the analysis line, then `play V` for the move
 * played (the best one), and the answer ends there, as KataGo's does.
 */
function genmoveAnalyze(args: readonly string[], session: GtpSession, kata: boolean): GtpOpenAnswer {
  const a = parseAnalyzeArgs(args, session.game.geo, kata);
  const player = a.player ?? session.game.toPlay;
  a.player = player;
  const turn = answer(session, a);
  const best = turn.moveInfos[0]?.move ?? 'pass';
  session.game.play(parseGtpVertex(best, session.game.geo), player);
  return {
    open: true,
    ended: true,
    lines: [kata ? kataAnalyzeLine(turn, a) : lzAnalyzeLine(turn), `play ${best}`],
  };
}

/**
 * The open answer of `kata-analyze` / `lz-analyze`: the first report now; with an interval (in
 * centiseconds) the next ones every interval (REPORT_EFFORTS, then the last one again) until the
 * next input line. The session's position cannot change meanwhile: any line closes the answer first.
 */
function streamed(
  session: GtpSession,
  a: AnalyzeArgs,
  line: (t: KataGoTurnAnalysis) => string,
): GtpOpenAnswer {
  if (a.interval <= 0) return { open: true, lines: [line(answer(session, a))] };
  let stage = 0;
  let last = '';
  const next = (): string => {
    if (stage < REPORT_EFFORTS.length) last = line(answer(session, a, REPORT_EFFORTS[stage++]));
    return last;
  };
  return { open: true, lines: [next()], intervalMs: Math.max(10, a.interval * 10), next };
}

/** The analysis commands, registered as one family. */
export const ANALYZE_GTP_COMMANDS: Readonly<Record<string, GtpHandler>> = {
  'kata-analyze': (args, session) => {
    const a = parseAnalyzeArgs(args, session.game.geo, true);
    return streamed(session, a, (t) => kataAnalyzeLine(t, a));
  },
  'lz-analyze': (args, session) => {
    const a = parseAnalyzeArgs(args, session.game.geo, false);
    return streamed(session, a, lzAnalyzeLine);
  },
  'kata-genmove_analyze': (args, session) => genmoveAnalyze(args, session, true),
  'lz-genmove_analyze': (args, session) => genmoveAnalyze(args, session, false),
  // KataGo's rule commands (LizGoban probes them): any KataGo rule name, compact string or JSON object.
  'kata-set-rules': (args, session) => {
    const text = args.join(' ');
    let value: unknown = text;
    if (text.startsWith('{')) {
      try {
        value = JSON.parse(text);
      } catch {
        throw new GtpError(`Unknown rules '${text}'`);
      }
    }
    try {
      session.setRules(resolveKataGoRules(value).rules);
    } catch (e) {
      if (e instanceof KataGoFieldError) throw new GtpError(e.message);
      throw new GtpError((e as Error).message);
    }
    return '';
  },
  'kata-get-rules': (_args, session) => {
    const r = session.rules;
    const ko = { none: 'SIMPLE', positional: 'POSITIONAL', situational: 'SITUATIONAL' }[r.superko];
    return JSON.stringify({
      ko,
      scoring: r.scoring === 'area' ? 'AREA' : 'TERRITORY',
      suicide: r.suicide,
      moyo: r.name,
    });
  },
  genmove: (args, session) => {
    const { player, best } = bestMove(args, session);
    session.game.play(parseGtpVertex(best, session.game.geo), player);
    return best;
  },
  // GNU Go's reg_genmove: the move genmove would play, not played (its regression suites ask it).
  reg_genmove: (args, session) => bestMove(args, session).best,
};
