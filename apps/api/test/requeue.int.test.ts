import { QueueName } from '@moyo/contracts';
import { bullConnectionOptions, PrismaService } from '@moyo/persistence';
import { getQueueToken } from '@nestjs/bullmq';
import { UnrecoverableError, Worker, type Queue } from 'bullmq';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { smallPosition, useApi } from './support/api-harness';

/** Resubmitting a job brings the row and BullMQ back into agreement, whichever side lagged. */
describe('resubmission repairs a job the queue and the table disagree on', () => {
  const api = useApi();
  const { services } = api;
  let key: string;
  let queue: Queue;

  beforeAll(async () => {
    key = (await api.newTenant()).key;
    queue = api.app.get<Queue>(getQueueToken(QueueName.Positions), { strict: false });
  });

  const submit = () =>
    request(api.server).post('/v1/positions').set('Authorization', `Bearer ${key}`).send(smallPosition());

  it('retries a job BullMQ failed while its row still says queued', async () => {
    const first = await submit();
    const id = first.body.jobId as string;
    // A consumer that fails the job without touching the row (as a worker dying between writes would leave it).
    const worker = new Worker(
      QueueName.Positions,
      async () => {
        throw new UnrecoverableError('lost between the writes');
      },
      { connection: bullConnectionOptions(services().redisUrl), prefix: services().redisPrefix },
    );
    try {
      const deadline = Date.now() + 60_000;
      while (!(await (await queue.getJob(id))?.isFailed()) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await worker.close();
    }
    expect(await (await queue.getJob(id))!.isFailed()).toBe(true);
    const row = await api.app.get(PrismaService).client.job.findFirstOrThrow({ where: { id } });
    expect(row.status).toBe('queued');

    const again = await submit();
    expect(again.body).toMatchObject({ jobId: id, status: 'queued' });
    expect(await (await queue.getJob(id))!.getState()).toBe('waiting');
  });
});
