import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiKeyRepository } from '@moyo/persistence';
import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { PinoLogger } from 'nestjs-pino';
import { WebSocketServer, type WebSocket } from 'ws';
import { bearerToken, hashApiKey, looksLikeApiKey } from '../auth/api-keys';
import { GameUpdatesService } from '../games/game-updates.service';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { TurnFollower } from './katago-follow';
import { KataGoQueryService, type KataGoLine } from './katago-query.service';

/** Where the KataGo analysis socket listens (on the api's own HTTP server). */
export const KATAGO_SOCKET_PATH = '/v1/katago/ws';
/** Largest frame a client may send. */
const MAX_FRAME_BYTES = 1 << 20;

/**
 * KataGo's analysis protocol over a WebSocket (KaTrain's remote backend): every text frame holds
 * one or more JSON query lines; every answer line goes back as its own frame. Each turn is a
 * position job run by the workers; its answer is sent as soon as the job ends. The API key comes
 * as `Authorization: Bearer <key>` or, for clients that cannot set headers, `?key=<key>` in the
 * URL; each query counts against the key's rate limit. `terminate` stops the answers of waiting
 * turns (each gets `noResults`); jobs already queued still run and stay cached.
 */
@Injectable()
export class KataGoSocketServer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private detach?: () => void;

  constructor(
    private readonly adapter: HttpAdapterHost,
    private readonly queries: KataGoQueryService,
    private readonly updates: GameUpdatesService,
    private readonly keys: ApiKeyRepository,
    private readonly rateLimit: RateLimitService,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext('KataGoSocket');
  }

  onApplicationBootstrap(): void {
    const server = this.adapter.httpAdapter?.getHttpServer() as import('node:http').Server | undefined;
    if (!server) return;
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname.replace(/\/{2,}/g, '/').replace(/\/$/, '') !== KATAGO_SOCKET_PATH) return;
      void this.upgrade(req, socket, head, url);
    };
    server.on('upgrade', onUpgrade);
    this.detach = () => server.off('upgrade', onUpgrade);
  }

  async onModuleDestroy(): Promise<void> {
    this.detach?.();
    for (const ws of this.wss.clients) ws.close(1001, 'server shutting down');
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const token = bearerToken(req.headers.authorization) ?? url.searchParams.get('key');
    const key =
      token && looksLikeApiKey(token)
        ? await this.keys.findActiveByHash(hashApiKey(token)).catch(() => null)
        : null;
    if (!key) {
      const body = JSON.stringify({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'missing, invalid or revoked API key',
      });
      socket.end(
        `HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nWWW-Authenticate: Bearer\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.serve(ws, key.tenantId, key.id));
  }

  private serve(ws: WebSocket, tenantId: string, keyId: string): void {
    const send = (line: KataGoLine) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(line));
    };
    const follower = new TurnFollower(tenantId, this.queries, this.updates.jobEnded(), send);
    // Lines of one connection are handled in order (a terminate after its query finds it queued).
    let chain = Promise.resolve();
    ws.on('message', (data, isBinary) => {
      const text = isBinary ? '' : data.toString();
      for (const line of text.split('\n')) {
        if (line.trim() === '') continue;
        chain = chain
          .then(() => this.handle(line, tenantId, keyId, follower, send))
          .catch((e: unknown) => {
            this.logger.error({ err: e }, 'KataGo line failed');
            send({ error: `the line could not be handled: ${(e as Error).message}` });
          });
      }
    });
    ws.on('close', () => follower.close());
    ws.on('error', () => follower.close());
  }

  private async handle(
    text: string,
    tenantId: string,
    keyId: string,
    follower: TurnFollower,
    send: (line: KataGoLine) => void,
  ): Promise<void> {
    // JSON, KataGo's parser, the replay and the turns' jobs: on the request thread for a long game.
    const { lines, query: read, terminate } = await this.queries.read({ text });
    for (const l of lines) send(l);
    if (terminate) {
      for (const t of follower.stop(terminate.id, terminate.turns)) {
        send({ id: t.queryId, turnNumber: t.turnNumber, isDuringSearch: false, noResults: true });
      }
      return;
    }
    if (!read) return;
    const { query } = read;
    try {
      const decision = await this.rateLimit.consume(keyId);
      if (!decision.allowed) {
        send({
          id: query.id,
          error: `rate limit of ${decision.limit} requests per window reached; retry in ${decision.resetSeconds} s`,
        });
        return;
      }
      const { turns } = await this.queries.submit(tenantId, read);
      follower.add(turns);
    } catch (e) {
      this.logger.warn({ err: e }, 'KataGo query not queued');
      send({ id: query.id, error: `the query could not be queued: ${(e as Error).message}` });
    }
  }
}
