import { randomUUID } from 'node:crypto';
import { LoggerModule, type Params } from 'nestjs-pino';
import type { ApiConfig } from '../config/api-config';

const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Query parameters whose values are credentials, never logged. */
const SECRET_PARAMS = ['access_token', 'api_key', 'apiKey', 'token', 'key'];
const SECRET_IN_URL = new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&#]*`, 'gi');

/** `url` with the values of credential parameters replaced by `[Redacted]`. Pure. */
export function redactUrlSecrets(url: string): string {
  return url.replace(SECRET_IN_URL, '$1[Redacted]');
}

/**
 * JSON logs on stdout (pino); one line per request except probes; credentials redacted (headers
 * and query parameters such as `access_token`). Each
 * request carries an id (the caller's X-Request-Id when well formed, else a new UUID), logged
 * with every line of that request and echoed in the response's X-Request-Id.
 */
export function loggerModule(config: ApiConfig) {
  return LoggerModule.forRoot({ pinoHttp: apiLogOptions(config.logLevel) });
}

/** The api's pino-http options (exported for the redaction test). */
export function apiLogOptions(level: ApiConfig['logLevel']) {
  return {
    level,
    base: { app: 'api' },
    autoLogging: { ignore: (req) => PROBES.has((req.url ?? '').split('?')[0]) },
    // Credentials wherever a client may put them: headers, and query parameters (in `query` and
    // in the logged `url`), e.g. an EventSource that cannot send headers.
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["x-api-key"]',
      'req.headers["proxy-authorization"]',
      ...SECRET_PARAMS.map((name) => `req.query.${name}`),
    ],
    serializers: {
      req: (req: { url?: string }) => ({ ...req, url: req.url && redactUrlSecrets(req.url) }),
    },
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
  } satisfies Params['pinoHttp'];
}
