import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import {
  parseGameEvent,
  socketUrlOf,
  type OgsClientCommands,
  type OgsGameData,
  type OgsGameListAnswer,
  type OgsGameListQuery,
  type OgsMoveEvent,
  type OgsPhase,
} from './protocol';

/** Events of an OgsClient, with their arguments. */
export interface OgsClientEvents {
  /** The socket opened (first time or after a reconnect); watched games were re-requested. */
  connected: [reconnect: boolean];
  /** The socket closed; a reconnect follows unless the client was closed or the code is final. */
  disconnected: [code: number];
  /** A reconnect is scheduled in `delayMs` (jittered backoff; `attempt` counts from 0 per outage). */
  reconnecting: [delayMs: number, attempt: number];
  gamedata: [gameId: number, data: OgsGameData];
  move: [gameId: number, event: OgsMoveEvent];
  phase: [gameId: number, phase: OgsPhase];
  /** Any other `game/<id>/<name>` event (clock, chat, removed_stones, ...). */
  gameEvent: [gameId: number, name: string, data: unknown];
  pong: [latencyMs: number];
  /** Close codes 1014/1015 (bad gateway, TLS): goban stops reconnecting, and so does this client. */
  unrecoverable: [code: number];
  /** A frame that is not a JSON array, or a handler that threw. Never fatal. */
  protocolError: [error: Error];
}

export interface OgsClientOptions {
  /** Site URL (`https://online-go.com`) or socket URL (`ws://127.0.0.1:1234`). */
  url: string;
  /** goban's default: 10 s. */
  pingIntervalMs?: number;
  /**
   * A socket that has sent nothing (not even a pong) for this long is taken for dead and
   * replaced: a cut network often closes nothing. Default three ping intervals.
   */
  silenceLimitMs?: number;
  /** An opening handshake not done within this time is abandoned and retried (default 10 s). */
  handshakeTimeoutMs?: number;
  /** Reconnect delay ranges [min, max] ms by attempt; the last repeats. goban's by default. */
  backoff?: readonly (readonly [number, number])[];
  /** Replies not received within this time reject (default 30 s). */
  requestTimeoutMs?: number;
  /** For tests: a deterministic source in [0, 1). */
  random?: () => number;
  /** The `user_jwt` of an OGS account (from /api/v1/ui/config); default "" (a guest, enough to watch). */
  jwt?: string;
}

/** goban's reconnect schedule: 50 ms, then 100-300 ms, then 250-750 ms (then doubling, see backoffDelay). */
export const OGS_BACKOFF: readonly (readonly [number, number])[] = [
  [50, 50],
  [100, 300],
  [250, 750],
];

/** Close codes after which goban does not reconnect. */
const UNRECOVERABLE_CODES = new Set([1014, 1015]);

/** Longest wait between two reconnect attempts. */
export const MAX_RECONNECT_DELAY_MS = 30_000;

/**
 * The jittered delay of reconnect attempt `attempt` (0-based) under `schedule`: its range for the
 * first attempts, then the last range doubling with every further attempt, at most
 * MAX_RECONNECT_DELAY_MS (a server that refuses every connection is not hammered for ever). Pure.
 */
export function backoffDelay(
  attempt: number,
  schedule: readonly (readonly [number, number])[] = OGS_BACKOFF,
  random: () => number = Math.random,
): number {
  const last = schedule.length - 1;
  const factor = 2 ** Math.min(Math.max(0, attempt - last), 20);
  const [min, max] = schedule[Math.min(attempt, last)].map((ms) =>
    Math.min(ms * factor, MAX_RECONNECT_DELAY_MS),
  );
  return Math.floor(min + random() * (max - min));
}

interface Pending {
  resolve: (data: unknown) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/** A reply to a request that carried an error, or a request the socket dropped. */
export class OgsRequestError extends Error {
  constructor(
    readonly command: string,
    readonly detail: unknown,
  ) {
    super(`OGS ${command} failed: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
    this.name = 'OgsRequestError';
  }
}

/**
 * A realtime client for online-go.com over one WebSocket: sends `net/ping` every 10 s, reconnects
 * with jittered backoff, and after every (re)connect sends `game/connect` again for each watched
 * game, so the server answers with a fresh `gamedata` from which followers resync. Typed events.
 */
export class OgsClient extends EventEmitter<OgsClientEvents> {
  readonly socketUrl: string;
  private socket?: WebSocket;
  /** Watched games, each with how many followers watch it (two tenants' streams of one game share it). */
  private readonly watched = new Map<number, number>();
  private readonly pending = new Map<number, Pending>();
  private lastRequestId = 0;
  private attempts = 0;
  private everConnected = false;
  private closed = false;
  private pingTimer?: NodeJS.Timeout;
  private reconnectTimer?: NodeJS.Timeout;
  private latency = 0;
  private drift = 0;
  private readonly pingIntervalMs: number;
  private readonly silenceLimitMs: number;
  private readonly handshakeTimeoutMs: number;
  private lastFrameAt = 0;
  private readonly backoff: readonly (readonly [number, number])[];
  private readonly requestTimeoutMs: number;
  private readonly random: () => number;
  private readonly jwt: string;
  /** Names this process to OGS in `authenticate` (goban sends a device id per client). */
  private readonly deviceId = randomUUID();

  constructor(options: OgsClientOptions) {
    super();
    this.socketUrl = socketUrlOf(options.url);
    this.pingIntervalMs = options.pingIntervalMs ?? 10_000;
    this.silenceLimitMs = options.silenceLimitMs ?? 3 * this.pingIntervalMs;
    this.handshakeTimeoutMs = options.handshakeTimeoutMs ?? 10_000;
    this.backoff = options.backoff ?? OGS_BACKOFF;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.random = options.random ?? Math.random;
    this.jwt = options.jwt ?? '';
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Opens the socket (idempotent). Resolves on the first successful open. */
  start(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('OGS client is closed'));
    if (!this.socket) this.open();
    if (this.connected) return Promise.resolve();
    return new Promise((resolve) => this.once('connected', () => resolve()));
  }

  /**
   * Watches a game: `game/connect` now (if connected) and after every reconnect. Counted: each
   * call needs its own `unwatchGame`. A repeat sends `game/connect` again so the new watcher gets
   * a fresh `gamedata` (the others ignore what they already know).
   */
  watchGame(gameId: number): void {
    this.watched.set(gameId, (this.watched.get(gameId) ?? 0) + 1);
    if (this.connected) this.send('game/connect', { game_id: gameId, chat: false });
  }

  /** Asks the server for the game's full state again (a fresh `gamedata`). */
  resync(gameId: number): void {
    if (this.watched.has(gameId) && this.connected)
      this.send('game/connect', { game_id: gameId, chat: false });
  }

  /** Drops one watch of a game; the server is told only when the last watcher leaves. */
  unwatchGame(gameId: number): void {
    const n = this.watched.get(gameId);
    if (n === undefined) return;
    if (n > 1) {
      this.watched.set(gameId, n - 1);
      return;
    }
    this.watched.delete(gameId);
    if (this.connected) this.send('game/disconnect', { game_id: gameId });
  }

  get watchedGames(): number[] {
    return [...this.watched.keys()];
  }

  /** Sends a command without expecting a reply. Dropped (false) while disconnected: state is resent on reconnect. */
  send<C extends keyof OgsClientCommands>(command: C, data: OgsClientCommands[C]): boolean {
    if (!this.connected) return false;
    this.socket!.send(JSON.stringify([command, data]));
    return true;
  }

  /** Sends `[command, data, id]` and resolves with the reply's data; rejects on an error reply or a drop. */
  request<C extends keyof OgsClientCommands>(command: C, data: OgsClientCommands[C]): Promise<unknown> {
    if (!this.connected) return Promise.reject(new OgsRequestError(command, 'not connected'));
    const id = ++this.lastRequestId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new OgsRequestError(command, `no reply within ${this.requestTimeoutMs} ms`));
      }, this.requestTimeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.socket!.send(JSON.stringify([command, data, id]));
    });
  }

  /** `gamelist/query` (e.g. the live games sorted by rank). */
  async queryGameList(query: OgsGameListQuery): Promise<OgsGameListAnswer> {
    const answer = (await this.request('gamelist/query', query)) as OgsGameListAnswer | null;
    return { ...(answer ?? {}), results: Array.isArray(answer?.results) ? answer.results : [] };
  }

  /** Sends one `net/ping` now (also sent every `pingIntervalMs` while connected). */
  ping(): void {
    this.send('net/ping', { client: Date.now(), drift: this.drift, latency: this.latency });
  }

  /** Closes the socket for good: no reconnect, pending requests rejected. */
  close(): void {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pingTimer);
    this.rejectPending('client closed');
    if (this.socket && this.socket.readyState !== WebSocket.CLOSED) {
      this.socket.removeAllListeners('message');
      this.socket.terminate();
    }
  }

  private open(): void {
    const socket = new WebSocket(this.socketUrl, { handshakeTimeout: this.handshakeTimeoutMs });
    this.socket = socket;
    socket.on('open', () => {
      if (this.socket !== socket) return;
      const reconnect = this.everConnected;
      this.everConnected = true;
      this.lastFrameAt = Date.now();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => {
        if (Date.now() - this.lastFrameAt > this.silenceLimitMs) {
          // No close frame will come over a dead network: drop it ourselves ('close' reconnects).
          this.emit('protocolError', new Error(`no frame for ${this.silenceLimitMs} ms: reconnecting`));
          socket.terminate();
          return;
        }
        this.ping();
      }, this.pingIntervalMs);
      this.pingTimer.unref();
      // As goban does on every (re)connect: authenticate (a guest sends jwt "") before anything else.
      this.send('authenticate', {
        jwt: this.jwt,
        device_id: this.deviceId,
        user_agent: 'moyo-ingest',
        client: 'moyo',
      });
      this.ping();
      for (const gameId of this.watched.keys()) this.send('game/connect', { game_id: gameId, chat: false });
      this.emit('connected', reconnect);
    });
    socket.on('message', (raw) => {
      // The backoff restarts only once the server has answered: a server that accepts and
      // drops every connection at once keeps the longer delays instead of a 50 ms loop.
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.lastFrameAt = Date.now();
      this.onFrame(String(raw));
    });
    // 'close' always follows 'error' in ws; reconnecting is decided there.
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      if (this.socket !== socket) return;
      clearInterval(this.pingTimer);
      this.rejectPending(`socket closed (${code})`);
      this.emit('disconnected', code);
      if (this.closed) return;
      if (UNRECOVERABLE_CODES.has(code)) {
        this.emit('unrecoverable', code);
        return;
      }
      const attempt = this.attempts++;
      const delay = backoffDelay(attempt, this.backoff, this.random);
      this.emit('reconnecting', delay, attempt);
      this.reconnectTimer = setTimeout(() => {
        if (!this.closed) this.open();
      }, delay);
    });
  }

  private onFrame(text: string): void {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      this.emit('protocolError', new Error(`frame is not JSON: ${text.slice(0, 120)}`));
      return;
    }
    if (!Array.isArray(frame) || frame.length < 1) {
      this.emit('protocolError', new Error(`frame is not an array: ${text.slice(0, 120)}`));
      return;
    }
    const [head, data, error] = frame as [unknown, unknown, unknown];
    try {
      if (typeof head === 'number') this.onReply(head, data, error);
      else if (typeof head === 'string') this.onEvent(head, data);
      else this.emit('protocolError', new Error(`frame head is neither event nor id: ${text.slice(0, 120)}`));
    } catch (err) {
      this.emit('protocolError', err instanceof Error ? err : new Error(String(err)));
    }
  }

  private onReply(id: number, data: unknown, error: unknown): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    clearTimeout(p.timer);
    if (error !== undefined && error !== null) p.reject(new OgsRequestError(`request ${id}`, error));
    else p.resolve(data);
  }

  private onEvent(event: string, data: unknown): void {
    if (event === 'net/pong') {
      const pong = data as { client?: number; server?: number };
      if (typeof pong?.client === 'number') {
        const now = Date.now();
        this.latency = now - pong.client;
        if (typeof pong.server === 'number') this.drift = now - this.latency / 2 - pong.server;
        this.emit('pong', this.latency);
      }
      return;
    }
    const game = parseGameEvent(event);
    if (!game) return;
    switch (game.name) {
      case 'gamedata':
        this.emit('gamedata', game.gameId, data as OgsGameData);
        break;
      case 'move':
        this.emit('move', game.gameId, data as OgsMoveEvent);
        break;
      case 'phase':
        this.emit('phase', game.gameId, data as OgsPhase);
        break;
      default:
        this.emit('gameEvent', game.gameId, game.name, data);
    }
  }

  private rejectPending(reason: string): void {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new OgsRequestError(`request ${id}`, reason));
    }
    this.pending.clear();
  }
}
