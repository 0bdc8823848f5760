import { randomUUID } from 'node:crypto';
import { LoggerModule } from 'nestjs-pino';
import type { ApiConfig } from '../config/api-config';

const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * JSON logs on stdout (pino); one line per request except probes; credentials redacted. Each
 * request carries an id (the caller's X-Request-Id when well formed, else a new UUID), logged
 * with every line of that request and echoed in the response's X-Request-Id.
 */
export function loggerModule(config: ApiConfig) {
  return LoggerModule.forRoot({
    pinoHttp: {
      level: config.logLevel,
      base: { app: 'api' },
      autoLogging: { ignore: (req) => PROBES.has((req.url ?? '').split('?')[0]) },
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Who asked: the auth guard's tenant and key prefix (never the key itself).
      customProps: (req) => {
        const r = req as { tenantId?: string; apiKey?: { prefix?: string } };
        return r.tenantId ? { tenantId: r.tenantId, apiKey: r.apiKey?.prefix } : {};
      },
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
    },
  });
}
