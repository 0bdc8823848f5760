import { CommonConfig, loadConfigOrExit, parseEnv, ingestEnvSchema, type IngestEnv } from '@moyo/contracts';

/** The ingest app's configuration, read once from the environment and validated (see .env.example). */
export class IngestConfig extends CommonConfig {
  readonly ogsUrl: string;
  readonly autoFollow: boolean;
  readonly autoFollowCount: number;
  readonly leaseTtlMs: number;
  /** INGEST_STREAM_JOBS_PER_SECOND: each followed game's pace of new analysis jobs. */
  readonly streamJobsPerSecond: number;

  private constructor(env: IngestEnv) {
    super(env);
    this.ogsUrl = env.OGS_URL;
    this.autoFollow = env.INGEST_AUTO_FOLLOW;
    this.autoFollowCount = env.INGEST_AUTO_FOLLOW_COUNT;
    this.leaseTtlMs = env.INGEST_LEASE_TTL_MS;
    this.streamJobsPerSecond = env.INGEST_STREAM_JOBS_PER_SECOND;
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
