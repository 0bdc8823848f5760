import { BatchRepository, JobRepository } from '@moyo/persistence';
import { beforeAll, describe, expect, it } from 'vitest';
import { PositionNormalizer } from '../src/positions/normalizer/position-normalizer';
import { useApi } from './support/api-harness';
import { heaviestTurns, longGame } from './support/long-game';
import { loopRecorder, pingUntil } from './support/loop-recorder';
import { listenOnLoopback } from '../../../test/support/listen';

/**
 * The heaviest analyzeTurns request the api takes (2000 moves, 500 turns, 250,000 moves in all)
 * must leave the event loop free: /healthz, asked one request after another over real HTTP while
 * the request is processed, answers inside each phase of it. Ordering only, no clock: with the
 * game replayed on the loop, or the 500 job ids computed in one go, no answer can land inside that
 * phase.
 */
describe('one analyzeTurns request of 2000 moves does not hold the event loop', () => {
  const api = useApi();
  let key: string;
  let base: string;

  beforeAll(async () => {
    base = await listenOnLoopback(api.app);
    key = (await api.newTenant('loop')).key;
  });

  it.each([
    [
      'moves',
      (g: ReturnType<typeof longGame>) => ({ moves: g.moves, boardXSize: 19, komi: 7.5, rules: 'chinese' }),
    ],
    ['sgf', (g: ReturnType<typeof longGame>) => ({ sgf: g.sgf })],
  ])(
    'as %s: /healthz answers while the game is read, while the 500 ids are made and while they are stored',
    async (kind, fields) => {
      const game = longGame(2000, kind === 'moves' ? 11 : 12);
      const body = JSON.stringify({ ...fields(game), analyzeTurns: heaviestTurns(), analyses: ['board'] });
      const rec = loopRecorder();
      const restore = [
        rec.wrap(api.app.get(PositionNormalizer), 'normalize', 'read'),
        rec.wrap(api.app.get(BatchRepository), 'createIfAbsent', 'batch'),
        rec.wrap(api.app.get(JobRepository), 'createManyIfAbsent', 'insert'),
      ];
      try {
        let done = false;
        const submitted = fetch(`${base}/v1/positions`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body,
        }).then(async (res) => {
          rec.events.push('post:end');
          done = true;
          return { status: res.status, body: (await res.json()) as { jobIds?: string[] } };
        });
        await pingUntil(base, rec.events, () => done);
        const answer = await submitted;
        expect(answer.status).toBe(202);
        expect(answer.body.jobIds).toHaveLength(500);
        // The game's replay (zod, SGF, 2000 legal moves) runs on the request thread.
        expect(rec.healthzBetween('read:start', 'read:end')).toBeGreaterThan(0);
        // The 500 ids (250,000 moves hashed) are made in slices before the batch row is written.
        expect(rec.healthzBetween('read:end', 'batch:start')).toBeGreaterThan(0);
        // The rows go in several inserts, and /healthz answers between them and the queue adds.
        expect(rec.events.filter((e) => e === 'insert:start').length).toBeGreaterThan(1);
        expect(rec.healthzBetween('insert:start', 'post:end')).toBeGreaterThan(0);
      } finally {
        for (const undo of restore) undo();
      }
    },
  );
  it('a large body read on the thread is refused as in place: 422 naming the field', async () => {
    const game = longGame(400, 13);
    const post = (body: unknown) =>
      fetch(`${base}/v1/positions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { field?: string } }));
    const moves = game.moves.map((m, i) => (i === 350 ? [m[0], game.moves[349][1]] : m));
    const illegal = await post({ moves, boardXSize: 19, rules: 'chinese' });
    expect(illegal.status).toBe(422);
    expect(illegal.body.field).toBe('moves[350]');
    const badSgf = await post({ sgf: game.sgf.replace(';B[', ';B[zz]X[') });
    expect(badSgf.status).toBe(422);
    expect(badSgf.body.field).toBe('sgf');
    const webhook = await post({ sgf: game.sgf, webhookUrl: 'http://127.0.0.1/hook' });
    expect(webhook.status).toBe(422);
    expect(webhook.body.field).toBe('webhookUrl');
  });
});
