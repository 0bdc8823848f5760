/**
 * bench:pipeline's report: the table of its scenarios (rates, latencies, cores), CPU per job per
 * process, the main threads' time on and waiting for a core, PostgreSQL's WAL per job, and the
 * ratios the targets are stated in (Moyo over the bare BullMQ + INSERT peer; two workers over one).
 */
import { JobName } from '@moyo/contracts';
import { describeWal, type WalPerJob } from './pipeline-wal';

/** One scenario's measurements. */
export interface Measured {
  scenario: string;
  jobs: number;
  seconds: number;
  jobsPerSecond: number;
  p50: number;
  p99: number;
  submitP50?: number;
  submitP99?: number;
  /** Cores busy during the scenario: machine, the bench's own process (client), workers, api, PostgreSQL, Redis. */
  cpu: Record<string, number>;
  /**
   * Per group of Moyo's processes (api, worker), their main threads' milliseconds per job on a
   * core (`run`) and runnable but waiting for one (`wait`): /proc/<pid>/schedstat.
   */
  sched: Record<string, { run: number; wait: number }>;
  /** PostgreSQL's WAL per job over the scenario (the whole server's: see pipeline-wal.ts). */
  wal: WalPerJob | null;
}

/** The run's settings the report names. */
export interface ReportSettings {
  concurrency: number;
  inFlight: number;
  turns: number;
  /** Whether PostgreSQL and Redis were the run's own (`--ports`). */
  privateServers: boolean;
}

export function printTable(results: Measured[], run: ReportSettings): void {
  const { concurrency: CONCURRENCY, inFlight: IN_FLIGHT, turns: TURNS, privateServers } = run;
  process.stdout.write(
    `\npipeline benchmark (${new Date().toISOString()}, node ${process.version}, per worker: ` +
      `WORKER_CONCURRENCY=${CONCURRENCY}, WORKER_ENGINE_THREADS=1; job name ${JobName.AnalyzePosition}; ` +
      `cores: CPU in cores over the scenario, machine = all processes, client = this bench process)\n\n`,
  );
  const groups = ['machine', 'client', 'worker', 'api', 'peer', 'postgres', 'redis'];
  const head = ['scenario', 'jobs', 'seconds', 'jobs/s', 'p50 ms', 'p99 ms', 'submit p50/p99', ...groups];
  const rows = results.map((r) => [
    r.scenario,
    String(r.jobs),
    String(r.seconds),
    String(r.jobsPerSecond),
    String(r.p50),
    String(r.p99),
    r.submitP50 === undefined ? '-' : `${r.submitP50}/${r.submitP99}`,
    ...groups.map((g) => (r.cpu[g] === undefined ? '-' : String(r.cpu[g]))),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  process.stdout.write(`${line(head)}\n${rows.map(line).join('\n')}\n\n`);
  // The same CPU per job: what each part costs, whatever else ran on the machine.
  process.stdout.write('CPU ms per job (cores x seconds / jobs):\n');
  for (const r of results) {
    const parts = groups
      .slice(1)
      .filter((g) => r.cpu[g] !== undefined)
      .map((g) => `${g} ${((r.cpu[g] * r.seconds * 1000) / r.jobs).toFixed(2)}`);
    process.stdout.write(`  ${r.scenario.padEnd(widths[0])}  ${parts.join(', ')}\n`);
  }
  // Whether a slow scenario was Moyo's own work or the machine's other work: a main thread that
  // waited for a core longer than it ran was held up by the load, not by its own cost.
  process.stdout.write(
    '\nMain threads, ms per job on a core / waiting for a core (/proc/<pid>/schedstat):\n',
  );
  for (const r of results) {
    const parts = Object.entries(r.sched).map(([g, s]) => `${g} ${s.run.toFixed(2)} / ${s.wait.toFixed(2)}`);
    if (parts.length) process.stdout.write(`  ${r.scenario.padEnd(widths[0])}  ${parts.join(', ')}\n`);
  }
  process.stdout.write('\n');
  // Durable commits wait for their WAL's flush: what each job wrote, and what a flush cost.
  process.stdout.write(
    `PostgreSQL WAL (insert position; flushes from pg_stat_wal, lagging up to ~1 s; the whole server${privateServers ? '' : ', shared'}):\n`,
  );
  for (const r of results) {
    if (r.wal) process.stdout.write(`  ${r.scenario.padEnd(widths[0])}  ${describeWal(r.wal)}\n`);
  }
  process.stdout.write('\n');
  const find = (prefix: string, suffix = '') =>
    results.filter((r) => r.scenario.includes(prefix) && r.scenario.endsWith(suffix));
  const mean = (ms: Measured[]) => ms.reduce((a, m) => a + m.jobsPerSecond, 0) / ms.length;
  const insert = find('bare BullMQ + one INSERT');
  const moyo = find('Moyo over HTTP (board), ' + IN_FLIGHT);
  if (insert.length && moyo.length) {
    process.stdout.write(
      `Moyo over HTTP / bare BullMQ + one INSERT (mean of ${moyo.length} rounds): ` +
        `${(mean(moyo) / mean(insert)).toFixed(2)}x (${mean(moyo).toFixed(0)} / ${mean(insert).toFixed(0)} jobs/s)\n`,
    );
  }
  const turns = find(' turns a call');
  if (insert.length && turns.length) {
    process.stdout.write(
      `Moyo over HTTP, ${TURNS} turns a call / bare BullMQ + one INSERT (mean of ${turns.length} rounds): ` +
        `${(mean(turns) / mean(insert)).toFixed(2)}x (${mean(turns).toFixed(0)} / ${mean(insert).toFixed(0)} jobs/s)\n`,
    );
  }
  const one = find('territory', '1 worker');
  const two = find('territory', '2 workers');
  if (one.length && two.length) {
    const sum = (ms: Measured[], f: (m: Measured) => number) => ms.reduce((a, m) => a + f(m), 0);
    // Jobs per second of worker CPU: what a worker process gets done with the CPU it is given.
    const perCore = (ms: Measured[]) => sum(ms, (m) => m.jobs) / sum(ms, (m) => m.cpu.worker * m.seconds);
    process.stdout.write(
      `territory, 2 workers over 1 (mean of ${one.length} rounds): ${(mean(two) / mean(one)).toFixed(2)}x ` +
        `(${mean(one).toFixed(1)} / ${mean(two).toFixed(1)} jobs/s); worker cores ` +
        `${one.map((m) => m.cpu.worker).join(', ')} / ${two.map((m) => m.cpu.worker).join(', ')} of machine ` +
        `${one.map((m) => m.cpu.machine).join(', ')} / ${two.map((m) => m.cpu.machine).join(', ')}; ` +
        `jobs per worker-core-second ${perCore(one).toFixed(1)} / ${perCore(two).toFixed(1)}\n`,
    );
  }
}
