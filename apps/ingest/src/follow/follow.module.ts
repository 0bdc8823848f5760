import { gameRoutingKey } from '@moyo/contracts';
import { ANALYSES } from '@moyo/engine';
import {
  bullConnection,
  closeBull,
  closeBullConnection,
  GameStreamRepository,
  JobRepository,
  PositionQueueSet,
  positionShards,
  RedisService,
  StreamCompactionRepository,
} from '@moyo/persistence';
import {
  DynamicModule,
  Inject,
  Injectable,
  Module,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { Queue } from 'bullmq';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { PinoLogger } from 'nestjs-pino';
import { AutoFollow } from '../autofollow/auto-follow';
import { IngestConfig } from '../config/ingest-config';
import { OgsClient } from '../ogs/ogs-client';
import { FinishedGamesCompactor } from './finished-compactor';
import { QueueSink } from './queue-sink';
import { StreamCoordinator } from './stream-coordinator';

/** Analyses auto-followed games get (those registered in this engine build). */
const AUTO_FOLLOW_ANALYSES = ['board', 'bouzy', 'territory'];

/**
 * Owns the ingest replica's OGS connection, the positions queue producer, the stream coordinator
 * (leases + followers) and optional auto-follow. Started after boot, stopped on shutdown (leases
 * released so another replica takes the games over at once).
 */
@Injectable()
export class FollowService implements OnApplicationBootstrap, OnModuleDestroy {
  readonly replicaId = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  readonly client: OgsClient;
  readonly coordinator: StreamCoordinator;
  /** Compacts finished games completely once their last jobs have ended. */
  readonly compactor: FinishedGamesCompactor;
  /** The positions queue's shards (QUEUE_SHARDS); a stream's jobs all go to its game's. */
  private readonly queues: PositionQueueSet<Queue>;
  /** The queue's connection: a Cluster client (REDIS_CLUSTER_NODES) is closed after the queue. */
  private readonly connection: ReturnType<typeof bullConnection>;
  private autoFollow?: AutoFollow;

  constructor(
    @Inject(IngestConfig) private readonly config: IngestConfig,
    redis: RedisService,
    private readonly streams: GameStreamRepository,
    jobs: JobRepository,
    compaction: StreamCompactionRepository,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext('Follow');
    this.client = new OgsClient({ url: config.ogsUrl });
    this.connection = bullConnection(config);
    const queues = positionShards(config, config.redisPrefix, config.queueShards).map(({ name, prefix }) => {
      const queue = new Queue(name, { connection: this.connection, prefix });
      queue.on('error', () => undefined);
      return queue;
    });
    this.queues = new PositionQueueSet(queues, config.queueShards);
    this.coordinator = new StreamCoordinator(
      this.client,
      redis.client,
      streams,
      (stream) =>
        new QueueSink(
          stream,
          jobs,
          streams,
          this.queues.ofRoutingKey(gameRoutingKey(stream.ogsGameId)),
          compaction,
        ),
      {
        replicaId: this.replicaId,
        redisPrefix: config.redisPrefix,
        leaseTtlMs: config.leaseTtlMs,
        jobsPerSecond: config.streamJobsPerSecond,
      },
      { info: (o, m) => logger.info(o, m), warn: (o, m) => logger.warn(o, m) },
    );
    this.compactor = new FinishedGamesCompactor(
      streams,
      compaction,
      redis.client,
      `${config.redisPrefix}:ingest:compact:lock`,
      { info: (o, m) => logger.info(o, m), warn: (o, m) => logger.warn(o, m) },
    );
    // One line per outage, not one per reconnect attempt.
    let up = false;
    this.client.on('connected', () => {
      up = true;
      logger.info({ url: this.client.socketUrl }, 'OGS socket connected');
    });
    this.client.on('disconnected', (code) => {
      if (up) logger.warn({ code }, 'OGS socket closed; reconnecting');
      up = false;
    });
    this.client.on('unrecoverable', (code) => logger.error({ code }, 'OGS socket closed for good'));
    this.client.on('reconnecting', (delayMs, attempt) =>
      logger.debug({ delayMs, attempt }, 'OGS socket reconnecting'),
    );
    this.client.on('protocolError', (err) => logger.warn({ err: err.message }, 'OGS protocol error'));
  }

  onApplicationBootstrap(): void {
    void this.client.start().catch(() => undefined);
    this.coordinator.start();
    this.compactor.start();
    if (this.config.autoFollow) {
      const analyses = AUTO_FOLLOW_ANALYSES.filter((n) => ANALYSES.has(n));
      this.autoFollow = new AutoFollow(this.client, this.streams, this.config.autoFollowCount, analyses);
      this.autoFollow.start();
    }
  }

  // onModuleDestroy, not onApplicationShutdown: it runs before the global PersistenceModule
  // closes Redis and PostgreSQL, so in-flight deliveries finish and leases are released.
  async onModuleDestroy(): Promise<void> {
    this.autoFollow?.stop();
    await this.compactor.stop();
    await this.coordinator.stop();
    this.client.close();
    await Promise.all(this.queues.all().map((q) => closeBull(q)));
    await closeBullConnection(this.connection);
  }
}

/** The ingest's following machinery (import once, in IngestModule). */
@Module({})
export class FollowModule {
  static register(config: IngestConfig): DynamicModule {
    return {
      module: FollowModule,
      providers: [{ provide: IngestConfig, useValue: config }, FollowService],
      exports: [FollowService],
    };
  }
}
