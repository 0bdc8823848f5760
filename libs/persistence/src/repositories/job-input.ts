/**
 * A position job's input as stored in jobs.input, with its moves compact: `moves`
 * ([["B", "D4"], ["W", "Q16"], ["B", "pass"]]) as one string of the moves' colour and vertex run
 * together, separated by spaces ("BD4 WQ16 Bpass"). As jsonb a move costs about 20 bytes (an
 * array of two strings, each with its header), as text 4; a jobs row is written twice per job (the
 * insert, then the completion writes the whole row again), so a 50-move input stored this way
 * writes ~1.5 kB less WAL per job and keeps ~0.8 kB less per job on disk (measured on PostgreSQL
 * 15: row versions of 1.51 / 1.65 kB -> 0.73 / 0.87 kB for insert / completion).
 *
 * Only where the api asks for it (NewJob.compactMoves), and only when the text gives the moves
 * back exactly: every move a pair of a one-character string and a string without a space.
 * Anything else is stored as it is. Readers in this library put the moves back
 * (`expandInput`), so every consumer gets the input as submitted; a stored `moves` that is a
 * string is the compact form (an input's moves are an array), rows stored before read unchanged.
 */

/** The input with its moves as one string, or the input itself when they cannot be (see above). */
export function compactInput<T>(input: T): T {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  const moves = (input as Record<string, unknown>).moves;
  if (!Array.isArray(moves) || moves.length === 0) return input;
  const tokens = new Array<string>(moves.length);
  for (let i = 0; i < moves.length; i++) {
    const move: unknown = moves[i];
    if (!Array.isArray(move) || move.length !== 2) return input;
    const [colour, vertex] = move as unknown[];
    if (typeof colour !== 'string' || colour.length !== 1 || colour === ' ') return input;
    if (typeof vertex !== 'string' || vertex.includes(' ')) return input;
    tokens[i] = colour + vertex;
  }
  return { ...input, moves: tokens.join(' ') };
}

/** The input as submitted: compact moves (a string) back as [colour, vertex] pairs. */
export function expandInput<T>(stored: T): T {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return stored;
  const moves = (stored as Record<string, unknown>).moves;
  if (typeof moves !== 'string') return stored;
  return { ...stored, moves: moves.split(' ').map((t) => [t[0], t.slice(1)]) };
}

/** A job read through Prisma with its input as submitted (`expandInput`). */
export function withInputExpanded<J extends { input: unknown }>(job: J): J {
  const input = expandInput(job.input);
  return input === job.input ? job : { ...job, input };
}
