import { ANALYSIS_JOB_OPTIONS, JobName, type AnalyzePositionJob } from '@moyo/contracts';
import { ResultCacheRepository } from '@moyo/persistence';
import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { preparePosition } from '../src/engine/engine-tasks';
import { submitEyegraph, submitPosition } from '../../../test/support/job-submission';
import { position } from './support/jobs';
import { waitFor } from './support/webhook-receiver';
import { useWorkerSuite } from './support/worker-suite';

// The webhook deliveries of the same pipeline: webhook-deliveries.int.test.ts.
describe('worker pipeline against real PostgreSQL and Redis', () => {
  const app = useWorkerSuite('pipeline test', {
    // Short retries: 100, 200, 400, 800 ms waits, so five attempts.
    WEBHOOK_BACKOFF_BASE_MS: '100',
    WEBHOOK_RETRY_WINDOW_MS: '1500',
  });
  const { services, receiver, finished } = app;

  it('stores one result and one set of deliveries when a job is processed twice', async () => {
    const id = 'position-twice';
    await submitPosition(app.jobs, app.positions, {
      id,
      tenantId: app.tenantId,
      input: position([
        ['B', 'D4'],
        ['W', 'Q16'],
      ]),
      analyses: ['freihofner'],
      webhookUrl: receiver.url('/twice'),
    });
    // A second queue job for the same jobs row, as after a crash or a duplicate submission.
    const again = (await app.positions.getJob(id))!.data as AnalyzePositionJob;
    await app.positions.add(JobName.AnalyzePosition, again, {
      ...ANALYSIS_JOB_OPTIONS,
      jobId: `${id}-again`,
    });

    const job = await finished(id);
    expect(job.status).toBe('completed');
    await waitFor(
      'the second queue job',
      async () => (await app.positions.getJob(`${id}-again`))?.finishedOn,
    );
    await waitFor(
      'the delivery',
      async () => (await app.deliveries.listForJob(id))[0]?.status === 'delivered',
    );

    expect(await app.results.countResults([id])).toBe(1);
    expect((job.result!.result as { analyses: Record<string, unknown> }).analyses.freihofner).toBeDefined();
    const sent = await app.deliveries.listForJob(id);
    expect(sent).toHaveLength(1);
    expect(sent[0].status).toBe('delivered');
    // Give a duplicate delivery the time it would need to show up; none does.
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.on('/twice')).toHaveLength(1);
  });

  it('answers a position reached by another move order from the result cache', async () => {
    const analyses = ['territory', 'score'];
    await submitPosition(app.jobs, app.positions, {
      id: 'cache-first',
      input: position([
        ['B', 'D4'],
        ['W', 'Q16'],
        ['B', 'Q4'],
      ]),
      analyses,
    });
    const first = await finished('cache-first');
    await submitPosition(app.jobs, app.positions, {
      id: 'cache-second',
      input: position([
        ['B', 'Q4'],
        ['W', 'Q16'],
        ['B', 'D4'],
      ]),
      analyses: [...analyses].reverse(),
    });
    const second = await finished('cache-second');

    expect(first.timings).toMatchObject({ cache: 'miss' });
    expect(second.timings).toMatchObject({ cache: 'hit' });
    const a = first.result!.result as { analyses: unknown; board: { hash: string } };
    const b = second.result!.result as { analyses: unknown; board: { hash: string; moveNumber: number } };
    expect(b.analyses).toEqual(a.analyses);
    expect(b.board.hash).toBe(a.board.hash);
    expect(b.board.moveNumber).toBe(3);

    // One cached result, hit once.
    const { cacheKey } = preparePosition({ input: position([['B', 'D4']]), analyses, options: {} });
    const key = preparePosition({
      input: position([
        ['B', 'D4'],
        ['W', 'Q16'],
        ['B', 'Q4'],
      ]),
      analyses: [...analyses].reverse(),
      options: {},
    }).cacheKey;
    expect(key).not.toBe(cacheKey);
    expect(await app.worker.get(ResultCacheRepository).stats(key)).toMatchObject({ hits: 1 });
  });

  it('fails invalid input at once, without retries, and says which field is wrong', async () => {
    const id = 'position-illegal';
    await submitPosition(app.jobs, app.positions, {
      id,
      tenantId: app.tenantId,
      input: position([
        ['B', 'D4'],
        ['W', 'D4'],
      ]),
      analyses: ['freihofner'],
      webhookUrl: receiver.url('/illegal'),
    });
    const job = await finished(id);
    expect(job.status).toBe('failed');
    expect(job.attempts).toBe(1);
    expect(job.error).toMatchObject({ kind: 'invalid-input' });
    expect((job.error as { message: string }).message).toMatch(/^moves\[1\]: .*occupied/);
    const queued = await app.positions.getJob(id);
    expect(await queued!.getState()).toBe('failed');
    expect(queued!.attemptsMade).toBe(1);
    expect(queued!.opts.attempts).toBeGreaterThan(1);

    // The job.failed event reaches the job's webhook URL.
    await waitFor('the failure webhook', () => receiver.on('/illegal').length === 1);
    const hook = receiver.on('/illegal')[0];
    expect(hook.headers['moyo-event']).toBe('job.failed');
    expect(JSON.parse(hook.body)).toMatchObject({ id, status: 'failed', error: { kind: 'invalid-input' } });
  });

  it('retries a transient failure with backoff and stores the result once', async () => {
    // The database refuses the first two completions of this job (a sequence is not rolled back).
    const db = new Client({ connectionString: services().databaseUrl });
    await db.connect();
    try {
      await db.query(`
        CREATE SEQUENCE transient_failures;
        CREATE FUNCTION fail_twice() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.id = 'position-transient' AND NEW.status = 'completed' AND nextval('transient_failures') <= 2 THEN
            RAISE EXCEPTION 'simulated database outage';
          END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER fail_twice BEFORE UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION fail_twice();`);
      await submitPosition(app.jobs, app.positions, {
        id: 'position-transient',
        input: position([['B', 'C4']], { komi: 3.5 }),
        analyses: ['freihofner'],
      });
      const job = await finished('position-transient');
      expect(job.status).toBe('completed');
      expect(job.attempts).toBe(3);
      expect(await app.results.countResults(['position-transient'])).toBe(1);
      const queued = await app.positions.getJob('position-transient');
      // BullMQ counts the successful attempt too.
      expect(queued!.attemptsMade).toBe(3);
      expect(await queued!.getState()).toBe('completed');
    } finally {
      await db.query('DROP TRIGGER IF EXISTS fail_twice ON jobs');
      await db.end();
    }
  });

  it('refuses a bad analysis name and a malformed eye graph as invalid input', async () => {
    await submitPosition(app.jobs, app.positions, {
      id: 'position-unknown-analysis',
      input: position([]),
      analyses: ['no-such-analysis'],
    });
    await submitEyegraph(app.jobs, app.eyegraphs, { id: 'eyegraph-bad', input: { graph: '.?.' } });
    const [a, b] = await Promise.all([finished('position-unknown-analysis'), finished('eyegraph-bad')]);
    expect(a.status).toBe('failed');
    expect((a.error as { message: string }).message).toMatch(/no-such-analysis/);
    expect(b.status).toBe('failed');
    expect(b.attempts).toBe(1);
    expect((b.error as { message: string }).message).toMatch(/'\?'/);
  });

  it('reads out an eye graph on the eye-graph threads', async () => {
    await submitEyegraph(app.jobs, app.eyegraphs, { id: 'eyegraph-ok', input: { graph: 'OO!%O.X%!...' } });
    const job = await finished('eyegraph-ok');
    expect(job.status).toBe('completed');
    expect(job.result!.result).toMatchObject({ value: '0112' });
  });

  it('keeps position jobs moving while long eye graphs are read out on their own threads', async () => {
    // Each takes a second or more; one eye-graph thread, so they run one after another.
    const graphs = ['.....%.....%.....', '.......%.......', '......%......'];
    for (const [i, graph] of graphs.entries()) {
      await submitEyegraph(app.jobs, app.eyegraphs, { id: `eyegraph-long-${i}`, input: { graph } });
    }
    await waitFor('the first eye graph to start', async () => {
      return (await app.results.findWithResult('eyegraph-long-0'))?.status === 'running';
    });
    const ids = Array.from({ length: 5 }, (_, i) => `position-beside-${i}`);
    for (const [i, id] of ids.entries()) {
      await submitPosition(app.jobs, app.positions, {
        id,
        input: position([['B', 'E5']], { boardXSize: 9, boardYSize: 9, komi: 50 + i }),
        analyses: ['board'],
      });
    }
    const done = await Promise.all([...ids, ...graphs.map((_, i) => `eyegraph-long-${i}`)].map(finished));
    expect(done.every((j) => j.status === 'completed')).toBe(true);
    const lastPosition = Math.max(...done.slice(0, ids.length).map((j) => j.finishedAt!.getTime()));
    const lastEyegraph = Math.max(...done.slice(ids.length).map((j) => j.finishedAt!.getTime()));
    expect(lastPosition).toBeLessThan(lastEyegraph);
    expect(done.slice(ids.length).map((j) => (j.result!.result as { value: string }).value)).toEqual([
      '2222',
      '2222',
      '2222',
    ]);
  });
});
