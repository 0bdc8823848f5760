/**
 * The stored form of a report's `board` analysis. The engine's `board` result (stones, per-point
 * liberties, chains with their stones and liberty points, captures, ko, player to move) is 3-4 kB
 * of JSON on a 19x19 position, two thirds of a `board` job's whole report, and all of it but
 * captures, ko and the player to move follows from the stones. So job_results keeps the stones as
 * one string of rows (`X` Black, `O` White, `.` empty, rows top to bottom joined by `/`) with
 * captures, ko and toPlay, and every read gives back the engine's form (`expandResult`): the same
 * JSON as the engine made (its keys in the engine's order; jsonb does not keep the order anyway). A `board` job's stored report goes
 * from ~5 kB to ~0.6 kB: below PostgreSQL's TOAST threshold, so it is neither compressed nor
 * moved out of line, and the completion statement parses a fifth of the bytes.
 *
 * Only a `board` result of exactly the engine's known shape is compacted; anything else (an
 * unknown key, a value of another type) is stored as it is. Expanding what is not compact returns
 * it unchanged, so rows written before this form read as before.
 */

import {
  Board,
  BoardFormatError,
  chainsReport,
  MAX_BOARD_SIZE,
  type BoardAnalysisResult as BoardResult,
} from '@moyo/engine';
import { expandCompactReport, isCompactedReport } from './compact-report';

type Json = unknown;

/** The stored form. */
interface CompactBoard {
  stones: string;
  captures: { black: number; white: number };
  ko: string | null;
  toPlay: 'B' | 'W';
}

// Sorted: jsonb does not keep the order of an object's keys.
const BOARD_KEYS = 'captures,chains,ko,liberties,stones,toPlay';
const COMPACT_KEYS = 'captures,ko,stones,toPlay';
const keysOf = (o: Record<string, Json>) => Object.keys(o).sort().join();
const MAX_SIDE = MAX_BOARD_SIZE;
/** Rows of X, O and . joined by `/` (their lengths and number are checked by Board.fromRows). */
const STONE_ROWS = /^[XO.]+(?:\/[XO.]+)*$/;

const isObject = (v: Json): v is Record<string, Json> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The report's `analyses.board`, when the report has one. */
function boardOf(report: Json): Json {
  if (!isObject(report)) return undefined;
  const analyses = report.analyses;
  return isObject(analyses) ? analyses.board : undefined;
}

/** The report with `analyses.board` replaced (the other keys and their order kept). */
function withBoard(report: Record<string, Json>, board: Json): Record<string, Json> {
  const analyses = report.analyses as Record<string, Json>;
  const out: Record<string, Json> = {};
  for (const k of Object.keys(report)) {
    if (k !== 'analyses') out[k] = report[k];
    else {
      const a: Record<string, Json> = {};
      for (const name of Object.keys(analyses)) a[name] = name === 'board' ? board : analyses[name];
      out[k] = a;
    }
  }
  return out;
}

/** Width of a board of `points` points, from the report's `board` header (square if absent). */
function widthOf(report: Record<string, Json>, points: number): number | null {
  const header = report.board;
  const w =
    isObject(header) && typeof header.width === 'number' ? header.width : Math.round(Math.sqrt(points));
  return Number.isInteger(w) && w >= 1 && w <= MAX_SIDE && points % w === 0 && points / w <= MAX_SIDE
    ? w
    : null;
}

/** The result to store: `analyses.board` compacted when it has the engine's shape (see above). */
export function compactResult<T>(report: T): T {
  const board = boardOf(report);
  if (!isObject(board) || keysOf(board) !== BOARD_KEYS) return report;
  const b = board as unknown as BoardResult;
  if (!Array.isArray(b.stones) || !Array.isArray(b.liberties) || !Array.isArray(b.chains)) return report;
  const width = widthOf(report as Record<string, Json>, b.stones.length);
  if (width === null || b.stones.length === 0) return report;
  let text = '';
  for (let i = 0; i < b.stones.length; i++) {
    const s = b.stones[i];
    if (i > 0 && i % width === 0) text += '/';
    text += s === 1 ? 'X' : s === -1 ? 'O' : s === 0 ? '.' : '?';
  }
  if (text.includes('?')) return report;
  // Liberties and chains follow from the stones (expandBoard; board-result.test.ts compares it
  // with the engine's own result over many positions): not checked here, on every job.
  const compact: CompactBoard = { stones: text, captures: b.captures, ko: b.ko, toPlay: b.toPlay };
  return withBoard(report as Record<string, Json>, compact) as T;
}

/**
 * The result as the engine made it: a stored compact `analyses.board` expanded (see above); a
 * compacted report (compact-report.ts) with its territory maps as arrays.
 */
export function expandResult<T>(stored: T): T {
  // A finished game's move result, compacted (compact-report.ts): it has no board analysis.
  if (isCompactedReport(stored)) return expandCompactReport(stored);
  const board = boardOf(stored);
  if (!isObject(board) || typeof board.stones !== 'string' || keysOf(board) !== COMPACT_KEYS) {
    return stored;
  }
  const expanded = expandBoard(board as unknown as CompactBoard);
  return expanded === null ? stored : (withBoard(stored as Record<string, Json>, expanded) as T);
}

/**
 * The engine's `board` result from its stored form; null when the stones string is malformed.
 * Liberties and chains are the engine's own (`chainsReport` over the board of those stones).
 */
export function expandBoard(c: CompactBoard): BoardResult | null {
  if (!STONE_ROWS.test(c.stones)) return null;
  let board: Board;
  try {
    // Throws BoardFormatError on rows of unequal length or a side outside 2..25.
    board = Board.fromRows(c.stones.split('/'));
  } catch (err) {
    if (err instanceof BoardFormatError) return null;
    throw err;
  }
  const { stones, liberties, chains } = chainsReport(board);
  return { stones, liberties, chains, captures: c.captures, ko: c.ko, toPlay: c.toPlay };
}
