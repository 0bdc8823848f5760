import { LoggerModule } from 'nestjs-pino';
import type { WorkerConfig } from '../config/worker-config';

/** JSON logs on stdout (pino). */
export function loggerModule(config: WorkerConfig) {
  return LoggerModule.forRoot({ pinoHttp: { level: config.logLevel, base: { app: 'worker' } } });
}
