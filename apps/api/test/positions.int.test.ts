import { QueueName, type AnalyzePositionJob } from '@moyo/contracts';
import { JobRepository } from '@moyo/persistence';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { smallPosition, useApi } from './support/api-harness';

describe('POST /v1/positions, GET/DELETE /v1/jobs, GET /v1/batches against real PostgreSQL and Redis', () => {
  const api = useApi();
  let key: string;
  let positions: Queue;

  beforeAll(async () => {
    key = (await api.newTenant('alice')).key;
    positions = api.app.get<Queue>(getQueueToken(QueueName.Positions), { strict: false });
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    request(api.server)
      .post('/v1/positions')
      .set('Authorization', `Bearer ${key}`)
      .set(headers)
      .send(body as object);

  it('answers 202 with the job id and links; the row is queued and BullMQ holds the same id and payload', async () => {
    const res = await post(smallPosition({ analyses: ['bouzy', 'territory'] }));
    expect(res.status).toBe(202);
    expect(res.body.jobId).toMatch(/^position-[0-9a-f]{40}$/);
    expect(res.body.status).toBe('queued');
    expect(res.body.links.self).toBe(`/v1/jobs/${res.body.jobId}`);
    expect(res.headers.location).toBe(res.body.links.self);

    const queued = await positions.getJob(res.body.jobId);
    expect(queued).toBeDefined();
    const data = queued!.data as AnalyzePositionJob;
    expect(data.name).toBe('analyze-position');
    expect(data.jobId).toBe(res.body.jobId);
    expect(data.analyses).toEqual(['bouzy', 'territory']);
    expect(data.input.moves).toEqual(smallPosition().moves);
    expect(data.input).toMatchObject({ boardXSize: 9, boardYSize: 9, komi: 6.5, rules: 'japanese' });

    const job = await request(api.server).get(res.body.links.self).set('Authorization', `Bearer ${key}`);
    expect(job.status).toBe(200);
    expect(job.body).toMatchObject({
      id: res.body.jobId,
      kind: 'position',
      status: 'queued',
      progress: 0,
      result: null,
    });
  });

  it('normalises vertices and colours, so the same position twice is one job', async () => {
    const a = await post(smallPosition({ analyses: ['bouzy'] }));
    const lower = smallPosition({ analyses: ['bouzy'] });
    lower.moves = lower.moves.map(([c, v]) => [c.toLowerCase(), v.toLowerCase()]);
    const b = await post(lower);
    expect(b.status).toBe(202);
    expect(b.body.jobId).toBe(a.body.jobId);
  });

  it('reads an SGF with moveNumber; the job input holds the moves and the analyzed turn', async () => {
    const sgf = '(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese];B[cc];W[gg];B[cg];W[gc];B[ee])';
    const res = await post({ sgf, moveNumber: 3, analyses: ['freihofner'] });
    expect(res.status).toBe(202);
    const data = (await positions.getJob(res.body.jobId))!.data as AnalyzePositionJob;
    expect(data.input).toMatchObject({ boardXSize: 9, komi: 7, rules: 'chinese', analyzeTurn: 3 });
    expect(data.input.moves).toEqual([
      ['B', 'C7'],
      ['W', 'G3'],
      ['B', 'C3'],
      ['W', 'G7'],
      ['B', 'E5'],
    ]);
  });

  it('keeps handicap stones as initial stones with White to play', async () => {
    const sgf = '(;GM[1]SZ[9]HA[2]AB[cc][gg];W[ee])';
    const res = await post({ sgf, analyses: ['bouzy'] });
    expect(res.status).toBe(202);
    const data = (await positions.getJob(res.body.jobId))!.data as AnalyzePositionJob;
    expect(data.input.initialStones).toEqual(
      expect.arrayContaining([
        ['B', 'C7'],
        ['B', 'G3'],
      ]),
    );
    expect(data.input.initialPlayer).toBe('W');
    expect(data.input.moves).toEqual([['W', 'E5']]);
  });

  it('makes one job per turn of analyzeTurns under one batch, in turn order', async () => {
    const res = await post(smallPosition({ analyzeTurns: [0, 2, 5, 2], analyses: ['bouzy'] }));
    expect(res.status).toBe(202);
    expect(res.body.batchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.jobIds).toHaveLength(3);
    expect(res.body.jobs.map((j: { turn: number }) => j.turn)).toEqual([0, 2, 5]);
    for (const id of res.body.jobIds) expect(await positions.getJob(id)).toBeDefined();

    const batch = await request(api.server).get(res.body.links.self).set('Authorization', `Bearer ${key}`);
    expect(batch.status).toBe(200);
    expect(batch.body).toMatchObject({
      id: res.body.batchId,
      size: 3,
      status: 'queued',
      counts: { queued: 3 },
    });
    expect(batch.body.jobs.map((j: { id: string; turn: number }) => [j.id, j.turn])).toEqual(
      res.body.jobIds.map((id: string, i: number) => [id, [0, 2, 5][i]]),
    );
    const listed = await request(api.server)
      .get(`/v1/jobs?batchId=${res.body.batchId}`)
      .set('Authorization', `Bearer ${key}`);
    expect(listed.body.items.map((j: { id: string }) => j.id).sort()).toEqual([...res.body.jobIds].sort());
  });

  it('cancels a queued job: gone from BullMQ, status cancelled; a second cancel answers the same', async () => {
    const res = await post(smallPosition({ analyses: ['score'] }));
    const id = res.body.jobId;
    const del = await request(api.server).delete(`/v1/jobs/${id}`).set('Authorization', `Bearer ${key}`);
    expect(del.status).toBe(200);
    expect(del.body.status).toBe('cancelled');
    expect(await positions.getJob(id)).toBeUndefined();
    const again = await request(api.server).delete(`/v1/jobs/${id}`).set('Authorization', `Bearer ${key}`);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('cancelled');
    // Submitting it again queues it again, under the same id.
    const resubmitted = await post(smallPosition({ analyses: ['score'] }));
    expect(resubmitted.body).toMatchObject({ jobId: id, status: 'queued' });
    expect(await positions.getJob(id)).toBeDefined();
  });

  it('refuses to cancel a running or completed job with 409', async () => {
    const res = await post(smallPosition({ analyses: ['deadStones'] }));
    const id = res.body.jobId;
    const jobs = api.app.get(JobRepository);
    expect(await jobs.markRunning(id, 1)).toBe(true);
    const running = await request(api.server).delete(`/v1/jobs/${id}`).set('Authorization', `Bearer ${key}`);
    expect(running.status).toBe(409);
    expect(running.body.message).toMatch(/running/);
    await jobs.complete(id, { ok: true }, { engineMs: 1 });
    const completed = await request(api.server)
      .delete(`/v1/jobs/${id}`)
      .set('Authorization', `Bearer ${key}`);
    expect(completed.status).toBe(409);
    const shown = await request(api.server).get(`/v1/jobs/${id}`).set('Authorization', `Bearer ${key}`);
    expect(shown.body).toMatchObject({ status: 'completed', result: { ok: true } });
    expect(shown.body.timings).toMatchObject({ engineMs: 1, totalMs: expect.any(Number) });
  });

  it('lists jobs newest first with cursor pagination and filters', async () => {
    const other = (await api.newTenant('lister')).key;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await request(api.server)
        .post('/v1/positions')
        .set('Authorization', `Bearer ${other}`)
        .send({ boardXSize: 9, moves: [['B', `E${i + 1}`]], analyses: ['bouzy'] });
      ids.push(r.body.jobId);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: request.Response = await request(api.server)
        .get(`/v1/jobs?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        .set('Authorization', `Bearer ${other}`);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((j: { id: string }) => j.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    const none = await request(api.server)
      .get('/v1/jobs?status=completed')
      .set('Authorization', `Bearer ${other}`);
    expect(none.body.items).toEqual([]);
    const bad = await request(api.server).get('/v1/jobs?status=done').set('Authorization', `Bearer ${other}`);
    expect(bad.status).toBe(422);
    expect(bad.body.field).toBe('status');
  });
});
