import { LoggerModule } from 'nestjs-pino';
import type { IngestConfig } from '../config/ingest-config';

/** JSON logs on stdout (pino). */
export function loggerModule(config: IngestConfig) {
  return LoggerModule.forRoot({ pinoHttp: { level: config.logLevel, base: { app: 'ingest' } } });
}
