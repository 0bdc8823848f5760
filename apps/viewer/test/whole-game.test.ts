import { describe, expect, it } from 'vitest';
import { compactInputs } from '../../ingest/src/follow/compact-input';
import { expandCompacted, gameIdOf, isCompacted } from '../src/compacted';
import { wholeInputOf, type JsonReader } from '../src/sources/whole-game';
import { positionAt, withInput, emptyTimeline } from '../src/timeline';
import type { JobView, PositionInput } from '../src/types';

const STREAM = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
const STREAM_HEX = STREAM.replace(/-/g, '');

/** A legal 9x9 game of 30 moves from a setup stone, White first. */
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
    ['W', 'E1'], ['B', 'D1'], ['W', 'B8'], ['B', 'C8'], ['W', 'B7'], ['B', 'B6'],
  ],
}; // prettier-ignore

/** Move 20's stored input as the ingest compacts it. */
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

/** A fake api: answers from a table of paths; records the paths asked. */
function reader(answers: Record<string, unknown>): JsonReader & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    json: <T>(path: string) => {
      asked.push(path);
      if (!(path in answers)) return Promise.reject(new Error(`404 ${path}`));
      return Promise.resolve(answers[path] as T);
    },
  };
}

/** Stones on the board after the input's last move, as the viewer draws them. */
function stones(input: PositionInput): string {
  const t = withInput(emptyTimeline('job', 'x'), input);
  const p = positionAt(t, input.moves.length);
  return JSON.stringify(p.board.signMap);
}

describe('viewer: the whole game of a compacted job', () => {
  it('tells compacted inputs apart and finds the game of a job from its id (else its source)', () => {
    expect(isCompacted(COMPACT)).toBe(true);
    expect(COMPACT.omittedMoves).toBe(12);
    expect(isCompacted(WHOLE)).toBe(false);
    expect(gameIdOf({ id: `ogs-77-20-0123456789abcdef-${STREAM_HEX}` })).toBe(STREAM);
    expect(gameIdOf({ id: 'other', options: { source: { ogsGameId: 77, move: 20 } } })).toBe('77');
    expect(gameIdOf({ id: 'position-abc' })).toBeNull();
  });

  it('expands the stored window to the whole game up to its move, the same position', () => {
    const whole = expandCompacted(COMPACT, WHOLE);
    expect(whole?.moves).toEqual(WHOLE.moves.slice(0, 20));
    expect(whole?.initialStones).toEqual(WHOLE.initialStones);
    expect(whole?.initialPlayer).toBe('W');
    expect(stones(whole!)).toBe(stones(COMPACT));
    // Not that game: other moves at the window, or too short.
    const other = { ...WHOLE, moves: WHOLE.moves.map((m, i) => (i === 15 ? (['B', 'J9'] as typeof m) : m)) };
    expect(expandCompacted(COMPACT, other)).toBeNull();
    expect(expandCompacted(COMPACT, { ...WHOLE, moves: WHOLE.moves.slice(0, 19) })).toBeNull();
    expect(expandCompacted(COMPACT, COMPACT)).toBeNull();
  });

  it("reads the whole game from the game's final job (a finished game)", async () => {
    const games = `/v1/games/${STREAM}/analyses`;
    const api = reader({
      [`${games}?sinceMove=999999`]: { lastMove: 30, analyses: [], final: { jobId: 'final-job' } },
      [`${games}?sinceMove=29`]: {
        lastMove: 30,
        analyses: [{ moveNumber: 30, jobId: 'move-30' }],
        final: null,
      },
      '/v1/jobs/final-job': job('final-job', WHOLE),
    });
    const compacted = job(`ogs-77-20-0123456789abcdef-${STREAM_HEX}`, COMPACT);
    const whole = await wholeInputOf(api, { ...compacted, input: COMPACT }, new AbortController().signal);
    expect(whole?.moves).toEqual(WHOLE.moves.slice(0, 20));
    expect(api.asked).toContain('/v1/jobs/final-job');
  });

  it("reads it from the newest move's job while the game is followed, and gives up on a game it cannot find", async () => {
    const games = `/v1/games/${STREAM}/analyses`;
    const newest = { ...WHOLE, moves: WHOLE.moves.slice(0, 28) };
    const api = reader({
      [`${games}?sinceMove=999999`]: { lastMove: 28, analyses: [], final: null },
      [`${games}?sinceMove=27`]: {
        lastMove: 28,
        analyses: [{ moveNumber: 28, jobId: 'move-28' }],
        final: null,
      },
      '/v1/jobs/move-28': job('move-28', newest),
    });
    const compacted = job(`ogs-77-20-0123456789abcdef-${STREAM_HEX}`, COMPACT);
    const signal = new AbortController().signal;
    expect((await wholeInputOf(api, { ...compacted, input: COMPACT }, signal))?.moves).toEqual(
      WHOLE.moves.slice(0, 20),
    );
    const unknown = job('position-1', COMPACT);
    expect(await wholeInputOf(reader({}), { ...unknown, input: COMPACT }, signal)).toBeNull();
  });
});
