import { DynamicModule, Module, Provider } from '@nestjs/common';
import { PERSISTENCE_OPTIONS, PersistenceOptions, PrismaService } from './prisma/prisma.service';
import type { RedisTarget } from './redis/redis';
import { REDIS_OPTIONS, RedisOptions, RedisService } from './redis/redis.service';
import {
  ApiKeyRepository,
  BatchRepository,
  GameStreamRepository,
  HealthRepository,
  JobRepository,
  TenantRepository,
  WebhookRepository,
  ResultRepository,
  ResultCacheRepository,
  WebhookDeliveryRepository,
  PipelineMetricsRepository,
  RetentionRepository,
  PartitionRepository,
  StreamCompactionRepository,
  JobOutcomeRepository,
} from './repositories';

const repositories = [
  HealthRepository,
  JobRepository,
  TenantRepository,
  GameStreamRepository,
  ApiKeyRepository,
  BatchRepository,
  WebhookRepository,
  ResultRepository,
  ResultCacheRepository,
  WebhookDeliveryRepository,
  PipelineMetricsRepository,
  RetentionRepository,
  PartitionRepository,
  StreamCompactionRepository,
  JobOutcomeRepository,
];

/** What PersistenceModule reads of an app's config: PostgreSQL, the Redis and the key prefix. */
export interface PersistenceConfig extends RedisTarget {
  databaseUrl: string;
  redisPrefix: string;
}

/**
 * PrismaService, RedisService and the repositories for the apps. Global: import it once, in the
 * root module, with the values from the app's validated config.
 */
@Module({})
export class PersistenceModule {
  static forRoot(options: PersistenceOptions & RedisOptions): DynamicModule {
    const providers: Provider[] = [
      { provide: PERSISTENCE_OPTIONS, useValue: options },
      {
        provide: REDIS_OPTIONS,
        useValue: {
          redisUrl: options.redisUrl,
          redisClusterNodes: options.redisClusterNodes,
          redisPrefix: options.redisPrefix,
          redisAutoPipelining: options.redisAutoPipelining,
        } satisfies RedisOptions,
      },
      PrismaService,
      RedisService,
      ...repositories,
    ];
    return {
      module: PersistenceModule,
      global: true,
      providers,
      exports: [PrismaService, RedisService, ...repositories],
    };
  }

  /** forRoot with the database and Redis settings of an app's config, and RedisService's `redis` options. */
  static forConfig(
    config: PersistenceConfig,
    redis: Pick<RedisOptions, 'redisAutoPipelining'> = {},
  ): DynamicModule {
    return PersistenceModule.forRoot({
      databaseUrl: config.databaseUrl,
      redisUrl: config.redisUrl,
      redisClusterNodes: config.redisClusterNodes,
      redisPrefix: config.redisPrefix,
      ...redis,
    });
  }
}
