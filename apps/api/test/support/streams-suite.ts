import { hashOf } from '@moyo/contracts';
import { GameStreamRepository, JobRepository } from '@moyo/persistence';
import type { INestApplication } from '@nestjs/common';
import { beforeAll } from 'vitest';
import type { IsolatedServices } from '../../../../test/support/services';
import { listenOnLoopback } from '../../../../test/support/listen';
import { useApi } from './api-harness';

/** A 9x9 position input after `n` moves. */
export const INPUT = (n: number) => ({
  boardXSize: 9,
  boardYSize: 9,
  komi: 7,
  rules: 'chinese',
  initialStones: [],
  moves: Array.from({ length: n }, (_, i) => [
    i % 2 ? 'W' : 'B',
    `${'ABCDEFGHJ'[i % 9]}${1 + Math.floor(i / 9)}`,
  ]),
});

/** The api of the stream and game suites, listening on loopback, with two tenants (a and b). */
export interface StreamsSuite {
  services: () => IsolatedServices;
  app: INestApplication;
  /** The api's base URL. */
  base: string;
  keyA: string;
  keyB: string;
  tenantA: string;
  /** Request headers with tenant a's key (or `key`; none for null). */
  h(key?: string | null): Record<string, string>;
  /** POST /v1/streams with `body`, as tenant a (or `key`). */
  post(body: unknown, key?: string | null): Promise<Response>;
  /** A move job of a stream, as the ingest records it; `done` completes it as a worker would. */
  moveJob(streamId: string, tenantId: string | null, n: number, done: boolean): Promise<string>;
  /** Completes job `id` (move `n`) as a worker would. */
  complete(id: string, n: number): Promise<void>;
}

/**
 * Registers the hooks of a stream suite: the api (useApi, HOST 127.0.0.1) listening on loopback,
 * then tenants `streams-a` and `streams-b` with a key each. The fields are set by beforeAll.
 */
export function useStreamsSuite(): StreamsSuite {
  const api = useApi({ HOST: '127.0.0.1' });
  const suite: StreamsSuite = {
    services: api.services,
    app: undefined as unknown as INestApplication,
    base: '',
    keyA: '',
    keyB: '',
    tenantA: '',
    h: (key = suite.keyA) => ({
      'content-type': 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    }),
    post: (body, key = suite.keyA) =>
      fetch(`${suite.base}/v1/streams`, {
        method: 'POST',
        headers: suite.h(key),
        body: JSON.stringify(body),
      }),
    async moveJob(streamId, tenantId, n, done) {
      const jobs = suite.app.get(JobRepository);
      const id = `ogs-test-${streamId.slice(0, 8)}-${n}`;
      await jobs.createIfAbsent({
        id,
        tenantId,
        kind: 'position',
        input: INPUT(n),
        inputHash: hashOf(INPUT(n)),
      });
      await suite.app.get(GameStreamRepository).recordMoveJob(streamId, n, id);
      if (done) await suite.complete(id, n);
      return id;
    },
    async complete(id, n) {
      await suite.app.get(JobRepository).markRunning(id, 1);
      await suite.app.get(JobRepository).complete(id, { board: { moveNumber: n } }, { engineMs: 1 });
    },
  };
  beforeAll(async () => {
    suite.app = api.app;
    suite.base = await listenOnLoopback(suite.app);
    ({ key: suite.keyA, tenantId: suite.tenantA } = await api.newTenant('streams-a'));
    suite.keyB = (await api.newTenant('streams-b')).key;
  });
  return suite;
}
