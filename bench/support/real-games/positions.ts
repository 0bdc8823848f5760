import { readFileSync } from 'node:fs';
import { BLACK, EMPTY } from '../../../libs/engine/src/board/color';
import { formatGtpVertex } from '../../../libs/engine/src/board/coords';
import { RULES } from '../../../libs/engine/src/board/rules';
import { readSgf, replaySgf } from '../../../libs/engine/src/sgf';
import { gamePath, type RealGame } from './manifest';

/** A phase: a share of the game's moves in percent, or the final position. */
export type Phase = number | 'final';

export const DEFAULT_PHASES: readonly Phase[] = [30, 50, 70, 90, 'final'];

/** The phase's name in tables and the report: `30%` or `final`. */
export function phaseName(phase: Phase): string {
  return phase === 'final' ? 'final' : `${phase}%`;
}

/** Parses `--phases 30,50,final`; throws Error naming the bad entry. */
export function parsePhases(text: string): Phase[] {
  const out: Phase[] = [];
  for (const part of text.split(',').map((s) => s.trim())) {
    if (part === 'final') out.push('final');
    else if (/^\d+$/.test(part) && Number(part) >= 1 && Number(part) <= 99) out.push(Number(part));
    else throw new Error(`--phases: ${JSON.stringify(part)} is neither a percentage 1-99 nor "final"`);
  }
  if (out.length === 0) throw new Error('--phases: give at least one phase');
  return [...new Set(out)];
}

/** How many moves are played at `phase` of a game of `moves` moves (at least 1, at most all). */
export function movesAt(phase: Phase, moves: number): number {
  if (phase === 'final') return moves;
  return Math.min(moves, Math.max(1, Math.round((phase / 100) * moves)));
}

/** One position of one game: the game after `moves` moves. */
export interface GamePosition {
  game: RealGame;
  phase: Phase;
  moves: number;
  /** Vertices (upper case) whose stone stays on the board, same colour, without a capture, to the end. */
  survivors: ReadonlySet<string>;
  /** Black and white stones on the board, upper case, sorted: both engines must see the same board. */
  stones: { black: string[]; white: string[] };
}

/**
 * The positions of `game` at `phases`, with the stones of each that survive to the end of the game.
 * Replays the record with the engine's board (rules only: legality and captures), then walks back
 * from the end with undo, so a stone survives when its point holds the same colour at every move
 * from the position to the end.
 */
export function gamePositions(game: RealGame, phases: readonly Phase[]): GamePosition[] {
  const record = readSgf(readFileSync(gamePath(game), 'utf8'));
  if (record.moveCount !== game.moves) {
    throw new Error(`${game.id}: the manifest says ${game.moves} moves, the record has ${record.moveCount}`);
  }
  const replay = replaySgf(record, { rules: RULES[game.rules] });
  const wanted = new Map<number, Phase[]>();
  for (const phase of phases) {
    const k = movesAt(phase, record.moveCount);
    wanted.set(k, [...(wanted.get(k) ?? []), phase]);
  }
  const geo = replay.geo;
  const colors = () => Int8Array.from(replay.board.colors);
  let later = colors();
  const stays = new Uint8Array(later.length);
  for (const p of geo.points) stays[p] = later[p] !== EMPTY ? 1 : 0;
  const out: GamePosition[] = [];
  const earliest = Math.min(...wanted.keys());
  for (let k = record.moveCount; k >= earliest; k--) {
    const now = colors();
    if (k < record.moveCount) {
      for (const p of geo.points) stays[p] = stays[p] && now[p] !== EMPTY && now[p] === later[p] ? 1 : 0;
    }
    for (const phase of wanted.get(k) ?? []) {
      const survivors = new Set<string>();
      const black: string[] = [];
      const white: string[] = [];
      for (const p of geo.points) {
        if (now[p] === EMPTY) continue;
        const v = formatGtpVertex(p, geo).toUpperCase();
        (now[p] === BLACK ? black : white).push(v);
        if (stays[p]) survivors.add(v);
      }
      out.push({ game, phase, moves: k, survivors, stones: { black: black.sort(), white: white.sort() } });
    }
    later = now;
    // A setup node between moves (rare) is one more action to take back, not a move.
    while (k > earliest && replay.moveNumber > k - 1) {
      if (!replay.undo()) throw new Error(`${game.id}: cannot take back move ${k}`);
    }
  }
  const order = new Map(phases.map((p, i) => [p, i]));
  return out.sort((a, b) => (order.get(a.phase) ?? 0) - (order.get(b.phase) ?? 0));
}
