import type { MoveAnalysis } from '../analysis';
import { formatLead } from '../analysis';

interface Props {
  /** Move number -> that move's analysis (only analysed moves). */
  points: { move: number; a: MoveAnalysis }[];
  lastMove: number;
  current: number;
  onJump(move: number): void;
}

const W = 600;
const H = 150;
const PAD_X = 30;
const PAD_Y = 10;

/**
 * Score lead per analysed move (+ = Black, above the middle line) with the score analysis'
 * lower..upper band, the current move marked. Click or tap anywhere to jump to that move.
 */
export function ScoreGraph({ points, lastMove, current, onJump }: Props) {
  const span = Math.max(1, lastMove);
  const values = points.flatMap(({ a }) => [a.scoreLead ?? 0, a.lower ?? 0, a.upper ?? 0]);
  const bound = Math.max(5, ...values.map(Math.abs));
  const x = (m: number) => PAD_X + ((W - 2 * PAD_X) * m) / span;
  const y = (v: number) => H / 2 - ((H / 2 - PAD_Y) * v) / bound;
  const scored = points.filter((p) => p.a.scoreLead !== null);
  const banded = scored.filter((p) => p.a.lower !== null && p.a.upper !== null);
  const band =
    banded.length > 1
      ? banded.map((p) => `${x(p.move)},${y(p.a.upper as number)}`).join(' ') +
        ' ' +
        [...banded]
          .reverse()
          .map((p) => `${x(p.move)},${y(p.a.lower as number)}`)
          .join(' ')
      : '';
  const line = scored.map((p) => `${x(p.move)},${y(p.a.scoreLead as number)}`).join(' ');
  const here = points.find((p) => p.move === current)?.a.scoreLead ?? null;

  const jump = (e: MouseEvent) => {
    const svg = e.currentTarget as SVGSVGElement;
    const r = svg.getBoundingClientRect();
    const px = ((e.clientX - r.left) / r.width) * W;
    const m = Math.round(((px - PAD_X) / (W - 2 * PAD_X)) * span);
    onJump(Math.max(0, Math.min(lastMove, m)));
  };

  return (
    <figure class="graph">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label="score lead per move; click to jump to a move"
        onClick={jump}
      >
        <rect class="graph-bg" x={0} y={0} width={W} height={H} />
        <rect class="graph-black" x={PAD_X} y={PAD_Y} width={W - 2 * PAD_X} height={H / 2 - PAD_Y} />
        <line class="graph-axis" x1={PAD_X} x2={W - PAD_X} y1={H / 2} y2={H / 2} />
        {band && <polygon class="graph-band" points={band} />}
        {line && <polyline class="graph-line" points={line} />}
        {scored.map((p) => (
          <circle key={p.move} class="graph-dot" cx={x(p.move)} cy={y(p.a.scoreLead as number)} r={2} />
        ))}
        <line class="graph-now" x1={x(current)} x2={x(current)} y1={0} y2={H} />
        <text class="graph-label" x={4} y={PAD_Y + 10}>
          B+{Math.round(bound)}
        </text>
        <text class="graph-label" x={4} y={H - 4}>
          W+{Math.round(bound)}
        </text>
      </svg>
      <figcaption>
        {scored.length === 0
          ? 'No analysed move has a score yet.'
          : `Score lead, ${scored.length} analysed moves${here !== null ? `; move ${current}: ${formatLead(here)}` : ''}. Band: lower to upper bound.`}
      </figcaption>
    </figure>
  );
}
