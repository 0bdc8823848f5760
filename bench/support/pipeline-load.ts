/**
 * Load generation and accounting shared by bench:pipeline's scenarios: submit jobs one call per
 * job (with a number in flight, or at an offered rate), wait for their BullMQ completions, and
 * count the CPU the machine and each process of the scenario spent meanwhile (from /proc).
 */
import type { QueueEvents } from 'bullmq';
import { readdirSync, readFileSync } from 'node:fs';

/** How jobs are offered: `inFlight` calls at a time (saturated), or `perSecond` calls a second. */
export type Pace = { inFlight: number } | { perSecond: number };

export interface LoadResult {
  /** First submission to last completion. */
  seconds: number;
  /** Submission to completion, per job, sorted (ms). */
  latencies: number[];
  /** The submission call alone, per job, sorted (ms). */
  submitLatencies: number[];
}

export const quantile = (sorted: number[], q: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * Calls `submit(i)` for i in [0, count) at `pace` (each resolves with its job's id) and resolves
 * when `events` reported each of those jobs completed (rejects on a failure of one of them).
 */
export async function submitAndWait(
  events: QueueEvents,
  count: number,
  submit: (i: number) => Promise<string>,
  pace: Pace,
): Promise<LoadResult> {
  /** Completions not yet matched with a submission (one can overtake the submitting call). */
  const completedAt = new Map<string, number>();
  /** Submitted jobs waiting for their completion: submission time by id. */
  const pending = new Map<string, number>();
  const latencies: number[] = [];
  const submitLatencies: number[] = [];
  let last = 0;
  let finish: () => void = () => undefined;
  let fail: (err: Error) => void = () => undefined;
  const done = new Promise<void>((resolveDone, reject) => {
    finish = resolveDone;
    fail = reject;
  });
  const record = (t: number, at: number) => {
    last = Math.max(last, at);
    latencies.push(at - t);
    if (latencies.length === count) finish();
  };
  const onCompleted = ({ jobId }: { jobId: string }) => {
    const now = performance.now();
    const t = pending.get(jobId);
    if (t === undefined) completedAt.set(jobId, now);
    else {
      pending.delete(jobId);
      record(t, now);
    }
  };
  const onFailed = ({ jobId, failedReason }: { jobId: string; failedReason: string }) => {
    if (pending.has(jobId)) fail(new Error(`job ${jobId} failed: ${failedReason}`));
  };
  events.on('completed', onCompleted);
  events.on('failed', onFailed);
  const t0 = performance.now();
  const one = async (i: number) => {
    const t = performance.now();
    const id = await submit(i);
    submitLatencies.push(performance.now() - t);
    const at = completedAt.get(id);
    if (at === undefined) pending.set(id, t);
    else {
      completedAt.delete(id);
      record(t, at);
    }
  };
  try {
    if ('inFlight' in pace) {
      let next = 0;
      await Promise.all(
        Array.from({ length: pace.inFlight }, async () => {
          for (let i = next++; i < count; i = next++) await one(i);
        }),
      );
    } else {
      const calls: Promise<void>[] = [];
      for (let i = 0; i < count; i++) {
        const wait = t0 + (i * 1000) / pace.perSecond - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        calls.push(one(i));
      }
      await Promise.all(calls);
    }
    await done;
  } finally {
    events.off('completed', onCompleted);
    events.off('failed', onFailed);
  }
  const byNumber = (a: number, b: number) => a - b;
  return {
    seconds: (last - t0) / 1000,
    latencies: latencies.sort(byNumber),
    submitLatencies: submitLatencies.sort(byNumber),
  };
}

/** CPU jiffies (10 ms) of the whole machine (busy, all cores) and of some processes. */
export interface CpuSnapshot {
  at: number;
  busy: number;
  byPid: Map<number, number>;
}

function processTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return NaN;
  }
}

/** The machine's busy ticks and those of `pids` now. */
export function cpuSnapshot(pids: number[]): CpuSnapshot {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: busy = all but idle and iowait.
  const busy = cpu.slice(0, 8).reduce((a, b) => a + b, 0) - cpu[3] - cpu[4];
  return { at: performance.now(), busy, byPid: new Map(pids.map((p) => [p, processTicks(p)])) };
}

/**
 * CPU between two snapshots in cores (1.0 = one core busy all the time): the machine's, and the
 * sum over the processes named by `groups` (e.g. `{worker: [pid, pid], api: [pid]}`).
 */
export function cpuBetween(
  a: CpuSnapshot,
  b: CpuSnapshot,
  groups: Record<string, number[]>,
): Record<string, number> {
  const seconds = (b.at - a.at) / 1000;
  const cores = (ticks: number) => Math.round((ticks / 100 / seconds) * 100) / 100;
  const out: Record<string, number> = { machine: cores(b.busy - a.busy) };
  for (const [name, pids] of Object.entries(groups)) {
    // A process started meanwhile counts from 0; one that ended meanwhile is not counted.
    const ticks = (p: number) => {
      const end = b.byPid.get(p) ?? NaN;
      const start = a.byPid.get(p) ?? 0;
      return Number.isNaN(end) ? 0 : end - (Number.isNaN(start) ? 0 : start);
    };
    out[name] = cores(pids.reduce((s, p) => s + ticks(p), 0));
  }
  return out;
}

/** Pids of the processes whose command name (`/proc/<pid>/comm`) is one of `names`. */
export function pidsNamed(...names: string[]): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (names.includes(readFileSync(`/proc/${entry}/comm`, 'utf8').trim())) pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}
