import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Reads the two positions and the two influence maps printed in seed 003 (Freihofner's gnugo-devel
 * post) straight from the seed text at test time, so the acceptance numbers come from the source
 * text and not from a transcription.
 *
 * The post prints, in order: position 1, map 1, position 2, map 2. Every block is 19 lines
 * `NN: tokens`, row 19 first. Position tokens are `.`, `*` (star point, empty), `X`, `O`; map tokens
 * are integers (empty points) or `B`/`W` (stones).
 */

/** The project's seed directory, next to the checkout (absent on a clone made elsewhere). */
export const SHARED_SEED_DIR = resolve(__dirname, '../../../../../shared/seeds');
/**
 * Byte-identical copies of seeds 000 (GNU Go documentation, section 14.2) and 003 (Phil
 * Freihofner, gnugo-devel, 30 Jul 2003), so the tests also run on a fresh clone.
 */
export const FIXTURE_SEED_DIR = join(__dirname, 'fixtures/seeds');

/** Where the seeds are read from: MOYO_SEED_DIR, else the shared seed directory, else the copies. */
export const SEED_DIR =
  process.env.MOYO_SEED_DIR ?? (existsSync(SHARED_SEED_DIR) ? SHARED_SEED_DIR : FIXTURE_SEED_DIR);

/** The text of the seed whose file name starts with `prefix` (`000_`, `003_`) in `dir`. */
export function readSeedText(prefix: string, dir = SEED_DIR): string {
  const name = readdirSync(dir).find((f) => f.startsWith(prefix) && f.endsWith('.txt'));
  if (!name) throw new Error(`no ${prefix}*.txt in ${dir}`);
  return readFileSync(join(dir, name), 'utf8');
}

/** One printed position with its printed map. */
export interface PrintedCase {
  /** Board rows, top first, in our golden-text alphabet (`X`, `O`, `.`). */
  rows: string[];
  /** Map tokens per row, top first: a number, or 'B' / 'W' on stones. */
  map: (number | 'B' | 'W')[][];
}

/** Parses the seed file's two cases. Throws if the layout is not the expected 4 blocks of 19 rows. */
export function readSeed003(): PrintedCase[] {
  const text = readSeedText('003_');
  const blocks: string[][][] = [];
  let current: string[][] = [];
  let expectRow = 19;
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(\d{1,2}):\s+(.*\S)\s*$/.exec(line);
    if (!m || Number(m[1]) !== expectRow) continue;
    current.push(m[2].split(/\s+/));
    expectRow--;
    if (expectRow === 0) {
      blocks.push(current);
      current = [];
      expectRow = 19;
    }
  }
  if (blocks.length !== 4)
    throw new Error(`expected 4 blocks of 19 rows in seed 003, found ${blocks.length}`);
  const cases: PrintedCase[] = [];
  for (let b = 0; b < 4; b += 2) {
    const rows = blocks[b].map((tokens, i) => {
      if (tokens.length !== 19)
        throw new Error(`position ${b / 2 + 1} row ${19 - i}: ${tokens.length} tokens`);
      return tokens
        .map((t) => {
          if (t === '*') return '.';
          if (t === '.' || t === 'X' || t === 'O') return t;
          throw new Error(`position ${b / 2 + 1} row ${19 - i}: bad token ${t}`);
        })
        .join('');
    });
    const map = blocks[b + 1].map((tokens, i) => {
      if (tokens.length !== 19) throw new Error(`map ${b / 2 + 1} row ${19 - i}: ${tokens.length} tokens`);
      return tokens.map((t) => {
        if (t === 'B' || t === 'W') return t;
        if (!/^-?\d+$/.test(t)) throw new Error(`map ${b / 2 + 1} row ${19 - i}: bad token ${t}`);
        return Number(t);
      });
    });
    cases.push({ rows, map });
  }
  return cases;
}
