import { formatLead, type MoveAnalysis } from '../analysis';
import type { Step, Timeline } from '../timeline';

interface Props {
  timeline: Timeline;
  move: number;
  step: Step | undefined;
  analysis: MoveAnalysis | null;
}

function stepState(step: Step | undefined, t: Timeline): { state: string; text: string } {
  if (!step) {
    const only = t.source === 'job' ? [...t.steps.keys()][0] : undefined;
    if (only !== undefined)
      return { state: 'none', text: `Not analysed: this job analyses move ${only} only.` };
    return t.live
      ? { state: 'pending', text: 'Not analysed yet.' }
      : { state: 'none', text: 'Not analysed.' };
  }
  switch (step.status) {
    case 'completed':
      return { state: 'analysed', text: '' };
    case 'queued':
    case 'running':
    case null:
      return { state: 'pending', text: `Not analysed yet (${step.status ?? 'waiting'}).` };
    case 'failed':
      return { state: 'failed', text: `Analysis failed: ${step.error ?? 'see the job'}` };
    default:
      return { state: 'none', text: 'Analysis cancelled.' };
  }
}

/** The shown move's facts: whose move, the stored score with its interval, dead stones, best moves. */
export function MovePanel({ timeline, move, step, analysis }: Props) {
  const played = move > 0 ? timeline.moves[move - 1] : undefined;
  const { state, text } = stepState(step, timeline);
  return (
    <section class="move-panel" data-move={move} data-state={state} aria-live="polite">
      <div class="move-title">
        <strong>Move {move}</strong>
        {played && (
          <span class={`chip chip-${played[0]}`}>
            {played[0] === 'B' ? 'Black' : 'White'} {played[1]}
          </span>
        )}
        {step?.jobId && (
          <code class="job-id" title="analysis job">
            {step.jobId}
          </code>
        )}
      </div>
      {analysis ? (
        <dl>
          <dt>Score</dt>
          <dd class="score" data-score={analysis.scoreLead ?? ''}>
            {analysis.scoreLead === null ? 'not in this analysis' : formatLead(analysis.scoreLead)}
            {analysis.lower !== null && analysis.upper !== null && (
              <span class="interval">
                {' '}
                (between {formatLead(analysis.lower)} and {formatLead(analysis.upper)})
              </span>
            )}
          </dd>
          <dt>Dead</dt>
          <dd class="dead">
            {analysis.deadNames.length === 0
              ? 'none'
              : `${analysis.deadNames.length}: ${analysis.deadNames.slice(0, 12).join(' ')}${analysis.deadNames.length > 12 ? ' ...' : ''}`}
          </dd>
          {analysis.topMoves.length > 0 && (
            <>
              <dt>Best</dt>
              <dd class="best">
                {analysis.topMoves
                  .slice(0, 3)
                  .map((m) => `${m.name} ${m.value.toFixed(1)}`)
                  .join(', ')}
              </dd>
            </>
          )}
        </dl>
      ) : (
        <p class={`not-analysed state-${state}`}>{text}</p>
      )}
    </section>
  );
}
