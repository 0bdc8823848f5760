import type { CommonEnv } from './env';

/**
 * The settings of commonEnvSchema's variables that every app's configuration holds (the logs,
 * Redis or Redis Cluster, the queues' key prefix and shards, PostgreSQL): the base class of
 * ApiConfig, WorkerConfig and IngestConfig, which add their own.
 */
export abstract class CommonConfig {
  readonly logLevel: CommonEnv['LOG_LEVEL'];
  readonly redisUrl: string;
  readonly redisPrefix: string;
  /** REDIS_CLUSTER_NODES: `host:port` of some Redis Cluster nodes; empty: the one Redis of redisUrl. */
  readonly redisClusterNodes: string[];
  /** QUEUE_SHARDS: shards of the positions queue (positionQueueNames). */
  readonly queueShards: number;
  readonly databaseUrl: string;
  readonly nodeEnv: CommonEnv['NODE_ENV'];

  /** `env`: the app's variables, already validated by parseEnv. */
  protected constructor(env: CommonEnv) {
    this.logLevel = env.LOG_LEVEL;
    this.redisUrl = env.REDIS_URL;
    this.redisPrefix = env.REDIS_PREFIX;
    this.redisClusterNodes = env.REDIS_CLUSTER_NODES ?? [];
    this.queueShards = env.QUEUE_SHARDS;
    this.databaseUrl = env.DATABASE_URL;
    this.nodeEnv = env.NODE_ENV;
  }
}
