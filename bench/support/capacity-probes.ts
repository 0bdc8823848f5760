/**
 * What bench:capacity reads before and after its measured window: CPU seconds of processes (from
 * /proc, Linux), Redis's INFO (commandstats, CPU, memory) and PostgreSQL's statistics (one
 * private cluster, so everything in it is the bench's own).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import type { Client } from 'pg';

const TICKS = 100; // USER_HZ: clock ticks per second of /proc/<pid>/stat on Linux

/** Fields of /proc/<pid>/stat after the command name: [state, ppid, ..., utime (index 11), stime, cutime, cstime]. */
function statFields(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU seconds a process used (user + system), with its reaped children when `children`. */
export function processCpuSeconds(pid: number, children = false): number {
  const f = statFields(pid);
  if (!f) return 0;
  const ticks = Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
  return ticks / TICKS;
}

/**
 * CPU seconds of a process tree rooted at `root` (e.g. the postmaster): the root with its reaped
 * children, plus its live children. A child that exits between two readings moves its time from
 * the second term to the first, so the total only grows.
 */
export function treeCpuSeconds(root: number): number {
  let total = processCpuSeconds(root, true);
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === root) continue;
    const f = statFields(pid);
    if (f && Number(f[1]) === root) total += processCpuSeconds(pid);
  }
  return total;
}

/** The parent pid of `pid` (0 when unknown). */
export function parentPid(pid: number): number {
  const f = statFields(pid);
  return f ? Number(f[1]) : 0;
}

export interface RedisSample {
  /** calls per command (INFO commandstats). */
  calls: Map<string, number>;
  cpuSeconds: number;
  usedMemory: number;
  netInput: number;
  netOutput: number;
}

export async function sampleRedis(redis: Redis): Promise<RedisSample> {
  const calls = new Map<string, number>();
  for (const m of (await redis.info('commandstats')).matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) {
    calls.set(m[1], Number(m[2]));
  }
  const info = await redis.info();
  const num = (key: string) => Number(new RegExp(`^${key}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  return {
    calls,
    cpuSeconds: num('used_cpu_sys') + num('used_cpu_user'),
    usedMemory: num('used_memory'),
    netInput: num('total_net_input_bytes'),
    netOutput: num('total_net_output_bytes'),
  };
}

export interface PgSample {
  commits: number;
  tupInserted: number;
  tupUpdated: number;
  tupDeleted: number;
  /** Bytes of WAL written so far (pg_current_wal_lsn). */
  walBytes: number;
  databaseBytes: number;
  /** Inserts and updates per table, a partitioned table's partitions summed under its name. */
  tables: Map<string, { ins: number; upd: number }>;
}

export async function samplePg(db: Client, database: string): Promise<PgSample> {
  // Statistics are sent by backends at transaction end, at most every 1 s (PG 15: shared memory,
  // flushed at idle): a forced flush makes this backend's view current for the others' too.
  await db.query('SELECT pg_stat_clear_snapshot()');
  const [d] = (
    await db.query(
      `SELECT xact_commit::text AS commits, tup_inserted::text AS ins, tup_updated::text AS upd,
              tup_deleted::text AS del, pg_database_size(datname)::text AS bytes,
              pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS wal
         FROM pg_stat_database WHERE datname = $1`,
      [database],
    )
  ).rows as { commits: string; ins: string; upd: string; del: string; bytes: string; wal: string }[];
  const tables = new Map<string, { ins: number; upd: number }>();
  const rows = (
    await db.query(
      `SELECT COALESCE(p.relname, t.relname) AS name, sum(t.n_tup_ins)::text AS ins, sum(t.n_tup_upd)::text AS upd
         FROM pg_stat_user_tables t
         LEFT JOIN pg_inherits i ON i.inhrelid = t.relid LEFT JOIN pg_class p ON p.oid = i.inhparent
        GROUP BY 1`,
    )
  ).rows as { name: string; ins: string; upd: string }[];
  for (const r of rows) tables.set(r.name, { ins: Number(r.ins), upd: Number(r.upd) });
  return {
    commits: Number(d.commits),
    tupInserted: Number(d.ins),
    tupUpdated: Number(d.upd),
    tupDeleted: Number(d.del),
    walBytes: Number(d.wal),
    databaseBytes: Number(d.bytes),
    tables,
  };
}
