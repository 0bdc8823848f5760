import { QueueName } from '@moyo/contracts';
import {
  JobRepository,
  ResultRepository,
  TenantRepository,
  WebhookDeliveryRepository,
} from '@moyo/persistence';
import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll } from 'vitest';
import { useIsolatedServices, type IsolatedServices } from '../../../../test/support/services';
import { createWorkerApp } from '../../src/bootstrap';
import { WorkerConfig } from '../../src/config/worker-config';
import { QueueConnectionsService } from '../../src/queues/queue-connections.service';
import { jobFinished } from './jobs';
import { WebhookReceiver } from './webhook-receiver';

/**
 * A worker app on a suite's own database and Redis prefix, with what its tests use. `services`,
 * `receiver` and `finished` are there at once; the rest is filled in by the suite's beforeAll.
 */
export interface WorkerSuite {
  services: () => IsolatedServices;
  /** Stands in for the webhook endpoints (started before the worker, stopped after it). */
  receiver: WebhookReceiver;
  worker: INestApplicationContext;
  positions: Queue;
  eyegraphs: Queue;
  jobs: JobRepository;
  results: ResultRepository;
  deliveries: WebhookDeliveryRepository;
  /** A tenant created for the suite. */
  tenantId: string;
  /** Waits until job `id` has ended (completed or failed); returns it with its result. */
  finished: (id: string) => ReturnType<typeof jobFinished>;
}

/**
 * Registers the hooks of a worker suite: isolated services, a webhook receiver, a worker app
 * (4 jobs at a time, webhooks to 127.0.0.1 allowed, then `env`) and a tenant named `tenantName`;
 * closes the worker and the receiver after the suite.
 */
export function useWorkerSuite(tenantName: string, env: Record<string, string> = {}): WorkerSuite {
  const services = useIsolatedServices();
  const suite = {
    services,
    receiver: new WebhookReceiver(),
    finished: (id: string) => jobFinished(suite.results, id),
  } as WorkerSuite;
  beforeAll(async () => {
    await suite.receiver.start();
    suite.worker = await createWorkerApp(
      WorkerConfig.fromEnv({
        ...services().env,
        WORKER_CONCURRENCY: '4',
        WEBHOOK_ALLOWLIST: '127.0.0.1',
        ...env,
      }),
    );
    const connections = suite.worker.get(QueueConnectionsService);
    suite.positions = connections.queue(QueueName.Positions);
    suite.eyegraphs = connections.queue(QueueName.Eyegraphs);
    suite.jobs = suite.worker.get(JobRepository);
    suite.results = suite.worker.get(ResultRepository);
    suite.deliveries = suite.worker.get(WebhookDeliveryRepository);
    suite.tenantId = (await suite.worker.get(TenantRepository).create(tenantName)).id;
  });
  afterAll(async () => {
    await suite.worker?.close();
    await suite.receiver.stop();
  });
  return suite;
}
