import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where the counted games and their manifest live. */
export const REAL_GAMES_DIR = resolve(__dirname, '../../data/real-games');

export type RealGameSet = 'tune' | 'check';
export type RealGameRules = 'japanese' | 'chinese';

/** Categories whose games are even professional games (no handicap, not chosen for a wide margin). */
export const CLOSE_PRO_CATEGORIES: readonly string[] = ['pro19-jp', 'pro19-cn', 'pro9', 'pro13'];

/** One counted game of bench/data/real-games/manifest.json (see SOURCES.md there). */
export interface RealGame {
  id: string;
  file: string;
  set: RealGameSet;
  category: string;
  size: number;
  rules: RealGameRules;
  rulesFrom: string;
  komi: number;
  handicap: number;
  /** The counted result; blackLead is Black-positive with komi included (`W+2.5` is -2.5). */
  result: { text: string; blackLead: number };
  moves: number;
  event: string | null;
  date: string | null;
  black: string | null;
  white: string | null;
  source: { repository: string; path: string; commit: string; blob: string };
}

/** A manifest entry was malformed: the message names the game and the field. */
export class ManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ManifestError';
  }
}

function field<T>(
  game: Record<string, unknown>,
  name: string,
  ok: (v: unknown) => boolean,
  where: string,
): T {
  const v = game[name];
  if (!ok(v))
    throw new ManifestError(`${where}: field "${name}" is missing or invalid (${JSON.stringify(v)})`);
  return v as T;
}

const isString = (v: unknown): boolean => typeof v === 'string' && v.length > 0;
const isNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);

/** The counted result text as a Black-positive number: `B+5.5` is 5.5, `W+0.5` is -0.5; null otherwise. */
export function countedResult(text: string): number | null {
  const m = /^([BW])\+(\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!m) return null;
  const v = Number(m[2]);
  if (v === 0) return null;
  return m[1] === 'B' ? v : -v;
}

/** Checks one parsed manifest entry; throws ManifestError naming the entry and the field. */
export function parseRealGame(raw: unknown, index: number): RealGame {
  if (typeof raw !== 'object' || raw === null) throw new ManifestError(`games[${index}]: not an object`);
  const g = raw as Record<string, unknown>;
  const where = `games[${index}]${typeof g.id === 'string' ? ` (${g.id})` : ''}`;
  field<string>(g, 'id', isString, where);
  field<string>(g, 'file', (v) => isString(v) && /^[\w.-]+\.sgf$/.test(v as string), where);
  field<string>(g, 'set', (v) => v === 'tune' || v === 'check', where);
  field<string>(g, 'category', isString, where);
  field<number>(g, 'size', (v) => v === 9 || v === 13 || v === 19, where);
  field<string>(g, 'rules', (v) => v === 'japanese' || v === 'chinese', where);
  field<number>(g, 'komi', isNumber, where);
  field<number>(g, 'handicap', (v) => Number.isInteger(v) && (v as number) >= 0, where);
  field<number>(g, 'moves', (v) => Number.isInteger(v) && (v as number) > 0, where);
  const result = field<{ text: unknown; blackLead: unknown }>(
    g,
    'result',
    (v) => typeof v === 'object' && v !== null,
    where,
  );
  const lead = typeof result.text === 'string' ? countedResult(result.text) : null;
  if (lead === null || lead !== result.blackLead) {
    throw new ManifestError(
      `${where}: field "result" must hold a counted text (B+n / W+n) and the same Black-positive blackLead`,
    );
  }
  field<unknown>(g, 'source', (v) => typeof v === 'object' && v !== null, where);
  return g as unknown as RealGame;
}

/** Reads and checks the manifest; throws ManifestError on a malformed entry or a duplicate id. */
export function loadRealGames(dir: string = REAL_GAMES_DIR): RealGame[] {
  const parsed = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { games?: unknown };
  if (!Array.isArray(parsed.games)) throw new ManifestError('manifest.json: field "games" must be an array');
  const games = parsed.games.map(parseRealGame);
  const ids = new Set<string>();
  for (const g of games) {
    if (ids.has(g.id)) throw new ManifestError(`manifest.json: game id ${g.id} appears twice`);
    ids.add(g.id);
  }
  return games;
}

/** The path of a game's SGF file. */
export function gamePath(game: RealGame, dir: string = REAL_GAMES_DIR): string {
  return join(dir, game.file);
}
