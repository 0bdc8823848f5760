/**
 * GTP commands of the territory family, with GNU Go 3.8's answer formats and sign conventions (+ =
 * White in every score and map here, unlike our JSON): `estimate_score`, `final_score`,
 * `final_status_list alive|dead|seki`,
 * `initial_influence black|white territory_value|influence_regions`.
 *
 * Each handler takes the arguments and the session (whose `game` it reads) and returns the answer
 * body (without `= `), as the GTP registry expects.
 * Differences from GNU Go: `final_score` and `final_status_list` do not play the game out (they
 * count the two-layer territory of the current position). Dragon statuses come from the reading
 * layer (`dragons/`), the same that answers `dragon_status` (reading family).
 */
import { BLACK, WHITE, type Player } from '../../board/color';
import { formatGtpVertex } from '../../board/coords';
import type { Geometry } from '../../board/geometry';
import type { GroupStatus } from '../../groups/status';
import { analyzeTerritory, type TerritoryAnalysis } from '../../territory/territory';

/** What the territory commands read from the game (the `Game` class satisfies it). */
export interface TerritoryGtpGame {
  readonly board: { readonly geo: Geometry; readonly colors: Int8Array; readonly captures: Int32Array };
  readonly komi: number;
  readonly handicap: number;
  readonly toPlay: Player;
  readonly rules: { readonly scoring: 'territory' | 'area' };
  /** Both players passed. */
  readonly isOver: boolean;
}

/** What the handlers read from the GTP session (the `GtpSession` class satisfies it). */
export interface TerritoryGtpSession {
  readonly game: TerritoryGtpGame;
}

/** A command's arguments were wrong; the front answers `? <message>`. */
export class GtpTerritoryArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GtpTerritoryArgumentError';
  }
}

function analyze(game: TerritoryGtpGame, toMove: Player = game.toPlay): TerritoryAnalysis {
  const { board } = game;
  return analyzeTerritory(
    { geo: board.geo, colors: board.colors },
    {
      rules: game.rules.scoring,
      komi: game.komi,
      handicap: game.handicap,
      captures: { black: board.captures[BLACK], white: board.captures[WHITE] },
      toMove,
      gameOver: game.isOver,
    },
  );
}

/** `W+3.5` / `B+2.0` from a White-positive number, as GNU Go prints scores (zero is `W+0.0`). */
function signedScore(white: number): string {
  const r = Math.round(white * 10) / 10;
  return r >= 0 ? `W+${r.toFixed(1)}` : `B+${(-r).toFixed(1)}`;
}

function noArgs(name: string, args: readonly string[]): void {
  if (args.length !== 0) throw new GtpTerritoryArgumentError(`${name} takes no arguments`);
}

/** `estimate_score`: `W+3.5 (upper bound: 5.0, lower: 2.0)`, bounds White-positive. */
export function gtpEstimateScore(args: readonly string[], session: TerritoryGtpSession): string {
  const game = session.game;
  noArgs('estimate_score', args);
  const { score } = analyze(game);
  const fmt = (v: number) => (Math.round(v * 10) / 10 + 0).toFixed(1);
  return `${signedScore(-score.lead)} (upper bound: ${fmt(-score.lower)}, lower: ${fmt(-score.upper)})`;
}

/** `final_score`: `W+16.5`, `B+3.0` or `0`, counting only the points the two layers assign. */
export function gtpFinalScore(args: readonly string[], session: TerritoryGtpSession): string {
  const game = session.game;
  noArgs('final_score', args);
  const white = -analyze(game).score.settledLead;
  if (white === 0) return '0';
  return signedScore(white);
}

/** GNU Go reports critical dragons as alive in final_status_list. */
function finalStatus(status: GroupStatus): 'alive' | 'dead' | 'seki' {
  return status === 'critical' ? 'alive' : status;
}

/** `final_status_list alive|dead|seki`: one string per line, its stones separated by spaces. */
export function gtpFinalStatusList(args: readonly string[], session: TerritoryGtpSession): string {
  const game = session.game;
  const wanted = args[0];
  if (args.length !== 1 || (wanted !== 'alive' && wanted !== 'dead' && wanted !== 'seki')) {
    throw new GtpTerritoryArgumentError('usage: final_status_list alive|dead|seki');
  }
  const a = analyze(game);
  const geo = game.board.geo;
  const lines: string[] = [];
  for (const s of a.groups.strings.strings) {
    const g = a.groups.groups[a.groups.groupOf[s.stones[0]]];
    if (finalStatus(g.status) !== wanted) continue;
    const stones = [...s.stones].sort((p, q) => p - q);
    lines.push(stones.map((p) => formatGtpVertex(p, geo)).join(' '));
  }
  return lines.join('\n');
}

/**
 * `initial_influence black|white territory_value|influence_regions`: one board row per line, top
 * first, White-positive. territory_value `%6.2f ` (live stones 0, dead stones their point's value
 * plus 1 toward the capturer); influence_regions `%2d ` (stones 4 / -4 for White / Black).
 */
export function gtpInitialInfluence(args: readonly string[], session: TerritoryGtpSession): string {
  const game = session.game;
  const [who, what] = args;
  if (args.length !== 2 || (who !== 'black' && who !== 'white')) {
    throw new GtpTerritoryArgumentError(
      'usage: initial_influence black|white territory_value|influence_regions',
    );
  }
  if (what !== 'territory_value' && what !== 'influence_regions') {
    throw new GtpTerritoryArgumentError(
      `unknown influence map '${String(what)}': territory_value|influence_regions`,
    );
  }
  const a = analyze(game, who === 'black' ? BLACK : WHITE);
  const { geo, colors } = game.board;
  const rows: string[] = [];
  for (let y = 0; y < geo.height; y++) {
    let row = '';
    for (let x = 0; x < geo.width; x++) {
      const p = geo.pt(x, y);
      const c = colors[p];
      const stone = c === BLACK || c === WHITE;
      if (what === 'influence_regions') {
        const code = stone ? (c === WHITE ? 4 : -4) : -a.field.regions[p];
        row += `${String(code).padStart(2)} `;
      } else {
        let v = 0;
        if (stone && a.groups.safety[p] <= 0) v = -a.field.territory[p] + (c === BLACK ? 1 : -1);
        else if (!stone) v = -a.field.territory[p];
        row += `${(Math.round(v * 100) / 100 + 0).toFixed(2).padStart(6)} `;
      }
    }
    rows.push(row);
  }
  return rows.join('\n');
}

/** The family's handlers by command name: each takes the arguments and the session, returns the answer body. */
export const TERRITORY_GTP_COMMANDS: Readonly<
  Record<string, (args: readonly string[], session: TerritoryGtpSession) => string>
> = {
  estimate_score: gtpEstimateScore,
  final_score: gtpFinalScore,
  final_status_list: gtpFinalStatusList,
  initial_influence: gtpInitialInfluence,
};
