import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { ApiConfig } from '../config/api-config';
import { apiLogger } from './request-logger';

/** The provider of the api's root pino logger (what bootstrap's request logger writes with). */
export const API_LOGGER = 'MOYO_API_LOGGER';

@Module({})
class ApiLoggerModule {}

/**
 * JSON logs on stdout (pino), credentials redacted: the services' PinoLogger and Nest's own
 * logger write with the root logger, and the request logger (request-logger.ts, installed by
 * bootstrap) adds one line per request except probes. nestjs-pino's per-request middleware (a
 * pino-http child logger and an AsyncLocalStorage context per request) is left out
 * (`forRoutes: []`): see request-logger.ts for what it cost.
 */
export function loggerModule(config: ApiConfig): DynamicModule {
  const logger = apiLogger(config.logLevel);
  return {
    module: ApiLoggerModule,
    global: true,
    imports: [LoggerModule.forRoot({ pinoHttp: { logger }, forRoutes: [] })],
    providers: [{ provide: API_LOGGER, useValue: logger }],
    exports: [API_LOGGER],
  };
}
