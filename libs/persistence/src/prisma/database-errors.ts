/**
 * Telling "PostgreSQL is unreachable right now" apart from every other database error, whichever
 * layer threw it: `pg` itself (socket errors, SQLSTATE class 08 and 57P0x, "Connection
 * terminated"), Prisma's driver adapter (P1001 and friends, with the `pg` error inside) or the
 * pool's connect timeout. Such errors are worth retrying once the database is back; anything else
 * (a constraint, bad SQL) is not.
 */

/**
 * Prisma codes for an unreachable or lost database connection. P2028 (transaction API error) is
 * what an internal transaction reports when its connection dies under it ("Transaction already
 * closed"), or when no connection frees up in time.
 */
const PRISMA_UNAVAILABLE = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028', 'P2037']);
/** Node socket errors. */
const SOCKET_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
/**
 * SQLSTATEs: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or
 * shutting down), 53300 too_many_connections; class 08 is "connection exception".
 */
const SQLSTATE_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGE_UNAVAILABLE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Can't reach database server|Server has closed the connection|the database system is (starting up|shutting down|in recovery mode)|terminating connection|Client has encountered a connection error|Cannot use a pool after calling end/i;

interface ErrorLike {
  code?: unknown;
  originalCode?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
}

/** True when `err` (or an error it wraps) says PostgreSQL cannot be reached or dropped the connection. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (err === null || typeof err !== 'object' || depth > 5) return false;
  const e = err as ErrorLike;
  for (const code of [e.code, e.originalCode]) {
    if (typeof code !== 'string') continue;
    if (PRISMA_UNAVAILABLE.has(code) || SOCKET_UNAVAILABLE.has(code) || SQLSTATE_UNAVAILABLE.has(code))
      return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof e.message === 'string' && MESSAGE_UNAVAILABLE.test(e.message)) return true;
  return (
    isDatabaseUnavailable(e.cause, depth + 1) || isDatabaseUnavailable(e.meta?.driverAdapterError, depth + 1)
  );
}
