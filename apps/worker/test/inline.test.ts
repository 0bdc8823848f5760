import { describe, expect, it } from 'vitest';
import { preparePosition, runPosition, type PositionTask } from '../src/engine/engine-tasks';
import { prepareInline, runInline, runsInline } from '../src/engine/inline';
import { cheapJobs } from '../../../test/e2e/support/workload';

const withoutTimings = (r: { timings: unknown }) => ({ ...r, timings: undefined });

describe('analyses run inline (engine/inline.ts)', () => {
  it('gives the report of the engine thread, from one replay, with no cache key (a quick run)', () => {
    for (const job of cheapJobs(12, 'inline', 5, ['board'])) {
      if (job.kind !== 'position') throw new Error('position jobs only');
      const task: PositionTask = { input: job.input, analyses: job.analyses, options: {} };
      expect(runsInline(task)).toBe(true);
      const prepared = prepareInline(task);
      expect(prepared).toMatchObject({ cacheKey: null, quick: true });
      expect(prepared.moveNumber).toBe(preparePosition(task).moveNumber);
      expect(withoutTimings(runInline(task, prepared.position))).toEqual(withoutTimings(runPosition(task)));
    }
  });

  it('keeps everything else, and malformed lists, on the engine threads', () => {
    const input = cheapJobs(1, 'x', 1)[0].input;
    const task = (analyses: unknown) => ({ input, analyses, options: {} }) as PositionTask;
    expect(runsInline(task(['board', 'territory']))).toBe(false);
    expect(runsInline(task(['freihofner']))).toBe(false);
    expect(runsInline(task([]))).toBe(false);
    expect(runsInline(task('board'))).toBe(false);
  });
});
