import { JobRepository, PipelineMetricsRepository, PrismaService } from '@moyo/persistence';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { smallPosition, useApi } from './support/api-harness';

function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  if (!line) throw new Error(`no series ${series} in:\n${text}`);
  return Number(line.slice(series.length + 1));
}

describe('/metrics: queue depth, job latency histogram, webhook outcomes', () => {
  const api = useApi();

  it('reports jobs by state, a cumulative latency histogram and delivery outcomes from the tables', async () => {
    const { key, tenantId } = await api.newTenant('metrics');
    const ids: string[] = [];
    for (const analyses of [['bouzy'], ['freihofner'], ['score']]) {
      const res = await request(api.server)
        .post('/v1/positions')
        .set('Authorization', `Bearer ${key}`)
        .send(smallPosition({ analyses }));
      ids.push(res.body.jobId);
    }
    const jobs = api.app.get(JobRepository);
    for (const id of ids.slice(0, 2)) {
      await jobs.markRunning(id, 1);
      await jobs.complete(id, { ok: true }, {});
    }
    const prisma = api.app.get(PrismaService).client;
    await prisma.webhookDelivery.create({
      data: {
        tenantId,
        url: 'http://127.0.0.1:9/h',
        event: 'job.completed',
        jobId: ids[0],
        payload: {},
        status: 'delivered',
        attemptsLog: {
          create: [
            { attempt: 1, responseCode: 503, latencyMs: 5 },
            { attempt: 2, responseCode: null, error: 'ECONNREFUSED' },
            { attempt: 3, responseCode: 200, latencyMs: 4 },
          ],
        },
      },
    });

    const res = await request(api.server).get('/metrics');
    expect(res.status).toBe(200);
    const text = res.text;
    // Completed here through the repository, not by a worker: BullMQ still holds all three.
    expect(value(text, 'moyo_queue_jobs{queue="positions",state="waiting"}')).toBe(3);
    expect(value(text, 'moyo_jobs{kind="position",status="completed"}')).toBe(2);
    expect(value(text, 'moyo_jobs{kind="position",status="queued"}')).toBe(1);
    expect(text).toContain('# TYPE moyo_job_latency_seconds histogram');
    const labels = 'kind="position",status="completed"';
    expect(value(text, `moyo_job_latency_seconds_count{${labels}}`)).toBe(2);
    expect(value(text, `moyo_job_latency_seconds_bucket{${labels},le="+Inf"}`)).toBe(2);
    const buckets = text
      .split('\n')
      .filter((l) => l.startsWith(`moyo_job_latency_seconds_bucket{${labels}`))
      .map((l) => Number(l.split(' ')[1]));
    expect(buckets.length).toBe(15);
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]).toBeGreaterThanOrEqual(buckets[i - 1]);
    expect(value(text, `moyo_job_latency_seconds_sum{${labels}}`)).toBeGreaterThanOrEqual(0);
    expect(value(text, 'moyo_webhook_deliveries{status="delivered"}')).toBe(1);
    expect(value(text, 'moyo_webhook_attempts_total{outcome="success"}')).toBe(1);
    expect(value(text, 'moyo_webhook_attempts_total{outcome="http_error"}')).toBe(1);
    expect(value(text, 'moyo_webhook_attempts_total{outcome="network_error"}')).toBe(1);
  });

  it('reads the tables at most once for many scrapes at once (served from memory)', async () => {
    const reads = vi.spyOn(api.app.get(PipelineMetricsRepository), 'jobCounts');
    const answers = await Promise.all(Array.from({ length: 40 }, () => request(api.server).get('/metrics')));
    expect(answers.every((r) => r.status === 200 && r.text.includes('moyo_jobs{'))).toBe(true);
    expect(reads.mock.calls.length).toBeLessThanOrEqual(1);
    reads.mockRestore();
  });
});

describe('/metrics behind METRICS_TOKEN', () => {
  const token = 'metrics-token-for-the-test-0123456789';
  const api = useApi({ METRICS_TOKEN: token });

  it('answers 401 naming Authorization without the token or with another one, 200 with it', async () => {
    for (const header of [undefined, 'Bearer wrong-token', `Bearer ${token}x`, token, `Basic ${token}`]) {
      const req = request(api.server).get('/metrics');
      const res = await (header === undefined ? req : req.set('Authorization', header));
      expect(res.status, String(header)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).toMatchObject({ statusCode: 401, field: 'Authorization' });
      expect(res.text).not.toContain('moyo_');
    }
    const res = await request(api.server).get('/metrics').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('moyo_api_nodejs_eventloop_lag_p99_seconds');
  });

  it('leaves the probes open', async () => {
    expect((await request(api.server).get('/healthz')).status).toBe(200);
  });
});
