import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { isDatabaseUnavailable } from '@moyo/persistence';
import { PinoLogger } from 'nestjs-pino';
import { errorBody, type ErrorBody } from './api-errors';

interface HttpLikeError {
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
  expose?: unknown;
  message?: unknown;
  code?: unknown;
  name?: unknown;
}

/** body-parser's error types, with the message the client gets. */
const BODY_ERRORS: Record<string, (limit?: number) => string> = {
  'entity.too.large': (limit) =>
    `request body is larger than the limit${limit ? ` of ${limit} bytes` : ''}; send a smaller request`,
  'entity.parse.failed': () => 'request body is not valid JSON (a JSON object is expected)',
  'entity.verify.failed': () => 'request body could not be verified',
  'encoding.unsupported': () => 'request body has an unsupported Content-Encoding',
  'charset.unsupported': () => 'request body has an unsupported charset (use utf-8)',
  'request.aborted': () => 'request body was aborted by the client',
  'request.size.invalid': () => 'request body size does not match Content-Length',
  'stream.encoding.set': () => 'request body could not be read',
  'parameters.too.many': () => 'request body has too many parameters',
};

/** At most one "dependency unavailable" warning this often. */
const UNAVAILABLE_LOG_EVERY_MS = 5000;

/** Seconds a client should wait before retrying a 503 (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 5;

/** Errors that say PostgreSQL or Redis is unreachable: the request may be retried later (503). */
function isDependencyDown(err: HttpLikeError): boolean {
  if (isDatabaseUnavailable(err)) return true;
  const code = typeof err.code === 'string' ? err.code : '';
  const message = typeof err.message === 'string' ? err.message : '';
  const name = typeof err.name === 'string' ? err.name : '';
  return (
    ['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT'].includes(code) ||
    name === 'MaxRetriesPerRequestError' ||
    /no answer from Redis|Connection is closed|Stream isn't writeable|enableOfflineQueue|ECONNREFUSED|Can't reach database|connect ETIMEDOUT|Connection terminated/i.test(
      message,
    )
  );
}

/**
 * The api's one exception filter: every error becomes a JSON body `{statusCode, error, message,
 * field?, errors?}`. HttpExceptions keep their status and body; body-parser's errors keep their
 * 4xx (413 too large, 400 bad JSON, 415 encoding); an unreachable database or Redis is 503; only
 * a real fault is 500, logged with its stack and shown without internals.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private unavailableLoggedAt = 0;
  private unavailableSince = 0;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext('Errors');
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<{
      headersSent?: boolean;
      writableEnded?: boolean;
      end?: () => void;
      setHeader?: (name: string, value: string) => void;
    }>();
    // The request's id (request-logger.ts): lines logged here name the request they answer.
    const { status, body } = this.describe(exception, ctx.getRequest<{ id?: string }>()?.id);
    if (res.headersSent) {
      // A streamed answer (SSE, SVG) already started: all that is left is to end it.
      if (!res.writableEnded) res.end?.();
      return;
    }
    // Every 503 says when to come back: an outage of PostgreSQL or Redis, or a full queue.
    if (status === 503) res.setHeader?.('Retry-After', String(RETRY_AFTER_SECONDS));
    this.adapterHost.httpAdapter.reply(res, body, status);
  }

  /**
   * One warning per UNAVAILABLE_LOG_EVERY_MS with the count of 503s since the last one: an outage
   * answers every request with 503, and one log line each drowned everything else (1000 lines in
   * 16 s of a PostgreSQL outage under load).
   */
  private warnUnavailable(exception: unknown, reqId: string | undefined): void {
    this.unavailableSince++;
    const now = Date.now();
    if (now - this.unavailableLoggedAt < UNAVAILABLE_LOG_EVERY_MS) return;
    this.logger.warn(
      { err: exception, answered503: this.unavailableSince, reqId },
      'dependency unavailable',
    );
    this.unavailableLoggedAt = now;
    this.unavailableSince = 0;
  }

  private describe(exception: unknown, reqId: string | undefined): { status: number; body: unknown } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'object' && response !== null) {
        const r = response as Record<string, unknown>;
        // Nest's own shape has `message` as a string or a list; keep other bodies (e.g. /readyz) whole.
        if (Array.isArray(r.message)) return { status, body: { ...r, message: r.message.join('; ') } };
        // Nest turns body-parser's SyntaxError into a bare 400 with JSON.parse's words.
        if (
          status === 400 &&
          r.field === undefined &&
          typeof r.message === 'string' &&
          /JSON/.test(r.message)
        ) {
          return {
            status,
            body: errorBody(400, `request body is not valid JSON (${r.message})`, { field: 'body' }),
          };
        }
        // Nest turns the router's URIError (a path parameter that is not percent-encoded UTF-8,
        // e.g. an encoded lone surrogate) into a bare 400.
        if (
          status === 400 &&
          r.field === undefined &&
          typeof r.message === 'string' &&
          r.message.startsWith('Failed to decode param')
        ) {
          return {
            status,
            body: errorBody(400, 'a path parameter is not valid percent-encoded UTF-8', { field: 'path' }),
          };
        }
        return { status, body: response };
      }
      return { status, body: errorBody(status, String(response)) };
    }
    const err = (exception ?? {}) as HttpLikeError;
    const httpStatus = Number(err.status ?? err.statusCode);
    if (
      typeof err.type === 'string' &&
      Number.isInteger(httpStatus) &&
      httpStatus >= 400 &&
      httpStatus < 500
    ) {
      const limit = (exception as { limit?: number }).limit;
      const message = BODY_ERRORS[err.type]?.(limit) ?? String(err.message ?? 'bad request');
      // The body as a whole is at fault (too large, not JSON, an encoding we do not read).
      return { status: httpStatus, body: errorBody(httpStatus, message, { field: 'body' }) };
    }
    if (isDependencyDown(err)) {
      this.warnUnavailable(exception, reqId);
      return {
        status: HttpStatus.SERVICE_UNAVAILABLE,
        body: errorBody(503, 'a backing service (PostgreSQL or Redis) is unavailable; retry later'),
      };
    }
    this.logger.error({ err: exception, reqId }, 'unhandled error');
    const body: ErrorBody = errorBody(500, 'internal error');
    return { status: 500, body };
  }
}
