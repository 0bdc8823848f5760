import type { Game } from '../board/history';
import { SgfError, readSgf, replaySgf } from '../sgf';
import { UsageError, type CliIo } from './types';

/** Parses `--move N` (a whole number >= 0); throws UsageError naming the option. */
export function parseMoveOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--move must be a whole number >= 0, got '${value}'`);
  return Number(value);
}

/**
 * Reads FILE (`-` = stdin) as SGF and replays it to `move` (default: the end). Throws UsageError
 * naming the file and the problem (unreadable, malformed SGF, illegal move, move past the end).
 */
export async function loadGame(file: string, move: number | undefined, io: CliIo): Promise<Game> {
  let text: string;
  try {
    text = file === '-' ? await io.readStdin() : io.readFile(file);
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  try {
    return replaySgf(readSgf(text), { move });
  } catch (e) {
    if (e instanceof SgfError) throw new UsageError(`${file === '-' ? 'stdin' : file}: ${e.message}`);
    throw e;
  }
}
