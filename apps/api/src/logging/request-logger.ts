import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger } from 'pino';

/** Routes polled by probes and scrapers: never logged. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/** A caller's X-Request-Id is kept when it looks like one (else a new UUID). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Query parameters whose values are credentials, never logged. */
export const SECRET_PARAMS = ['access_token', 'api_key', 'apiKey', 'token', 'key'];
const SECRET_IN_URL = new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&#]*`, 'gi');

/** `url` with the values of credential parameters replaced by `[Redacted]`. Pure. */
export function redactUrlSecrets(url: string): string {
  return url.replace(SECRET_IN_URL, '$1[Redacted]');
}

/** What the request logger reads of a request (Node's, with what Express and the auth guard add). */
export interface LoggedRequest extends IncomingMessage {
  originalUrl?: string;
  tenantId?: string;
  apiKey?: { prefix?: string };
}

const startedAt = Symbol('moyo.requestStartedAt');

/**
 * The request logger: gives each request an id (the caller's X-Request-Id when well formed, else
 * a new UUID: `req.id`, echoed in the response's X-Request-Id) and writes one line when its
 * answer is sent (info; error for a 5xx or a broken response), except for probes, with the
 * request (credentials redacted by `logger`'s serializers and redact paths), the status, the
 * response time and who asked (the auth guard's tenant and key prefix, never the key).
 *
 * In place of pino-http: that serialised and redacted the request into a child logger when the
 * request started, whether or not its line was written (at LOG_LEVEL=warn, never), and
 * nestjs-pino then ran the rest of the request in an AsyncLocalStorage context, whose hooks
 * slow down every promise of the process (about 2x per await, measured on Node 20). Here
 * nothing is serialised unless the line is written, and no async context is kept: a line logged
 * while serving a request (e.g. an unhandled error) names the request by `reqId` itself.
 */
export function requestLogger(logger: Logger) {
  return (req: LoggedRequest, res: ServerResponse, next: () => void): void => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    if (!PROBES.has((req.url ?? '').split('?', 1)[0])) {
      (res as ServerResponse & { [startedAt]?: number })[startedAt] = Date.now();
      const done = (err?: Error) => {
        res.removeListener('finish', done);
        res.removeListener('close', done);
        res.removeListener('error', done);
        logAnswer(logger, req, res, err);
      };
      res.on('finish', done);
      res.on('close', done);
      res.on('error', done);
    }
    next();
  };
}

function logAnswer(logger: Logger, req: LoggedRequest, res: ServerResponse, err?: Error): void {
  // As pino-http: a 5xx or a response error is an error; a client gone early (an SSE stream
  // closed, a request cut short) is not.
  const failed = err !== undefined || res.statusCode >= 500;
  const level = failed ? 'error' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  const responseTime = Date.now() - ((res as ServerResponse & { [startedAt]?: number })[startedAt] ?? 0);
  const who = req.tenantId ? { tenantId: req.tenantId, apiKey: req.apiKey?.prefix } : {};
  const line = { reqId: req.id, ...who, req, res, responseTime };
  if (!failed) logger.info(line, 'request completed');
  else
    logger.error(
      { ...line, err: err ?? new Error(`failed with status code ${res.statusCode}`) },
      'request errored',
    );
}

/**
 * The api's root logger: JSON lines on stdout (or `destination`), with the request and response
 * serializers of the request logger and the credentials wherever a client may put them
 * redacted: headers, and query parameters (in `query` and in the logged `url`), e.g. an
 * EventSource that cannot send headers.
 */
export function apiLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { app: 'api' },
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["x-api-key"]',
      'req.headers["proxy-authorization"]',
      ...SECRET_PARAMS.map((name) => `req.query.${name}`),
    ],
    serializers: {
      req: (req: LoggedRequest) => {
        const r = pino.stdSerializers.req(req);
        return { ...r, url: typeof r.url === 'string' ? redactUrlSecrets(r.url) : r.url };
      },
      res: pino.stdSerializers.res,
      err: pino.stdSerializers.err,
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
