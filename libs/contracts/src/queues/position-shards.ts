import { QueueName } from './queue-names';

/**
 * Sharding of the positions queue (QUEUE_SHARDS). One shard (the default): the one queue
 * `positions`, as before. N > 1: queues `positions-0` ... `positions-<N-1>`; a job goes to the
 * shard of its routing key (positionRoutingKey), so one game's moves stay in one queue, in order,
 * and different games spread over the shards (on a Redis Cluster, over its masters: see the
 * persistence library's positionShardPrefix). Producers and workers must agree on N.
 */

/** Most shards: far more than masters any deployment has, few enough to keep one worker's connections sane. */
export const MAX_QUEUE_SHARDS = 64;

/** The positions queue names for `shards` shards, shard order. */
export function positionQueueNames(shards: number): string[] {
  if (!Number.isInteger(shards) || shards < 1 || shards > MAX_QUEUE_SHARDS) {
    throw new RangeError(`QUEUE_SHARDS must be an integer from 1 to ${MAX_QUEUE_SHARDS}, got ${shards}`);
  }
  if (shards === 1) return [QueueName.Positions];
  return Array.from({ length: shards }, (_, i) => `${QueueName.Positions}-${i}`);
}

const OGS_JOB = /^ogs-(\d+)-/;

/** The routing key of a followed OGS game's jobs. */
export const gameRoutingKey = (ogsGameId: number | string): string => `ogs-${ogsGameId}`;

/**
 * What a position job is routed by: a followed OGS game's jobs (ids `ogs-<game>-...`, see the
 * ingest's QueueSink) by the game; other jobs by their tenant (one tenant's requests stay in order),
 * or by their own id when they have none.
 */
export function positionRoutingKey(jobId: string, tenantId: string | null | undefined): string {
  const game = OGS_JOB.exec(jobId);
  if (game) return gameRoutingKey(game[1]);
  return tenantId ? `tenant-${tenantId}` : `job-${jobId}`;
}

/** FNV-1a (32 bits) of the UTF-16 code units: a stable, well-spread hash for routing. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The shard (0 ... shards-1) of a routing key. */
export function positionShardOf(routingKey: string, shards: number): number {
  return shards <= 1 ? 0 : fnv1a(routingKey) % shards;
}

/** The positions queue name a job goes to. */
export function positionQueueOf(jobId: string, tenantId: string | null | undefined, shards: number): string {
  return positionQueueNames(shards)[positionShardOf(positionRoutingKey(jobId, tenantId), shards)];
}
