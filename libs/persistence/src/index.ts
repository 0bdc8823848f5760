/**
 * PostgreSQL (Prisma) and Redis access for the Moyo apps. Only this library's repositories
 * import the generated Prisma client; the apps use the repositories.
 */
export * from './persistence.module';
export { PERSISTENCE_OPTIONS, PrismaService, type PersistenceOptions } from './prisma/prisma.service';
export { isDatabaseUnavailable } from './prisma/database-errors';
export * from './repositories';
export * from './redis';
export type {
  Job,
  JobResult,
  Tenant,
  ApiKey,
  Batch,
  Webhook,
  WebhookDelivery,
  GameStream,
  GameMoveAnalysis,
  ResultCache,
  WebhookDeliveryAttempt,
  Prisma,
} from './generated/prisma/client';
export { JobKind, JobStatus, WebhookDeliveryStatus, GameStreamStatus } from './generated/prisma/enums';
