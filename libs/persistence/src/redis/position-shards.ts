import { positionQueueNames, positionQueueOf, positionShardOf } from '@moyo/contracts';
import { bullPrefix, isClusterTarget, type RedisTarget } from './redis';

/** Hash slots of a Redis Cluster. */
const SLOTS = 16_384;

/** CRC16-XMODEM (polynomial 0x1021, initial 0): Redis Cluster's key hash. */
function crc16(text: string): number {
  let crc = 0;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The cluster hash slot of `key` (its `{tag}` alone when it has a non-empty one), as CLUSTER KEYSLOT. */
export function keySlot(key: string): number {
  const open = key.indexOf('{');
  if (open >= 0) {
    const close = key.indexOf('}', open + 1);
    if (close > open + 1) return crc16(key.slice(open + 1, close)) % SLOTS;
  }
  return crc16(key) % SLOTS;
}

/** One shard of the positions queue: its BullMQ queue name and key prefix. */
export interface PositionShard {
  name: string;
  prefix: string;
}

/**
 * The shards of the positions queue (QUEUE_SHARDS, see positionQueueNames) with their BullMQ
 * prefixes. One Redis: REDIS_PREFIX, as every queue. A cluster: a hash tag per shard, as
 * bullPrefix makes for every queue, steered so that shard i's slot lies in the i-th of `shards`
 * equal slot ranges: `{<prefix>:<queue>:<k>}` with the smallest k that lands there. A cluster whose
 * masters own equal slot ranges (what `redis-cli --cluster create` makes) thus has N shards on N
 * masters, or spread evenly over fewer, instead of wherever CRC16 happens to put N names.
 */
export function positionShards(target: RedisTarget, redisPrefix: string, shards: number): PositionShard[] {
  const names = positionQueueNames(shards);
  if (shards === 1 || !isClusterTarget(target)) {
    return names.map((name) => ({ name, prefix: bullPrefix(target, redisPrefix, name) }));
  }
  return names.map((name, i) => {
    const lo = Math.floor((i * SLOTS) / shards);
    const hi = Math.floor(((i + 1) * SLOTS) / shards);
    for (let k = 0; ; k++) {
      const tag = `${redisPrefix}:${name}:${k}`;
      const slot = keySlot(`{${tag}}`);
      if (slot >= lo && slot < hi) return { name, prefix: `{${tag}}` };
    }
  });
}

/**
 * The BullMQ Queue objects of the positions shards, by name, and the routing of a job to its
 * shard (positionQueueOf: a game's jobs by game, others by tenant).
 */
export class PositionQueueSet<Q extends { readonly name: string }> {
  private readonly byName: Map<string, Q>;

  constructor(
    queues: Q[],
    readonly shards: number,
  ) {
    this.byName = new Map(queues.map((q) => [q.name, q]));
    for (const name of positionQueueNames(shards)) {
      if (!this.byName.has(name)) throw new Error(`positions shard ${name} has no queue`);
    }
  }

  /** The queue of a position job. */
  of(jobId: string, tenantId: string | null | undefined): Q {
    return this.byName.get(positionQueueOf(jobId, tenantId, this.shards)) as Q;
  }

  /** The queue of a routing key (e.g. contracts' gameRoutingKey: every job of that game). */
  ofRoutingKey(routingKey: string): Q {
    return this.byName.get(positionQueueNames(this.shards)[positionShardOf(routingKey, this.shards)]) as Q;
  }

  /** Every shard's queue, shard order. */
  all(): Q[] {
    return positionQueueNames(this.shards).map((name) => this.byName.get(name) as Q);
  }
}
