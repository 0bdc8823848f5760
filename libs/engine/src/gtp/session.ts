import { BLACK, WHITE, type Player } from '../board/color';
import type { BoardDims } from '../board/geometry';
import { Game } from '../board/history';
import { RULES, type Rules } from '../board/rules';
import { GtpError } from './protocol';

/** State one GTP connection works on; handlers read and replace `game`. */
export class GtpSession {
  game: Game;
  rules: Rules = RULES.japanese;
  /** Set by `quit`: the loop stops after answering. */
  quit = false;
  /** Plies added to the tactical reader's depth limits (`increase_depths` / `decrease_depths`). */
  readingDepth = 0;

  constructor(
    /** Reads a file for `loadsgf` (injected so the core stays free of I/O and tests can stub it). */
    readonly readFile: (path: string) => string,
    size = 19,
    komi = 7.5,
  ) {
    this.game = new Game(size, { rules: this.rules, komi });
  }

  /**
   * Plays on under other rules: the same moves, setup, handicap and komi replayed under `rules`.
   * Throws (and keeps the old rules) when a move of the game is illegal under the new ones.
   */
  setRules(rules: Rules): void {
    const old = this.game;
    const game = new Game(old.geo, { rules, komi: old.komi });
    for (const a of old.history) {
      if (a.kind === 'move') game.play(a.point, a.player);
      else game.setup(a.stones, a.toPlayAfter);
    }
    game.handicap = old.handicap;
    game.toPlay = old.toPlay;
    this.game = game;
    this.rules = rules;
  }

  /** Replaces the game by an empty one of `dims` (default: the same board), keeping komi and rules. */
  resetBoard(dims: BoardDims = this.game.geo): void {
    this.game = new Game(dims, { rules: this.rules, komi: this.game.komi });
  }
}

/** Parses a GTP colour (`b`, `black`, `w`, `white`, any case); throws GtpError with GNU Go's text. */
export function gtpColor(arg: string | undefined): Player {
  const t = (arg ?? '').toLowerCase();
  if (t === 'b' || t === 'black') return BLACK;
  if (t === 'w' || t === 'white') return WHITE;
  throw new GtpError('invalid color or coordinate');
}

/** `black` or `white`. */
export function gtpColorName(p: Player): string {
  return p === BLACK ? 'black' : 'white';
}
