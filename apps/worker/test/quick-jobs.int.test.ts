import {
  ANALYSIS_JOB_OPTIONS,
  encryptWebhookSecret,
  JobName,
  newWebhookSecret,
  webhookSecretKeyFromText,
  type AnalyzePositionJob,
} from '@moyo/contracts';
import { TenantRepository, WebhookRepository } from '@moyo/persistence';
import { analyzePosition } from '@moyo/engine';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { submitPosition } from '../../../test/support/job-submission';
import { replayPosition } from '../src/engine/engine-tasks';
import { position } from './support/jobs';
import { waitFor } from './support/webhook-receiver';
import { useWorkerSuite } from './support/worker-suite';

/**
 * Quick runs (JobRunnerService: inline `board` jobs, never marked running, no result cache)
 * against real PostgreSQL and Redis: the row ends as a full run's does (attempt, start time,
 * result once, deliveries to every subscriber), with no running write and no cache entry.
 */
describe('quick jobs (inline board analyses)', () => {
  const app = useWorkerSuite('quick jobs');
  const { services, receiver, finished } = app;
  let sql: Client;

  beforeAll(async () => {
    sql = new Client({ connectionString: services().databaseUrl });
    await sql.connect();
    // Every update of a jobs row, with the status it wrote (this suite's own database).
    await sql.query(`
      CREATE TABLE test_job_updates (job_id text, status text, at timestamptz DEFAULT clock_timestamp());
      CREATE FUNCTION test_job_updated() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO test_job_updates (job_id, status) VALUES (NEW.id, NEW.status::text); RETURN NEW; END $$;
      CREATE TRIGGER test_job_updated AFTER UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION test_job_updated();`);
  });
  afterAll(async () => {
    await sql?.end();
  });

  const updatesOf = async (id: string) =>
    (
      await sql.query<{ status: string }>(
        `SELECT status FROM test_job_updates WHERE job_id = $1 ORDER BY at`,
        [id],
      )
    ).rows.map((r) => r.status);

  it('completes with its attempt, start time, result and deliveries, and no running write', async () => {
    const key = webhookSecretKeyFromText(undefined, 'test');
    const hook = await app.worker.get(WebhookRepository).create({
      tenantId: app.tenantId,
      url: receiver.url('/quick-hook'),
      secretEncrypted: encryptWebhookSecret(newWebhookSecret(), key),
      events: [],
    });
    const id = 'quick-one';
    await submitPosition(app.jobs, app.positions, {
      id,
      tenantId: app.tenantId,
      input: position([
        ['B', 'D4'],
        ['W', 'Q16'],
      ]),
      analyses: ['board'],
      webhookUrl: receiver.url('/quick-own'),
    });
    const job = await finished(id);
    expect(job.status).toBe('completed');
    expect(job.attempts).toBe(1);
    expect(job.progress).toBe(100);
    expect(job.startedAt).not.toBeNull();
    expect(job.startedAt!.getTime()).toBeLessThanOrEqual(job.finishedAt!.getTime());
    expect(job.startedAt!.getTime()).toBeGreaterThanOrEqual(job.createdAt.getTime());
    // Read back as the engine made it; stored compact (board-result.ts): stones as rows, no chains.
    const input = position([
      ['B', 'D4'],
      ['W', 'Q16'],
    ]);
    const engineBoard = analyzePosition(replayPosition(input), ['board'], {}).analyses.board;
    expect((job.result!.result as { analyses: { board: unknown } }).analyses.board).toEqual(engineBoard);
    const stored = await sql.query<{ stones: unknown; bytes: number }>(
      `SELECT result->'analyses'->'board'->'stones' AS stones, octet_length(result::text) AS bytes
         FROM job_results WHERE job_id = $1`,
      [id],
    );
    expect(typeof stored.rows[0].stones).toBe('string');
    expect(stored.rows[0].bytes).toBeLessThan(1000);
    expect(await app.results.countResults([id])).toBe(1);
    // No result-cache entry for a board report.
    const cached = await sql.query(`SELECT 1 FROM result_cache WHERE job_id = $1`, [id]);
    expect(cached.rowCount).toBe(0);
    await waitFor('both deliveries', async () => {
      const rows = await app.deliveries.listForJob(id);
      return rows.length === 2 && rows.every((d) => d.status === 'delivered');
    });
    const rows = await app.deliveries.listForJob(id);
    expect(rows.map((r) => r.webhookId).sort()).toEqual([hook.id, null].sort());
    const body = JSON.parse(receiver.on('/quick-own')[0].body) as Record<string, unknown>;
    expect(body).toMatchObject({ id, status: 'completed', attempts: 1, analyses: ['board'] });
    expect(body.startedAt).toBe(job.startedAt!.toISOString());
    expect((body.result as { analyses: { board: unknown } }).analyses.board).toEqual(engineBoard);
    const sent = JSON.parse(receiver.on('/quick-hook')[0].body) as {
      result: { analyses: { board: unknown } };
    };
    expect(sent.result.analyses.board).toEqual(engineBoard);
    // One write after the insert: the completion (no `running` update).
    expect(await updatesOf(id)).toEqual(['completed']);
  });

  it('completes a job with no webhooks to call in one statement, without reading it first', async () => {
    // A tenant of its own: the suite's tenant has a webhook (the first test), whose jobs are read.
    const quiet = (await app.worker.get(TenantRepository).create('quick jobs, no webhooks')).id;
    const peeks = vi.spyOn(app.results, 'peekMany');
    const quick = vi.spyOn(app.results, 'completeQuickMany');
    try {
      const id = 'quick-unread';
      await submitPosition(app.jobs, app.positions, {
        id,
        tenantId: quiet,
        input: position([['B', 'E5']], { boardXSize: 9, boardYSize: 9 }),
        analyses: ['board'],
      });
      const job = await finished(id);
      expect(job.status).toBe('completed');
      expect(job.attempts).toBe(1);
      expect(job.progress).toBe(100);
      expect(job.startedAt).not.toBeNull();
      expect(job.startedAt!.getTime()).toBeLessThanOrEqual(job.finishedAt!.getTime());
      expect(job.timings).toMatchObject({ cache: 'miss' });
      expect(await app.results.countResults([id])).toBe(1);
      expect(await updatesOf(id)).toEqual(['completed']);
      expect(quick.mock.calls.some(([cs]) => cs.some((c) => c.jobId === id))).toBe(true);
      expect(peeks.mock.calls.some(([ids]) => ids.includes(id))).toBe(false);
    } finally {
      peeks.mockRestore();
      quick.mockRestore();
    }
  });

  it('still marks a job that runs on an engine thread running first', async () => {
    const id = 'not-quick';
    await submitPosition(app.jobs, app.positions, {
      id,
      tenantId: app.tenantId,
      input: position([['B', 'D4']]),
      analyses: ['freihofner'],
    });
    expect((await finished(id)).status).toBe('completed');
    expect(await updatesOf(id)).toEqual(['running', 'completed']);
  });

  it('stores one result and one set of deliveries when a quick job is processed twice', async () => {
    const id = 'quick-twice';
    await submitPosition(app.jobs, app.positions, {
      id,
      tenantId: app.tenantId,
      input: position([['B', 'C3']], { boardXSize: 9, boardYSize: 9 }),
      analyses: ['board'],
      webhookUrl: receiver.url('/quick-twice'),
    });
    const again = (await app.positions.getJob(id))!.data as AnalyzePositionJob;
    await app.positions.add(JobName.AnalyzePosition, again, {
      ...ANALYSIS_JOB_OPTIONS,
      jobId: `${id}-again`,
    });
    expect((await finished(id)).status).toBe('completed');
    await waitFor(
      'the second queue job',
      async () => (await app.positions.getJob(`${id}-again`))?.finishedOn,
    );
    await waitFor(
      'the delivery',
      async () => (await app.deliveries.listForJob(id))[0]?.status === 'delivered',
    );
    expect(await app.results.countResults([id])).toBe(1);
    // One delivery per subscriber: the tenant's webhook and the job's own URL.
    expect(await app.deliveries.listForJob(id)).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.on('/quick-twice')).toHaveLength(1);
  });

  it('leaves a cancelled job cancelled: a quick run stores nothing for it', async () => {
    const id = 'quick-cancelled';
    await app.jobs.createIfAbsent({
      id,
      tenantId: app.tenantId,
      kind: 'position',
      input: position([['B', 'E5']], { boardXSize: 9, boardYSize: 9 }) as never,
      options: { analyses: ['board'] } as never,
      inputHash: id,
    });
    await sql.query(`UPDATE jobs SET status = 'cancelled' WHERE id = $1`, [id]);
    await app.positions.add(
      JobName.AnalyzePosition,
      {
        name: JobName.AnalyzePosition,
        jobId: id,
        tenantId: app.tenantId,
        batchId: null,
        analyses: ['board'],
        input: position([['B', 'E5']], { boardXSize: 9, boardYSize: 9 }),
      } as AnalyzePositionJob,
      { ...ANALYSIS_JOB_OPTIONS, jobId: id },
    );
    await waitFor('the queue job', async () => (await app.positions.getJob(id))?.finishedOn);
    const job = await app.results.findWithResult(id);
    expect(job?.status).toBe('cancelled');
    expect(await app.results.countResults([id])).toBe(0);
  });
});
