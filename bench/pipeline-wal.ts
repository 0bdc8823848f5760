/**
 * bench:pipeline's view of PostgreSQL's write-ahead log per scenario (pg_stat_wal): bytes and
 * records written per job, WAL flushes (fsync) per job and how long one took. With durable
 * commits a commit waits for its WAL to reach the disk, so on a disk that flushes slowly the
 * pipeline can be bound by the flushes rather than by CPU: the bare peer writes ~0.2 kB of WAL
 * per job, Moyo ~5 kB (the job row inserted, then written again whole by its completion, its
 * result, the indexes), and on this machine's disk a flush took longer the more it carried.
 *
 * The counts are the whole server's: on a server of the run's own (`--ports`) they are the
 * run's (Moyo's or its peer's, whichever scenario ran); on a shared server others' writes count
 * too. Bytes come from the WAL insert position (exact at any moment); flushes and their time from
 * pg_stat_wal, which backends update at most once a second (and an idle one later still), so over
 * a scenario of a few seconds the flush count per job is approximate and over a 1 s scenario not
 * worth printing; the time per flush is a ratio of two counts that lag together. Flush times need
 * `track_wal_io_timing`, which `enableWalTiming` turns on for a private server only (a
 * server-wide setting).
 */
import type { Pool } from 'pg';

export interface WalSnapshot {
  /** The WAL insert position, in bytes. */
  lsn: number;
  syncs: number;
  /** ms spent in WAL fsyncs (0 unless track_wal_io_timing is on). */
  syncMs: number;
}

/** Per job over a scenario: kB of WAL, flushes, and ms per flush (null: not timed). */
export interface WalPerJob {
  kB: number;
  syncs: number;
  msPerSync: number | null;
}

/** The server's WAL counters now (null when the server has no pg_stat_wal: PostgreSQL < 14). */
export async function walSnapshot(admin: Pool): Promise<WalSnapshot | null> {
  try {
    const { rows } = await admin.query<{ l: string; s: string; t: number }>(
      `SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::text AS l, wal_sync AS s,
              wal_sync_time AS t FROM pg_stat_wal`,
    );
    const w = rows[0];
    return { lsn: Number(w.l), syncs: Number(w.s), syncMs: Number(w.t) };
  } catch {
    return null;
  }
}

/** The WAL written per job between two snapshots. */
export function walPerJob(a: WalSnapshot | null, b: WalSnapshot | null, jobs: number): WalPerJob | null {
  if (!a || !b || jobs <= 0) return null;
  const syncs = b.syncs - a.syncs;
  const timed = b.syncMs - a.syncMs;
  const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
  return {
    kB: round((b.lsn - a.lsn) / 1024 / jobs, 2),
    syncs: round(syncs / jobs, 3),
    msPerSync: syncs > 0 && timed > 0 ? round(timed / syncs, 2) : null,
  };
}

/** Turns on WAL fsync timing (server-wide: for a server of the run's own only). */
export async function enableWalTiming(admin: Pool): Promise<void> {
  await admin.query('ALTER SYSTEM SET track_wal_io_timing = on');
  await admin.query('SELECT pg_reload_conf()');
}

/** One line for the report: `4.95 kB a job; ~0.140 flushes a job, 8.60 ms a flush`. */
export function describeWal(w: WalPerJob): string {
  const timing = w.msPerSync === null ? '' : `, ${w.msPerSync.toFixed(2)} ms a flush`;
  return `${w.kB.toFixed(2)} kB a job; ~${w.syncs.toFixed(3)} flushes a job${timing}`;
}
