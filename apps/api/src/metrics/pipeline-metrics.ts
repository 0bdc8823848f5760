import type { LatencySeries } from '@moyo/persistence';

/** Bucket bounds (seconds) of the submit-to-completion histogram: 10 ms to 10 min. */
export const LATENCY_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 600];

function labels(pairs: Record<string, string>): string {
  const body = Object.entries(pairs)
    .map(([k, v]) => `${k}="${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
    .join(',');
  return `{${body}}`;
}

/**
 * Prometheus text for `moyo_job_latency_seconds`, a histogram of submit-to-finish time per kind and
 * final status. Built from the jobs table's cumulative counts (not observed in this process), so it
 * is the same on every api replica and survives restarts. Pure.
 */
export function latencyHistogramText(series: LatencySeries[], bounds: number[] = LATENCY_BUCKETS): string {
  const lines = [
    '# HELP moyo_job_latency_seconds Submit-to-finish time of completed and failed jobs (from the jobs table).',
    '# TYPE moyo_job_latency_seconds histogram',
  ];
  for (const s of series) {
    const base = { kind: s.kind, status: s.status };
    bounds.forEach((le, i) => {
      lines.push(
        `moyo_job_latency_seconds_bucket${labels({ ...base, le: String(le) })} ${s.buckets[i] ?? 0}`,
      );
    });
    lines.push(`moyo_job_latency_seconds_bucket${labels({ ...base, le: '+Inf' })} ${s.count}`);
    lines.push(`moyo_job_latency_seconds_sum${labels(base)} ${s.sumSeconds}`);
    lines.push(`moyo_job_latency_seconds_count${labels(base)} ${s.count}`);
  }
  return lines.join('\n') + '\n';
}

/** Prometheus text for a counter with one label, from totals read elsewhere. Pure. */
export function counterText(
  name: string,
  help: string,
  label: string,
  rows: { key: string; count: number }[],
): string {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} counter`];
  for (const r of rows) lines.push(`${name}${labels({ [label]: r.key })} ${r.count}`);
  return lines.join('\n') + '\n';
}
