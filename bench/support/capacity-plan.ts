/**
 * bench:capacity's report: the measured costs per job, then the plan they give for a load of
 * `games` live games at one move every `moveSeconds` per game (linear: every cost measured is
 * per job, and the jobs are independent but for the shared stores, whose limits are named).
 */

/** What one run measured over its window. */
export interface Measured {
  /** Jobs completed in the window (moves and each game's final job). */
  jobs: number;
  wallSeconds: number;
  /** CPU seconds used in the window. */
  cpu: { workers: number; ingest: number; api: number; redis: number; postgres: number };
  redisCalls: Map<string, number>;
  redisNetBytes: number;
  redisMemory: number;
  pg: {
    commits: number;
    tupInserted: number;
    tupUpdated: number;
    walBytes: number;
    databaseBytes: number;
    tables: Map<string, { ins: number; upd: number }>;
  };
}

/** Utilisation planned for a worker or ingest core (room for bursts). */
const CORE_UTILISATION = 0.7;
/** Share of one core a Redis master is planned at (single-threaded: keep latency flat). */
const REDIS_CORE_SHARE = 0.5;
/** Queue wait KEDA's listLength aims at: the backlog one pod clears in this many seconds. */
const TARGET_WAIT_S = 2;
/** Days results are kept (RESULT_RETENTION_DAYS default). */
const RETENTION_DAYS = 30;

const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);
const mb = (b: number) => (b / 1e6).toFixed(2);

export interface Plan {
  jobsPerSecond: number;
  workerPods: number;
  ingestReplicas: number;
  redisCores: number;
  redisMasters: number;
  redisOpsPerSecond: number;
  pgCores: number;
  pgCommitsPerSecond: number;
  pgRowsPerSecond: number;
  pgWalMBPerSecond: number;
  pgGBPerDay: number;
  pgGBRetained: number;
  kedaListLength: number;
}

/** The plan for `games` live games at one move every `moveSeconds` per game. */
export function planFor(m: Measured, games: number, moveSeconds: number): Plan {
  const rate = games / moveSeconds;
  const per = (x: number) => x / m.jobs;
  const calls = [...m.redisCalls.values()].reduce((a, b) => a + b, 0);
  const podRate = CORE_UTILISATION / per(m.cpu.workers);
  const redisCores = rate * per(m.cpu.redis);
  const dayBytes = rate * 86_400 * per(m.pg.databaseBytes);
  return {
    jobsPerSecond: rate,
    workerPods: Math.ceil(rate / podRate) + 1,
    ingestReplicas: Math.max(2, Math.ceil((rate * per(m.cpu.ingest)) / CORE_UTILISATION)),
    redisCores,
    redisMasters: Math.max(1, Math.ceil(redisCores / REDIS_CORE_SHARE)),
    redisOpsPerSecond: rate * per(calls),
    pgCores: rate * per(m.cpu.postgres),
    pgCommitsPerSecond: rate * per(m.pg.commits),
    pgRowsPerSecond: rate * per(m.pg.tupInserted + m.pg.tupUpdated),
    pgWalMBPerSecond: (rate * per(m.pg.walBytes)) / 1e6,
    pgGBPerDay: dayBytes / 1e9,
    pgGBRetained: (dayBytes * RETENTION_DAYS) / 1e9,
    kedaListLength: Math.max(1, Math.round(podRate * TARGET_WAIT_S)),
  };
}

export function printPlan(m: Measured, games: number, moveSeconds: number): void {
  const per = (x: number) => x / m.jobs;
  const ms = (s: number) => f2(per(s) * 1000);
  const cpu = m.cpu;
  const total = cpu.workers + cpu.ingest + cpu.api + cpu.redis + cpu.postgres;
  console.log(`\nper job (${m.jobs} jobs, ${f1(m.jobs / m.wallSeconds)} jobs/s over the window):`);
  console.log(
    `  CPU ms: workers ${ms(cpu.workers)}, ingest ${ms(cpu.ingest)}, api ${ms(cpu.api)}, ` +
      `Redis ${ms(cpu.redis)}, PostgreSQL ${ms(cpu.postgres)}; all ${ms(total)}`,
  );
  const calls = [...m.redisCalls.entries()].sort((a, b) => b[1] - a[1]);
  const allCalls = calls.reduce((a, [, n]) => a + n, 0);
  console.log(
    `  Redis: ${f1(per(allCalls))} commands (${calls
      .slice(0, 8)
      .map(([c, n]) => `${c} ${f1(per(n))}`)
      .join(
        ', ',
      )}), ${Math.round(per(m.redisNetBytes))} network bytes; used_memory at the end ${mb(m.redisMemory)} MB`,
  );
  const tables = [...m.pg.tables.entries()].sort((a, b) => b[1].ins + b[1].upd - a[1].ins - a[1].upd);
  console.log(
    `  PostgreSQL: ${f2(per(m.pg.commits))} commits, ${f2(per(m.pg.tupInserted))} rows inserted and ` +
      `${f2(per(m.pg.tupUpdated))} updated (${tables
        .map(([t, v]) => `${t} +${f2(per(v.ins))}/~${f2(per(v.upd))}`)
        .join(
          ', ',
        )}), ${Math.round(per(m.pg.walBytes))} WAL bytes, database +${Math.round(per(m.pg.databaseBytes))} bytes`,
  );
  const scenarios: [string, number, number][] = [
    ['given', games, moveSeconds],
    ['given x2 (peak)', games * 2, moveSeconds],
  ];
  console.log(
    `\nplan (worker and ingest cores at ${CORE_UTILISATION * 100}%, a Redis master at ${REDIS_CORE_SHARE * 100}% of a core, ` +
      `retention ${RETENTION_DAYS} days; linear in the job rate):`,
  );
  console.log(
    '  scenario               games  move/s-game  jobs/s  worker pods  ingest  Redis cores  masters  Redis ops/s  ' +
      'PG cores  PG commits/s  PG rows/s  WAL MB/s  PG GB/day  PG GB kept',
  );
  for (const [label, g, t] of scenarios) {
    const p = planFor(m, g, t);
    console.log(
      `  ${label.padEnd(20)} ${String(g).padStart(7)} ${`1/${t}s`.padStart(12)} ${f1(p.jobsPerSecond).padStart(7)} ` +
        `${String(p.workerPods).padStart(12)} ${String(p.ingestReplicas).padStart(7)} ${f2(p.redisCores).padStart(12)} ` +
        `${String(p.redisMasters).padStart(8)} ${Math.round(p.redisOpsPerSecond).toString().padStart(12)} ` +
        `${f2(p.pgCores).padStart(9)} ${Math.round(p.pgCommitsPerSecond).toString().padStart(13)} ` +
        `${Math.round(p.pgRowsPerSecond).toString().padStart(10)} ${f2(p.pgWalMBPerSecond).padStart(9)} ` +
        `${f1(p.pgGBPerDay).padStart(10)} ${f1(p.pgGBRetained).padStart(11)}`,
    );
  }
  const peak = planFor(m, games * 2, moveSeconds);
  console.log(
    `\nKEDA (worker ScaledObject): listLength ${peak.kedaListLength} (a pod's ${f1(CORE_UTILISATION / per(cpu.workers))} jobs/s ` +
      `x ${TARGET_WAIT_S} s of backlog), maxReplicaCount >= ${peak.workerPods} (the peak row), activationListLength 1`,
  );
}
