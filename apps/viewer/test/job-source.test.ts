import { describe, expect, it } from 'vitest';
import { compactInputs } from '../../ingest/src/follow/compact-input';
import { openJob } from '../src/sources/job';
import type { JobApi } from '../src/sources/whole-game';
import { positionAt, type Timeline } from '../src/timeline';
import type { JobView, PositionInput } from '../src/types';

const STREAM = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
const JOB_ID = `ogs-77-20-0123456789abcdef-${STREAM.replace(/-/g, '')}`;

/** A legal 9x9 game of 24 moves from a setup stone, White first. */
const WHOLE: PositionInput = {
  boardXSize: 9,
  boardYSize: 9,
  komi: 6.5,
  rules: 'japanese',
  initialStones: [['B', 'A1']],
  initialPlayer: 'W',
  moves: [
    ['W', 'E5'], ['B', 'C3'], ['W', 'G7'], ['B', 'C7'], ['W', 'G3'], ['B', 'E7'], ['W', 'E3'], ['B', 'C5'],
    ['W', 'G5'], ['B', 'D4'], ['W', 'F6'], ['B', 'D5'], ['W', 'F4'], ['B', 'E4'], ['W', 'F5'], ['B', 'D6'],
    ['W', 'E6'], ['B', 'D7'], ['W', 'F7'], ['B', 'E8'], ['W', 'F8'], ['B', 'D3'], ['W', 'E2'], ['B', 'D2'],
  ],
}; // prettier-ignore
const COMPACT = compactInputs(WHOLE, [20]).get(20) as PositionInput;

function job(id: string, input: PositionInput): JobView {
  return {
    id,
    kind: 'position',
    status: 'completed',
    progress: 100,
    batchId: null,
    input,
    result: null,
    error: null,
  };
}

/** Opens the compacted job with a fake api answering from `answers`; the first finished timeline. */
function open(answers: Record<string, unknown>): Promise<Timeline> {
  const api: JobApi = {
    headers: () => ({}),
    json: <T>(path: string) =>
      path in answers ? Promise.resolve(answers[path] as T) : Promise.reject(new Error(`404 ${path}`)),
  };
  return new Promise((resolve, reject) => {
    const source = openJob(api, JOB_ID, {
      update: (t) => {
        if (!t.live) {
          source.close();
          resolve(t);
        }
      },
      error: reject,
    });
  });
}

/** The stones after the timeline's last move. */
const stones = (t: Timeline) => JSON.stringify(positionAt(t, t.moves.length).board.signMap);

describe('viewer: a compacted job opened by id', () => {
  const games = `/v1/games/${STREAM}/analyses`;

  it('shows the whole game up to its move, read from the finished game’s final job', async () => {
    const t = await open({
      [`/v1/jobs/${JOB_ID}`]: job(JOB_ID, COMPACT),
      [`${games}?sinceMove=999999`]: { lastMove: 24, analyses: [], final: { jobId: 'final' } },
      [`${games}?sinceMove=23`]: { lastMove: 24, analyses: [], final: { jobId: 'final' } },
      '/v1/jobs/final': job('final', WHOLE),
    });
    expect(t.moves).toEqual(WHOLE.moves.slice(0, 20));
    expect(t.initialStones).toEqual([['B', 'A1']]);
    expect([...t.steps.keys()]).toEqual([20]);
    expect(t.steps.get(20)?.jobId).toBe(JOB_ID);
    expect(t.note).toBe('job completed: analyses move 20');
    // The same position as the stored window shows.
    const window = await open({ [`/v1/jobs/${JOB_ID}`]: job(JOB_ID, COMPACT) });
    expect(stones(t)).toBe(stones(window));
  });

  it('shows the stored moves only, and says so, when the game cannot be read', async () => {
    const t = await open({ [`/v1/jobs/${JOB_ID}`]: job(JOB_ID, COMPACT) });
    expect(t.moves).toEqual(WHOLE.moves.slice(12, 20));
    expect([...t.steps.keys()]).toEqual([8]);
    expect(t.note).toBe('job completed: analyses move 20 (only its last 8 moves are stored: game not found)');
  });
});
