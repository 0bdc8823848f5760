/**
 * Diagnoses the middle-game score estimate and dragon statuses against GNU Go 3.8 on the territory
 * fixtures (libs/engine/test/territory/fixtures): agreement figures on the tuning half (even
 * middle-game record index) and the held-out half (odd), the worst records (our lead beside
 * `estimate_score`), and the dragons whose dead/not-dead verdict differs from `dragon_status`.
 *
 * Run: `npx tsx scripts/territory-diagnose.ts [--half even|odd|all] [--worst 15] [--dragons 40]
 *   [--board g19-01:100] [--params '{"groups":{"roomForLife":20}}']`.
 * `--params` takes JSON overrides for `analyzeTerritory`'s `params`, `groups` and `field` options.
 * Only the tuning half's details are printed unless `--half` says otherwise; figures are always
 * printed for both halves. Exit code 2 on a bad argument.
 */
import { BLACK, WHITE } from '../libs/engine/src/board/color';
import { analyzeTerritory, type TerritoryOptions } from '../libs/engine/src/territory';
import {
  fixtureTerritoryOptions,
  loadGames,
  replay,
  vertexPoint,
  type FixtureGame,
  type FixtureRecord,
} from '../libs/engine/test/territory/support/fixtures';

const args = process.argv.slice(2);
function arg(name: string): string | undefined {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
}
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}
const half = arg('--half') ?? 'even';
if (!['even', 'odd', 'all'].includes(half)) fail('--half: must be even, odd or all');
const worstCount = Number(arg('--worst') ?? 15);
const dragonCount = Number(arg('--dragons') ?? 40);
if (!Number.isInteger(worstCount) || worstCount < 0) fail('--worst: must be a non-negative integer');
if (!Number.isInteger(dragonCount) || dragonCount < 0) fail('--dragons: must be a non-negative integer');
let overrides: Pick<TerritoryOptions, 'params' | 'groups' | 'field'> = {};
try {
  overrides = JSON.parse(arg('--params') ?? '{}') as typeof overrides;
} catch {
  fail('--params: must be JSON');
}
const board = arg('--board');

interface MidRow {
  game: FixtureGame;
  record: FixtureRecord;
  index: number;
  /** Black-positive leads. */
  ours: number;
  gnu: number;
  gnuUpper: number;
  gnuLower: number;
  oursUpper: number;
  oursLower: number;
}

interface DragonRow {
  id: string;
  index: number;
  vertex: string;
  gnu: string;
  ours: string;
  color: string;
  stones: number;
  room: number;
  eyes: string;
  connects: boolean;
}

interface Figures {
  records: number;
  sign: number;
  meanError: number;
  /** Mean of ours - GNU Go (Black-positive). */
  bias: number;
  records19: number;
  sign19: number;
  meanError19: number;
  dragons: number;
  dragonAgreement: number;
  dragonsToDead: number;
  deadToAlive: number;
}

const rows: MidRow[] = [];
const dragonRows: DragonRow[] = [];
const dragonTotals = new Map<string, { dragons: number; agree: number }>();
const parityOf = (i: number) => (i % 2 === 0 ? 'even' : 'odd');
let index = 0;
const t0 = performance.now();
for (const game of loadGames()) {
  for (const record of game.records) {
    if (record.end) continue;
    const i = index++;
    const pos = replay(game, record.move);
    const a = analyzeTerritory(pos, { ...fixtureTerritoryOptions(game, pos), ...overrides });
    rows.push({
      game,
      record,
      index: i,
      ours: a.score.lead,
      gnu: -record.estimate.score,
      gnuUpper: -record.estimate.lower,
      gnuLower: -record.estimate.upper,
      oursUpper: a.score.upper,
      oursLower: a.score.lower,
    });
    const totals = dragonTotals.get(parityOf(i)) ?? { dragons: 0, agree: 0 };
    dragonTotals.set(parityOf(i), totals);
    for (const line of record.dragons) {
      const [vertex, status] = line.split(/:?\s+/);
      const gi = a.groups.groupOf[vertexPoint(pos.geo, vertex)];
      const g = gi >= 0 ? a.groups.groups[gi] : undefined;
      const ours = g?.status ?? 'none';
      totals.dragons++;
      if ((status === 'dead') === (ours === 'dead')) {
        totals.agree++;
        continue;
      }
      dragonRows.push({
        id: `${game.id}:${record.move}`,
        index: i,
        vertex,
        gnu: status,
        ours,
        color: g ? (g.color === BLACK ? 'B' : 'W') : '?',
        stones: g?.stones.length ?? 0,
        room: g?.room ?? 0,
        eyes: g ? `${g.eyes.min}-${g.eyes.max}` : '',
        connects: g?.connectsToLife ?? false,
      });
    }
    if (board === `${game.id}:${record.move}`) printBoard(pos, a, record);
  }
}
const elapsed = performance.now() - t0;

function figures(parity: string): Figures {
  const rs = rows.filter((r) => parity === 'all' || parityOf(r.index) === parity);
  const rs19 = rs.filter((r) => r.game.size === 19);
  const sign = (xs: MidRow[]) => xs.filter((r) => Math.sign(r.ours) === Math.sign(r.gnu)).length / xs.length;
  const err = (xs: MidRow[]) => xs.reduce((s, r) => s + Math.abs(r.ours - r.gnu), 0) / xs.length;
  const totals =
    parity === 'all'
      ? [...dragonTotals.values()].reduce((s, t) => ({
          dragons: s.dragons + t.dragons,
          agree: s.agree + t.agree,
        }))
      : dragonTotals.get(parity)!;
  const ds = dragonRows.filter((d) => parity === 'all' || parityOf(d.index) === parity);
  return {
    records: rs.length,
    sign: sign(rs),
    meanError: err(rs),
    bias: rs.reduce((s, r) => s + r.ours - r.gnu, 0) / rs.length,
    records19: rs19.length,
    sign19: sign(rs19),
    meanError19: err(rs19),
    dragons: totals.dragons,
    dragonAgreement: totals.agree / totals.dragons,
    dragonsToDead: ds.filter((d) => d.ours === 'dead').length,
    deadToAlive: ds.filter((d) => d.gnu === 'dead').length,
  };
}

function printBoard(
  pos: ReturnType<typeof replay>,
  a: ReturnType<typeof analyzeTerritory>,
  record: FixtureRecord,
): void {
  const { geo } = pos;
  const cols = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'.slice(0, geo.size);
  console.log(
    `board ${board}: ours ${a.score.lead.toFixed(1)}, GNU Go ${(-record.estimate.score).toFixed(1)}`,
  );
  console.log('   stones (x dead B, o dead W, lower case)          ours ownership/10 | GNU Go -territory/10');
  for (let y = 0; y < geo.size; y++) {
    let s = String(geo.size - y).padStart(2) + ' ';
    let own = '';
    let gnu = '';
    for (let x = 0; x < geo.size; x++) {
      const p = geo.pt(x, y);
      const c = pos.colors[p];
      const dead = (c === BLACK || c === WHITE) && a.groups.safety[p] === 0;
      s += c === BLACK ? (dead ? 'x' : 'X') : c === WHITE ? (dead ? 'o' : 'O') : '.';
      own += fmt(a.ownership[p]);
      gnu += fmt(-record.territory[y * geo.size + x] / 100);
    }
    console.log(`${s}  ${own} | ${gnu}`);
  }
  console.log(`   ${cols}`);
  for (const g of a.groups.groups) {
    if (g.status === 'alive' && g.safety >= 0.95) continue;
    console.log(
      `  group ${g.color === BLACK ? 'B' : 'W'} ${g.stones.length} stones at ${vertexOf(geo.size, g.stones[0], geo)}: ${g.status} safety ${g.safety.toFixed(2)} room ${g.room} eyes ${g.eyes.min}-${g.eyes.max}${g.connectsToLife ? ' connects' : ''}`,
    );
  }
  console.log(`  GNU Go dragons: ${record.dragons.join(', ')}`);
}

function fmt(v: number): string {
  if (Math.abs(v) < 0.05) return '  .';
  const t = Math.round(v * 9);
  return (t > 0 ? '+' + t : String(t)).padStart(3);
}

function vertexOf(size: number, p: number, geo: ReturnType<typeof replay>['geo']): string {
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (geo.pt(x, y) === p) return 'ABCDEFGHJKLMNOPQRSTUVWXYZ'[x] + (size - y);
  }
  return '?';
}

const show = (f: Figures) =>
  `score sign ${(100 * f.sign).toFixed(1)}% of ${f.records}, mean diff ${f.meanError.toFixed(2)} (bias ${f.bias.toFixed(2)})` +
  ` (19x19: ${(100 * f.sign19).toFixed(1)}% of ${f.records19}, ${f.meanError19.toFixed(2)});` +
  ` dragons ${(100 * f.dragonAgreement).toFixed(1)}% of ${f.dragons}` +
  ` (we say dead, GNU Go not: ${f.dragonsToDead}; GNU Go dead, we not: ${f.deadToAlive})`;
console.log(`analysed ${rows.length} middle-game records in ${(elapsed / 1000).toFixed(1)} s`);
for (const parity of ['even', 'odd', 'all']) console.log(`${parity.padEnd(4)}: ${show(figures(parity))}`);

const mine = rows.filter((r) => half === 'all' || parityOf(r.index) === half);
console.log(`\nworst ${half} records (Black-positive leads; GNU Go upper/lower from estimate_score):`);
for (const r of [...mine]
  .sort((a, b) => Math.abs(b.ours - b.gnu) - Math.abs(a.ours - a.gnu))
  .slice(0, worstCount)) {
  console.log(
    `  ${`${r.game.id}:${r.record.move}`.padEnd(11)} ours ${r.ours.toFixed(1).padStart(6)} [${r.oursLower.toFixed(1)}, ${r.oursUpper.toFixed(1)}]` +
      `  GNU Go ${r.gnu.toFixed(1).padStart(6)} [${r.gnuLower.toFixed(1)}, ${r.gnuUpper.toFixed(1)}]  diff ${(r.ours - r.gnu).toFixed(1)}`,
  );
}
console.log(`\ndragons (${half}) whose dead/not-dead verdict differs from dragon_status:`);
for (const d of dragonRows
  .filter((x) => half === 'all' || parityOf(x.index) === half)
  .slice(0, dragonCount)) {
  console.log(
    `  ${d.id.padEnd(11)} ${d.vertex.padEnd(4)} ${d.color} GNU Go ${d.gnu.padEnd(8)} ours ${d.ours.padEnd(8)} stones ${String(d.stones).padStart(2)} room ${String(d.room).padStart(3)} eyes ${d.eyes}${d.connects ? ' connects' : ''}`,
  );
}
