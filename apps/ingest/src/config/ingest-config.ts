import { loadConfigOrExit, parseEnv, ingestEnvSchema, type IngestEnv } from '@moyo/contracts';

/** The ingest app's configuration, read once from the environment and validated (see .env.example). */
export class IngestConfig {
  readonly ogsUrl: string;
  readonly autoFollow: boolean;
  readonly autoFollowCount: number;
  readonly leaseTtlMs: number;
  /** INGEST_STREAM_JOBS_PER_SECOND: each followed game's pace of new analysis jobs. */
  readonly streamJobsPerSecond: number;
  readonly logLevel: IngestEnv['LOG_LEVEL'];
  readonly redisUrl: string;
  readonly redisPrefix: string;
  /** REDIS_CLUSTER_NODES: `host:port` of some Redis Cluster nodes; empty: the one Redis of redisUrl. */
  readonly redisClusterNodes: string[];
  /** QUEUE_SHARDS: shards of the positions queue (positionQueueNames). */
  readonly queueShards: number;
  readonly databaseUrl: string;
  readonly nodeEnv: IngestEnv['NODE_ENV'];

  private constructor(env: IngestEnv) {
    this.ogsUrl = env.OGS_URL;
    this.autoFollow = env.INGEST_AUTO_FOLLOW;
    this.autoFollowCount = env.INGEST_AUTO_FOLLOW_COUNT;
    this.leaseTtlMs = env.INGEST_LEASE_TTL_MS;
    this.streamJobsPerSecond = env.INGEST_STREAM_JOBS_PER_SECOND;
    this.logLevel = env.LOG_LEVEL;
    this.redisUrl = env.REDIS_URL;
    this.redisPrefix = env.REDIS_PREFIX;
    this.redisClusterNodes = env.REDIS_CLUSTER_NODES ?? [];
    this.queueShards = env.QUEUE_SHARDS;
    this.databaseUrl = env.DATABASE_URL;
    this.nodeEnv = env.NODE_ENV;
  }

  /** Validates `env`; throws ConfigError naming each missing or malformed variable. */
  static fromEnv(env: Record<string, string | undefined>): IngestConfig {
    return new IngestConfig(parseEnv(ingestEnvSchema, env));
  }
}

/** For main.ts: the config, or a message on stderr naming the bad variables and exit code 1. */
export function loadIngestConfigOrExit(env: Record<string, string | undefined> = process.env): IngestConfig {
  return loadConfigOrExit('ingest', () => IngestConfig.fromEnv(env));
}
