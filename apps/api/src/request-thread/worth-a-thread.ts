/**
 * Requests at least this large are read on the request thread: a 2000-move game held the event
 * loop 30-90 ms (POST /v1/positions: SGF parse, replay, zod) or 2-4 ms (a KataGo query: parse and
 * replay); a game of 300 moves costs ~2 ms, less than a thread's messaging saves.
 */
export const THREAD_MIN_MOVES = 300;
/** An `sgf` of this many characters is about 300 moves. */
export const THREAD_MIN_SGF_CHARS = 2000;
/** A KataGo query line of this many characters (`["B","Q16"],` per move) is about 250 moves. */
export const THREAD_MIN_TEXT_CHARS = 3000;

/**
 * True when a request body (POST /v1/positions, or a KataGo query object) is large enough to be
 * read off the event loop: THREAD_MIN_MOVES moves and setup stones, or a long `sgf`. Pure.
 */
export function worthAThread(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  if (count(b.moves) + count(b.initialStones) >= THREAD_MIN_MOVES) return true;
  return typeof b.sgf === 'string' && b.sgf.length >= THREAD_MIN_SGF_CHARS;
}
