/**
 * Influence-map throughput on 19x19: maps per second and median microseconds per map for the three
 * Bouzy presets and the Freihofner map, plus one full junction ranking (2 maps per empty point).
 *
 * Run: `npx tsx bench/maps.ts` (or `npm run bench:maps`). Reuses one mapper and one output array per
 * series, as a worker loop would.
 */
import {
  BOUZY_PRESETS,
  BouzyMapper,
  FreihofnerMapper,
  Board,
  JunctionEvaluator,
  type BouzyPreset,
} from '@moyo/engine';
import { MIDDLE_GAME_ROWS } from './support/middle-game';

/** Times `run` for about `ms` milliseconds in batches; returns maps/s and the median µs per call. */
function measure(run: () => void, ms = 1500, warmup = 50): { perSecond: number; medianMicros: number } {
  for (let i = 0; i < warmup; i++) run(); // warm up the JIT
  const samples: number[] = [];
  const start = performance.now();
  let calls = 0;
  while (performance.now() - start < ms) {
    const t0 = performance.now();
    run();
    samples.push((performance.now() - t0) * 1000);
    calls++;
  }
  const elapsed = performance.now() - start;
  samples.sort((a, b) => a - b);
  return { perSecond: (calls / elapsed) * 1000, medianMicros: samples[samples.length >> 1] };
}

const { geo, colors } = Board.fromRows([...MIDDLE_GAME_ROWS]);
const out = new Int32Array(geo.arraySize);
const stones = [...geo.points].filter((p) => colors[p] !== 0).length;
console.log(`19x19 middle game, ${stones} stones, node ${process.version}`);
console.log(
  'map                    maps/s   median µs   (maps/s at median: 1e6 / median, less sensitive to a busy machine)',
);

const bouzy = new BouzyMapper(geo);
for (const preset of Object.keys(BOUZY_PRESETS) as BouzyPreset[]) {
  const params = BOUZY_PRESETS[preset];
  const r = measure(() => bouzy.compute(colors, params, undefined, out));
  console.log(
    `bouzy ${preset} ${params.dilations}/${params.erosions}`.padEnd(20),
    r.perSecond.toFixed(0).padStart(9),
    r.medianMicros.toFixed(1).padStart(11),
    (1e6 / r.medianMicros).toFixed(0).padStart(11),
  );
}

const freihofner = new FreihofnerMapper(geo);
const rf = measure(() => freihofner.compute(colors, out));
console.log(
  'freihofner'.padEnd(20),
  rf.perSecond.toFixed(0).padStart(9),
  rf.medianMicros.toFixed(1).padStart(11),
  (1e6 / rf.medianMicros).toFixed(0).padStart(11),
);

const junctions = new JunctionEvaluator(geo);
const candidate = new Uint8Array(geo.arraySize);
const rj = measure(() => junctions.compute(colors, 16, out, candidate), 3000, 3);
console.log(
  'junctions D_16 (all)'.padEnd(20),
  rj.perSecond.toFixed(2).padStart(9),
  rj.medianMicros.toFixed(0).padStart(11),
  (1e6 / rj.medianMicros).toFixed(2).padStart(11),
);
