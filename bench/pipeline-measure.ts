/**
 * How bench/pipeline.ts measures a scenario: the load's throughput and latencies, the CPU of the
 * apps, the scratch database's PostgreSQL backends and Redis meanwhile, the Moyo processes' time on
 * and waiting for a core, and PostgreSQL's WAL per job.
 */
import { readFileSync } from 'node:fs';
import type { RunningApp } from '../test/browser/stack';
import { cpuBetween, cpuSnapshot, quantile, type LoadResult } from './support/pipeline-load';
import { walPerJob, type WalPerJob, type WalSnapshot } from './pipeline-wal';
import type { Measured } from './pipeline-report';

/** Where measured() finds the servers' processes and WAL counters: bench/pipeline.ts sets them. */
export const probes = {
  /** The run's Redis server processes (pipelineServices). */
  redisPids: (): number[] => [],
  /** PostgreSQL backends serving the scratch database (not other users of the server). */
  backendPids: (): Promise<number[]> => Promise.resolve([]),
  /** The server's WAL counters (pg_stat_wal). */
  walNow: (): Promise<WalSnapshot | null> => Promise.resolve(null),
};

/** A thread's time on a core and time runnable but waiting for one, in ns (/proc/<pid>/schedstat). */
function schedstat(pid: number): [number, number] {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
    return [run, wait];
  } catch {
    return [NaN, NaN];
  }
}

/** Every scenario measured, in order: the report's rows. */
export const results: Measured[] = [];
const round1 = (x: number) => Math.round(x * 10) / 10;

function summarise(
  scenario: string,
  r: LoadResult,
  cpu: Record<string, number>,
  sched: Record<string, { run: number; wait: number }>,
  wal: WalPerJob | null,
  submit: boolean,
): Measured {
  const m: Measured = {
    scenario,
    jobs: r.latencies.length,
    seconds: Math.round(r.seconds * 100) / 100,
    jobsPerSecond: round1(r.latencies.length / r.seconds),
    p50: round1(quantile(r.latencies, 0.5)),
    p99: round1(quantile(r.latencies, 0.99)),
    cpu,
    sched,
    wal,
  };
  if (submit) {
    m.submitP50 = round1(quantile(r.submitLatencies, 0.5));
    m.submitP99 = round1(quantile(r.submitLatencies, 0.99));
  }
  results.push(m);
  const cores = Object.entries(cpu)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  process.stdout.write(
    `  ${scenario}: ${m.jobsPerSecond} jobs/s` +
      (submit ? `, submit p50/p99 ${m.submitP50}/${m.submitP99} ms` : '') +
      ` (cores: ${cores})\n`,
  );
  return m;
}

/** Runs a load and counts the CPU of `groups`, of the scratch database's backends and of Redis meanwhile. */
export async function measured(
  scenario: string,
  groups: Record<string, RunningApp[]>,
  load: () => Promise<LoadResult>,
  submit = false,
): Promise<Measured> {
  // The client: this process (the HTTP calls or Queue.adds, and the completion events it reads).
  const pids: Record<string, number[]> = { client: [process.pid] };
  for (const [k, apps] of Object.entries(groups)) pids[k] = apps.map((a) => a.child.pid ?? -1);
  const servers = async () => ({ postgres: await probes.backendPids(), redis: probes.redisPids() });
  const before = await servers();
  const all = (g: Record<string, number[]>) => Object.values(g).flat();
  const a = cpuSnapshot([...all(pids), ...all(before)]);
  const moyoGroups = Object.entries(pids).filter(([k]) => k === 'api' || k === 'worker');
  const sched0 = moyoGroups.map(([, ps]) => ps.map(schedstat));
  const wal0 = await probes.walNow();
  const r = await load();
  const wal1 = await probes.walNow();
  const jobs = Math.max(1, r.latencies.length);
  const sched: Record<string, { run: number; wait: number }> = {};
  moyoGroups.forEach(([k, ps], g) => {
    const now = ps.map(schedstat);
    const sum = (f: 0 | 1) => now.reduce((t, x, i) => t + (x[f] - sched0[g][i][f]), 0) / 1e6 / jobs;
    sched[k] = { run: Math.round(sum(0) * 100) / 100, wait: Math.round(sum(1) * 100) / 100 };
  });
  // Backends opened during the load (a pool reconnecting) count from zero.
  const after = await servers();
  const seen = { postgres: [...new Set([...before.postgres, ...after.postgres])], redis: before.redis };
  const b = cpuSnapshot([...all(pids), ...all(seen)]);
  const wal = walPerJob(wal0, wal1, jobs);
  return summarise(scenario, r, cpuBetween(a, b, { ...pids, ...seen }), sched, wal, submit);
}
