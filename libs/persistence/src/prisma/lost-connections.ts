import type { Pool, PoolClient } from 'pg';

/** How long a checked-out connection may stay out after its socket closed before it is taken back. */
export const LOST_CONNECTION_GRACE_MS = 10_000;

/**
 * Takes back pool connections that their holder lost track of. When PostgreSQL goes away in the
 * middle of one of Prisma's internal transactions, the failed COMMIT or ROLLBACK throws before the
 * adapter releases its connection, so the pool counts it as in use for ever: measured, 3 of the
 * api's 10 connections after one 16 s outage, and a process with none left hangs. A connection
 * whose socket has ended and that is still checked out `graceMs` later is released here with an
 * error (pg then discards it). Returns the count of connections currently checked out.
 */
export function reapLostConnections(pool: Pool, graceMs = LOST_CONNECTION_GRACE_MS): () => number {
  const checkedOut = new Set<PoolClient>();
  const watched = new WeakSet<PoolClient>();
  const reapLater = (client: PoolClient) => {
    if (!checkedOut.has(client)) return;
    setTimeout(() => {
      if (!checkedOut.delete(client)) return;
      try {
        client.release(new Error('connection lost while checked out; taken back from its holder'));
      } catch {
        // Released meanwhile after all: nothing to take back.
      }
    }, graceMs).unref();
  };
  pool.on('acquire', (client) => {
    checkedOut.add(client);
    if (watched.has(client)) return;
    watched.add(client);
    client.on('end', () => reapLater(client));
  });
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('remove', (client) => checkedOut.delete(client as PoolClient));
  return () => checkedOut.size;
}
