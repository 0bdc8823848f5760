/**
 * Eye-graph benchmark and agreement run: our `analyzeEyeGraph` beside GNU Go 3.8's
 * `analyze_eyegraph` on the same shapes in the same run: the fixture shapes, seeded random shapes of
 * 1 to 14 points (GNU Go reads at most 17 vertices, its 3 special ones included), and ours alone on
 * 15 to 17 points (random ones and a fixed set of hard ones). Prints per size the median and worst
 * time of each, our reader nodes and nodes/s, and how many answers (value and marked diagram) agree
 * exactly; then, on the shapes GNU Go answered, our median and the CPU time of both summed per size,
 * and their ratio; last, one line of those ratios per set and size (`ratios ...`, for comparing runs).
 *
 * Run: `npm run bench:eyes` (= `npx tsx bench/eyes.ts [--per-size 20] [--large 2] [--seed N]
 * [--warmup 300] [--repeat 1] [--sizes N-M] [--reader dist|bundle|src] [--no-gnugo] [--no-fixture] [--no-hard]`; `--no-hard` skips
 * the hard 15-17-vertex edge and corner shapes, which take about 40 s). `--repeat N` reads every shape
 * N times on both sides, alternating (GNU Go asked the same analyze_eyegraph N times in its process,
 * ours N times; GNU Go allocates and clears its result table at every call, so it keeps nothing from
 * one to the next, nor do we), so short totals stand further above the machine's noise; times are
 * then per reading (each side's N readings / N). `--sizes` reads only shapes of those sizes.
 * `--reader` picks how our reader's modules are loaded (support/eye-reader.ts): `dist`, the build's
 * CommonJS output the workers run (the default; build first), `bundle` or `src`; it moves our times
 * by 10-20 %. Times: ours is CPU time of this process
 * (`process.cpuUsage`, microseconds; its GC and compiler threads included); GNU Go's CPU time is its
 * process's run time from /proc/PID/schedstat (nanoseconds; the 10 ms ticks of /proc/PID/stat only
 * where schedstat is missing), taken around each shape's commands, so its start-up is not counted.
 * GNU Go's per-shape wall times are GTP round trips less the round trip of an empty command.
 */
import { GnuGoGtp, gnugoAvailable } from '../libs/engine/test/eyes/support/gnugo';
import { randomEyeGraph, seededRandom } from '../libs/engine/test/eyes/support/random-graphs';
import fixture from '../libs/engine/test/eyes/fixtures/gnugo-eyegraphs.json';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { integerOption } from './support/args';
import { loadEyeReader, type EyeReaderKind } from './support/eye-reader';

const args = process.argv.slice(2);
/** How our reader is loaded (see support/eye-reader.ts): the build's output by default. */
const readerKind = ((): EyeReaderKind => {
  const i = args.indexOf('--reader');
  const kind = i < 0 ? 'dist' : args[i + 1];
  if (kind !== 'dist' && kind !== 'bundle' && kind !== 'src') {
    process.stderr.write('bench:eyes: --reader must be dist, bundle or src\n');
    process.exit(2);
  }
  return kind;
})();
const {
  analyzeEyeGraph,
  EyeGraphBudgetError,
  EyeGraphError,
  EyeGraphUnrealizableError,
  formatEyeGraphAnswer,
} = loadEyeReader(readerKind);
const perSize = integerOption('bench:eyes', '--per-size', 20, 0);
const large = integerOption('bench:eyes', '--large', 2, 0);
const seed = integerOption('bench:eyes', '--seed', 2026, 0);
/** Shapes read before measuring (their own seed), so the JIT's start-up is not billed to the first. */
const warmup = integerOption('bench:eyes', '--warmup', 300, 0);
/** Readings of each shape on each side (the same number for both). */
const repeat = integerOption('bench:eyes', '--repeat', 1);
/** `--sizes 8-10` (or `--sizes 9`): read only shapes of these sizes (the same shapes are drawn). */
const sizes = ((): [number, number] => {
  const i = args.indexOf('--sizes');
  if (i < 0) return [0, Infinity];
  const m = /^(\d+)(?:-(\d+))?$/.exec(args[i + 1] ?? '');
  if (!m) {
    process.stderr.write('bench:eyes: --sizes must be N or N-M\n');
    process.exit(2);
  }
  return [Number(m[1]), Number(m[2] ?? m[1])];
})();
const useGnugo = !args.includes('--no-gnugo') && gnugoAvailable();
const useFixture = !args.includes('--no-fixture');
/** GNU Go 3.8 asserts on more than 17 vertices (graph points + 3 of its own). */
const GNUGO_MAX_POINTS = 14;

/** Hard shapes beyond GNU Go's reach (see the engine README): attacker stones at an edge or corner. */
const HARD_SHAPES = [
  '..!..X..%.X.....!%-----------------',
  '|.X!OO%|..X.!%|O...O%|OOXOO%+-----',
  '.X......%.......!%---------',
  '|.X.!..%|.....%|X..X.%+------',
  '!.....X.%..X.....%---------',
];

interface Row {
  graph: string;
  points: number;
  oursMs: number;
  nodes: number;
  ours: string;
  gnugoMs?: number;
  /** GNU Go's CPU time for one reading of this shape (from /proc, its N readings / N). */
  gnugoCpuMs?: number;
  gnugo?: string;
  crashed?: boolean;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const worst = (xs: number[]): number => (xs.length === 0 ? NaN : Math.max(...xs));
const ms = (x: number): string => (Number.isNaN(x) ? '-' : x < 10 ? x.toFixed(2) : x.toFixed(0));
const cpuMs = (since: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

/** Our answer in GNU Go's GTP form, with CPU time and reader nodes. */
function ours(graph: string): { answer: string; ms: number; nodes: number } {
  const t0 = process.cpuUsage();
  try {
    const a = analyzeEyeGraph(graph);
    return { answer: '= ' + formatEyeGraphAnswer(a), ms: cpuMs(t0), nodes: a.nodes };
  } catch (e) {
    const ms = cpuMs(t0);
    if (e instanceof EyeGraphUnrealizableError) return { answer: '? failed to analyze', ms, nodes: 0 };
    if (e instanceof EyeGraphBudgetError) return { answer: '? budget', ms, nodes: e.nodes };
    if (e instanceof EyeGraphError) return { answer: '? too large', ms, nodes: 0 };
    throw e;
  }
}

const pointsOf = (graph: string): number => graph.replace(/[^.!X$]/g, '').length;

/**
 * CPU time of a single-threaded process in ms: its run time from /proc/PID/schedstat (nanoseconds),
 * or user + system from /proc/PID/stat (10 ms ticks) where schedstat is missing; NaN where unreadable.
 */
function processCpuMs(pid: number | undefined): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    // no schedstat (kernel without CONFIG_SCHED_INFO): the stat file's ticks
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

class GnuGo {
  /** CPU ms of earlier (aborted) GNU Go processes, spent on analyze_eyegraph. */
  private finishedCpu = 0;
  /** CPU ms of the current process at its first analyze_eyegraph (start-up excluded), and now. */
  private startCpu = NaN;
  private lastCpu = NaN;

  /** GNU Go's own CPU time (ms) over all analyze_eyegraph commands so far. */
  get cpuMs(): number {
    return this.finishedCpu + (Number.isNaN(this.lastCpu) ? 0 : this.lastCpu - this.startCpu);
  }
  private gtp = new GnuGoGtp();
  private overheadMs = 0;

  /** Measures the GTP round trip of a command that does nothing. */
  async calibrate(): Promise<number> {
    const trips: number[] = [];
    for (let k = 0; k < 50; k++) {
      const t0 = performance.now();
      await this.gtp.command('name');
      trips.push(performance.now() - t0);
    }
    this.overheadMs = median(trips);
    return this.overheadMs;
  }

  /** GNU Go's answer and time, or null when it aborted (it then restarts). */
  async analyze(graph: string): Promise<{ answer: string; ms: number; cpuMs: number } | null> {
    const t0 = performance.now();
    if (Number.isNaN(this.startCpu)) this.startCpu = processCpuMs(this.gtp.pid);
    const cpu0 = processCpuMs(this.gtp.pid);
    try {
      const answer = await this.gtp.command(`analyze_eyegraph ${graph}`);
      this.lastCpu = processCpuMs(this.gtp.pid);
      return {
        answer,
        ms: Math.max(0, performance.now() - t0 - this.overheadMs),
        cpuMs: this.lastCpu - cpu0,
      };
    } catch {
      this.finishedCpu = this.cpuMs;
      this.startCpu = NaN;
      this.lastCpu = NaN;
      this.gtp = new GnuGoGtp();
      // Its start-up done before ours reads on, not beside it on this machine's two cores.
      await this.gtp.command('name');
      return null;
    }
  }

  close(): Promise<void> {
    return this.gtp.close();
  }
}

async function run(graphs: string[], gnugo: GnuGo | null): Promise<Row[]> {
  const rows: Row[] = [];
  for (const graph of graphs) {
    const points = pointsOf(graph);
    if (points < sizes[0] || points > sizes[1]) continue;
    const compare = gnugo !== null && points <= GNUGO_MAX_POINTS;
    // GNU Go first: a shape it aborts on is not compared, so ours reads it once only. The N
    // readings alternate (GNU Go, ours, GNU Go, ...), so a burst of the machine's load falls on both.
    const g = compare ? await gnugo.analyze(graph) : undefined;
    let o = ours(graph);
    const row: Row = { graph, points, oursMs: o.ms, nodes: o.nodes, ours: o.answer };
    if (g) {
      let gnugoMs = g.ms;
      let gnugoCpuMs = g.cpuMs;
      for (let k = 1; k < repeat; k++) {
        const again = await gnugo!.analyze(graph);
        if (again?.answer !== g.answer) throw new Error(`GNU Go answered ${graph} two ways`);
        gnugoMs += again.ms;
        gnugoCpuMs += again.cpuMs;
        o = ours(graph);
        if (o.answer !== row.ours) throw new Error(`ours answered ${graph} two ways`);
        row.oursMs += o.ms;
      }
      row.oursMs /= repeat;
      row.gnugo = g.answer;
      row.gnugoMs = gnugoMs / repeat;
      row.gnugoCpuMs = gnugoCpuMs / repeat;
    } else if (g === null) row.crashed = true;
    else if (!compare) {
      for (let k = 1; k < repeat; k++) row.oursMs += ours(graph).ms;
      row.oursMs /= repeat;
    }
    rows.push(row);
  }
  return rows;
}

/** CPU summed over shapes both answered, ours / GNU Go's, and their ratio (GNU Go's in 10 ms ticks). */
function cpuRatio(rows: Row[]): string {
  const oursCpu = rows.reduce((a, r) => a + r.oursMs, 0);
  const gnugoCpu = rows.reduce((a, r) => a + (r.gnugoCpuMs ?? 0), 0);
  return `${oursCpu.toFixed(0)} / ${gnugoCpu.toFixed(0)} ms${gnugoCpu > 0 ? ` = ${(oursCpu / gnugoCpu).toFixed(2)}x` : ''}`;
}

/** Per set and size, CPU ours / GNU Go on the shapes both answered (the closing `ratios` line). */
const ratios: string[] = [];

function report(
  title: string,
  rows: Row[],
  gnugoCpuMs = NaN,
  set = '',
): { agree: number; compared: number } {
  console.log(`\n${title}`);
  console.log(
    '  points  shapes  unreal.  over budget   ours median / worst ms   nodes median   GNU Go median / worst ms   agree' +
      '   same shapes: ours median ms, CPU ours / GNU Go',
  );
  let agree = 0;
  let compared = 0;
  const sizes = [...new Set(rows.map((r) => r.points))].sort((a, b) => a - b);
  for (const size of sizes) {
    const rs = rows.filter((r) => r.points === size);
    const cmp = rs.filter((r) => r.gnugo !== undefined);
    const same = cmp.filter((r) => r.gnugo === r.ours).length;
    const crashed = rs.filter((r) => r.crashed).length;
    agree += same;
    compared += cmp.length;
    const g = cmp.map((r) => r.gnugoMs!);
    const gnugoCpu = cmp.reduce((a, r) => a + (r.gnugoCpuMs ?? 0), 0);
    if (set && gnugoCpu > 0)
      ratios.push(`${set}${size}=${(cmp.reduce((a, r) => a + r.oursMs, 0) / gnugoCpu).toFixed(3)}`);
    console.log(
      `  ${String(size).padStart(6)}  ${String(rs.length).padStart(6)}  ${String(
        rs.filter((r) => r.ours === '? failed to analyze').length,
      ).padStart(
        7,
      )}  ${String(rs.filter((r) => r.ours === '? budget').length).padStart(11)}   ${ms(median(rs.map((r) => r.oursMs))).padStart(9)} / ${ms(
        worst(rs.map((r) => r.oursMs)),
      ).padStart(
        8,
      )}   ${String(median(rs.map((r) => r.nodes))).padStart(12)}   ${ms(median(g)).padStart(11)} / ${ms(
        worst(g),
      ).padStart(
        8,
      )}   ${cmp.length > 0 ? `${same}/${cmp.length}` : '-'}${crashed > 0 ? ` (GNU Go aborted on ${crashed})` : ''}` +
        (cmp.length > 0 ? `   ${ms(median(cmp.map((r) => r.oursMs)))}, ${cpuRatio(cmp)}` : ''),
    );
  }
  const nodes = rows.reduce((a, r) => a + r.nodes, 0);
  const cpu = rows.reduce((a, r) => a + r.oursMs, 0);
  console.log(
    `  total: ours ${(cpu / 1000).toFixed(1)} s CPU, ${nodes} nodes, ${Math.round(nodes / (cpu / 1000))} nodes/s` +
      (compared > 0
        ? `; GNU Go ${(rows.reduce((a, r) => a + (r.gnugoMs ?? 0), 0) / 1000).toFixed(1)} s round trips, ${(
            gnugoCpuMs / 1000
          ).toFixed(1)} s CPU (ours on those same shapes ${(
            rows.filter((r) => r.gnugo !== undefined).reduce((a, r) => a + r.oursMs, 0) / 1000
          ).toFixed(1)} s CPU); agreement ${agree}/${compared} = ${((100 * agree) / compared).toFixed(1)}%`
        : ''),
  );
  for (const r of rows.filter((x) => x.gnugo !== undefined && x.gnugo !== x.ours).slice(0, 10)) {
    console.log(
      `  DIFFERS ${r.graph}\n    GNU Go ${JSON.stringify(r.gnugo)}\n    ours   ${JSON.stringify(r.ours)}`,
    );
  }
  return { agree, compared };
}

/** Fewer marginal points on bigger shapes, or most of them could not be realised. */
const randomRates = (size: number) => ({
  margin: Math.min(0.15, 1 / size),
  stone: 0.1,
  marginStone: Math.min(0.03, 0.2 / size),
});

async function main(): Promise<void> {
  const gnugo = useGnugo ? new GnuGo() : null;
  // Warm-up: a long-lived process (the api's workers) reads with compiled code; GNU Go's start-up
  // is left out too (its CPU is counted from its first analyze_eyegraph). Shapes of every size drawn
  // as the measured ones are (another seed; at most 20,000 nodes each): a reading that first takes
  // a path the warm-up never took (stray White stones, big exact keys, a captured static chain)
  // deoptimises the reader's hot functions, and the next few readings run several times slower
  // while V8 compiles them again: a cost a long-lived process pays once, not on every shape.
  const warm = seededRandom(seed + 1);
  const w0 = process.cpuUsage();
  for (let k = 0; k < warmup; k++) {
    const size = 1 + (k % 12);
    try {
      analyzeEyeGraph(randomEyeGraph(warm, size, randomRates(size)), { budget: 20_000 });
    } catch {
      // unrealisable or over the warm-up's budget
    }
  }
  const warmupMs = cpuMs(w0);
  console.log(
    `eyes bench: reader ${readerKind}, seed ${seed}, ${perSize} random shapes per size 1..${GNUGO_MAX_POINTS}, ${large} per size 15..17; GNU Go ${
      gnugo ? `on (GTP round trip ${ms(await gnugo.calibrate())} ms subtracted)` : 'skipped'
    }; warm-up ${warmup} other shapes of 1-12 points first (${ms(warmupMs)} ms CPU, not counted); each shape read ${repeat} time${
      repeat === 1 ? '' : 's'
    } a side, times per reading; load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  try {
    if (useFixture) {
      const graphs = fixture.shapes.map((s) => s.graph);
      const before = gnugo?.cpuMs ?? NaN;
      const rows = await run(graphs, gnugo);
      report(
        `fixture (${graphs.length} shapes, GNU Go answers recorded and re-asked live)`,
        rows,
        ((gnugo?.cpuMs ?? NaN) - before) / repeat,
        'f',
      );
    }
    const random = seededRandom(seed);
    const graphs: string[] = [];
    for (let size = 1; size <= GNUGO_MAX_POINTS; size++) {
      for (let k = 0; k < perSize; k++) graphs.push(randomEyeGraph(random, size, randomRates(size)));
    }
    const before = gnugo?.cpuMs ?? NaN;
    const rows = await run(graphs, gnugo);
    report(
      `random shapes of 1..${GNUGO_MAX_POINTS} points`,
      rows,
      ((gnugo?.cpuMs ?? NaN) - before) / repeat,
      'r',
    );
    const big: string[] = [];
    for (let size = 15; size <= 17; size++) {
      const rates = { margin: 1 / size, stone: 0.1, marginStone: 0 };
      for (let k = 0; k < large; k++) big.push(randomEyeGraph(random, size, rates));
    }
    if (big.length > 0)
      report('random shapes of 15..17 points (ours only: beyond GNU Go 3.8)', await run(big, null));
    if (!args.includes('--no-hard')) {
      // 15-17 points with attacker stones against an edge or in a corner: the hardest we know.
      const hardRows = await run(HARD_SHAPES, null);
      report('hard edge/corner shapes of 15..17 vertices (ours only)', hardRows);
      for (const r of hardRows) {
        console.log(
          `  ${r.graph.padEnd(36)} ${r.ours.split('\n')[0].padEnd(9)} ${r.nodes} nodes ${ms(r.oursMs)} ms`,
        );
      }
    }
  } finally {
    await gnugo?.close();
  }
  // f8 = fixture shapes of 8 points, r12 = random shapes of 12 points: CPU ours / GNU Go.
  if (ratios.length > 0) console.log(`\nratios ${ratios.join(' ')}`);
  console.log(`load at the end ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
