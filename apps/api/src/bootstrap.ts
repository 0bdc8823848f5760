import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import type { Logger as RootLogger } from 'pino';
import { AppModule } from './app.module';
import { ApiConfig } from './config/api-config';
import { errorBody } from './errors/api-errors';
import { textGuard } from './errors/text-guard';
import { API_LOGGER } from './logging/logger.module';
import { requestLogger } from './logging/request-logger';

interface RawRequest {
  headers: Record<string, string | string[] | undefined>;
}
interface RawResponse {
  status(code: number): RawResponse;
  json(body: unknown): unknown;
  setHeader(name: string, value: string): unknown;
}

/**
 * Creates the api application (not yet listening): used by main.ts and by the tests. JSON bodies
 * up to BODY_LIMIT_BYTES (a larger Content-Length is refused before reading: 413 JSON). OpenAPI
 * is served at /docs (UI) and /docs-json; controllers appear there through their decorators.
 */
export async function createApiApp(config: ApiConfig): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  // Signals are main.ts's (drainOnSignals): the HTTP server closes before the app's pools.
  app.disable('x-powered-by');
  // First, so every answer (a 413 of the body-size check too) has its X-Request-Id and log line.
  app.use(requestLogger(app.get<RootLogger>(API_LOGGER)));
  // Every answer: no MIME sniffing, no framing by other sites, no Referer to other origins.
  app.use((_req: RawRequest, res: RawResponse, next: () => void) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  });
  app.use((req: RawRequest, res: RawResponse, next: () => void) => {
    const length = Number(req.headers['content-length']);
    if (Number.isFinite(length) && length > config.bodyLimitBytes) {
      res.setHeader('Connection', 'close');
      res
        .status(413)
        .json(
          errorBody(413, `request body is ${length} bytes, more than the limit of ${config.bodyLimitBytes}`),
        );
      return;
    }
    next();
  });
  app.useBodyParser('json', { limit: config.bodyLimitBytes });
  app.use(textGuard);
  const openApi = new DocumentBuilder()
    .setTitle('Moyo')
    .setDescription(
      'Go position analysis: territory, dead stones, move values, eye values. Every /v1 route takes ' +
        '`Authorization: Bearer <API key>` (create one with `npx moyo-admin keys create --name <name>`).',
    )
    .setVersion(process.env.npm_package_version ?? '0.1.0')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('docs', app, () => SwaggerModule.createDocument(app, openApi), {
    jsonDocumentUrl: 'docs-json',
  });
  return app;
}
