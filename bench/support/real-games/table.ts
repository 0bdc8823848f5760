import type { SideSummary, SliceSummary } from './metrics';

const f = (v: number | undefined, digits = 1): string =>
  v === undefined || !Number.isFinite(v) ? '-' : v.toFixed(digits);
const pct = (v: number | undefined): string =>
  v === undefined || !Number.isFinite(v) ? '-' : (100 * v).toFixed(1);

function pair(m: SideSummary | null, g: SideSummary | null, pick: (s: SideSummary) => string, w = 7): string {
  const cell = (s: SideSummary | null) => (s ? pick(s) : '-').padStart(w);
  return `${cell(m)}${cell(g)}`;
}

/**
 * The accuracy table: one row per slice, Moyo's figure then GNU Go's in each column group.
 * `dead alive` is the count of stones called dead that are alive when the game is counted, then
 * the share of positions with any; `within 2` (estimate_score) and `final_score 2` (final_score
 * within 2 points) are shown for final positions.
 */
export function accuracyTable(summaries: Record<string, SliceSummary>): string {
  const head1 =
    `${'slice'.padEnd(24)}${'pos'.padStart(5)} |` +
    ` ${'winner %'.padEnd(13)}| ${'MAE'.padEnd(13)}| ${'inside %'.padEnd(13)}| ${'width'.padEnd(13)}|` +
    ` ${'dead alive'.padEnd(13)}| ${'pos w/ dead %'.padEnd(13)}| ${'on board'.padEnd(13)}| ${'within 2 %'.padEnd(13)}| ${'final_score 2'.padEnd(13)}| even-guess MAE`;
  const sub = '   Moyo  GNUGo';
  const head2 = `${''.padEnd(29)} |${sub}|${sub}|${sub}|${sub}|${sub}|${sub}|${sub}|${sub}|${sub}|`;
  const lines = [head1, head2];
  for (const [name, s] of Object.entries(summaries)) {
    const m = s.moyo;
    const g = s.gnugo;
    const final = name.endsWith('final');
    lines.push(
      `${name.padEnd(24)}${String(s.positions).padStart(5)} |` +
        `${pair(m, g, (x) => pct(x.winner))}|` +
        `${pair(m, g, (x) => f(x.mae))}|` +
        `${pair(m, g, (x) => pct(x.inside))}|` +
        `${pair(m, g, (x) => f(x.meanWidth))}|` +
        `${pair(m, g, (x) => String(x.deadAlive))}|` +
        `${pair(m, g, (x) => pct(x.positionsWithDeadAlive))}|` +
        `${pair(m, g, (x) => String(x.deadOnBoard))}|` +
        `${pair(m, g, (x) => (final ? pct(x.within2) : '-'))}|` +
        `${pair(m, g, (x) => (final ? pct(x.finalScoreWithin2) : '-'))}|` +
        ` ${f(s.evenGuessMae)}`,
    );
  }
  return lines.join('\n');
}

/**
 * Milliseconds per command by slice: estimate_score, and the dead-stone list (final_status_list
 * dead; for GNU Go on middle-game positions, dragon_status plus dragon_stones by default).
 */
export function timingTable(summaries: Record<string, SliceSummary>): string {
  const lines = [
    `${'slice'.padEnd(24)}${'pos'.padStart(5)} | ${'estimate_score ms'.padEnd(31)}| ${'dead stones ms'.padEnd(31)}| mean both, GNU Go / Moyo`,
    `${''.padEnd(29)} | ${'Moyo med/p95'.padEnd(15)}${'GNU Go med/p95'.padEnd(16)}| ${'Moyo med/p95'.padEnd(15)}${'GNU Go med/p95'.padEnd(16)}|`,
  ];
  const mp = (s: SideSummary | null, which: 'estimate' | 'dead') =>
    s
      ? `${f(which === 'estimate' ? s.ms.estimateMedian : s.ms.deadMedian, 2)}/${f(which === 'estimate' ? s.ms.estimateP95 : s.ms.deadP95, 2)}`
      : '-';
  for (const [name, s] of Object.entries(summaries)) {
    const ratio = s.moyo && s.gnugo ? `${f(s.gnugo.ms.meanBoth / s.moyo.ms.meanBoth, 1)}x` : '-';
    lines.push(
      `${name.padEnd(24)}${String(s.positions).padStart(5)} | ${mp(s.moyo, 'estimate').padEnd(15)}${mp(s.gnugo, 'estimate').padEnd(16)}| ` +
        `${mp(s.moyo, 'dead').padEnd(15)}${mp(s.gnugo, 'dead').padEnd(16)}| ${ratio}`,
    );
  }
  return lines.join('\n');
}
