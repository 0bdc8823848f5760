import { QueueName } from '@moyo/contracts';
import { PipelineMetricsRepository, PositionQueueSet } from '@moyo/persistence';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { counterText, LATENCY_BUCKETS, latencyHistogramText } from './pipeline-metrics';

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;

/** How long the pipeline series read from PostgreSQL are served from memory. */
export const PIPELINE_METRICS_TTL_MS = 5000;

/**
 * The api's Prometheus registry: process metrics plus the depth of every queue. One registry per
 * app instance (not prom-client's global one), so several apps in one process do not collide.
 * Other modules register their own metrics on `registry`.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  /** The last pipeline text and when it was read; one read at a time (concurrent scrapes share it). */
  private pipelineCache: { text: string; at: number } | undefined;
  private pipelineRead: Promise<string> | undefined;

  constructor(
    positions: PositionQueueSet<Queue>,
    @InjectQueue(QueueName.Eyegraphs) eyegraphs: Queue,
    @InjectQueue(QueueName.Webhooks) webhooks: Queue,
    private readonly pipeline: PipelineMetricsRepository,
  ) {
    collectDefaultMetrics({ register: this.registry, prefix: 'moyo_api_' });
    const queues = [...positions.all(), eyegraphs, webhooks].map((queue) => ({ name: queue.name, queue }));
    new Gauge({
      name: 'moyo_queue_jobs',
      help: 'Jobs in each BullMQ queue by state (read from Redis at scrape time).',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { name, queue } of queues) {
          // Redis down: leave the series out rather than fail the whole scrape.
          const counts = await queue.getJobCounts(...QUEUE_STATES).catch(() => null);
          if (!counts) continue;
          for (const state of QUEUE_STATES) this.set({ queue: name, state }, counts[state] ?? 0);
        }
      },
    });
  }

  /**
   * The exposition text for a scrape: the registry, then the pipeline's totals from PostgreSQL
   * (jobs by state, the submit-to-completion latency histogram, webhook deliveries and attempt
   * outcomes). Those are read at most once per PIPELINE_METRICS_TTL_MS, whatever the number of
   * scrapes (concurrent ones wait for the same read), so scraping cannot load the database.
   * PostgreSQL down: those series are left out rather than failing the scrape.
   */
  async scrape(): Promise<string> {
    const [base, pipeline] = await Promise.all([this.registry.metrics(), this.cachedPipelineText()]);
    return base + pipeline;
  }

  private cachedPipelineText(): Promise<string> {
    const cached = this.pipelineCache;
    if (cached && Date.now() - cached.at < PIPELINE_METRICS_TTL_MS) return Promise.resolve(cached.text);
    this.pipelineRead ??= this.pipelineText()
      .then((text) => {
        this.pipelineCache = { text, at: Date.now() };
        return text;
      })
      .catch(() => '')
      .finally(() => {
        this.pipelineRead = undefined;
      });
    return this.pipelineRead;
  }

  private async pipelineText(): Promise<string> {
    const [jobs, latency, deliveries, attempts] = await Promise.all([
      this.pipeline.jobCounts(),
      this.pipeline.jobLatency(LATENCY_BUCKETS),
      this.pipeline.deliveryCounts(),
      this.pipeline.attemptOutcomes(),
    ]);
    const jobLines = [
      '# HELP moyo_jobs Jobs in the jobs table by kind and status.',
      '# TYPE moyo_jobs gauge',
      ...jobs.map((j) => `moyo_jobs{kind="${j.kind}",status="${j.status}"} ${j.count}`),
    ];
    const deliveryLines = [
      '# HELP moyo_webhook_deliveries Webhook deliveries by status (pending, delivered, failed).',
      '# TYPE moyo_webhook_deliveries gauge',
      ...deliveries.map((d) => `moyo_webhook_deliveries{status="${d.status}"} ${d.count}`),
    ];
    return [
      jobLines.join('\n') + '\n',
      latencyHistogramText(latency),
      deliveryLines.join('\n') + '\n',
      counterText(
        'moyo_webhook_attempts_total',
        'Webhook delivery attempts by outcome: success (2xx), http_error, network_error.',
        'outcome',
        attempts.map((a) => ({ key: a.outcome, count: a.count })),
      ),
    ].join('');
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
