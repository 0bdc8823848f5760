import { Geometry, PASS, parseSgfPoint } from '@moyo/engine';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
// Straight from the folder: the SGF reader is newer than the engine's index on some branches.
import { readSgf } from '../../libs/engine/src/sgf';

/** A move as OGS sends it: [x, y, timedelta] from the top-left, pass [-1, -1]. */
type OgsMove = [number, number, number];

/** How the fake server misbehaves while replaying a game. Move numbers count from 1. */
export interface ReplayScript {
  /** Milliseconds between moves (default 15). */
  moveIntervalMs?: number;
  /** After sending these moves, the server drops every connection (the client must reconnect). */
  dropAfter?: number[];
  /** These move events are sent twice. */
  repeat?: number[];
  /** Move n is held back and sent after move n + 1. */
  swapWithNext?: number[];
  /** These move events are never sent (only a later gamedata has them). */
  skip?: number[];
  /** Accept no connections for this long after a drop (default 0). */
  downMs?: number;
  /**
   * After sending move `after`, the players undo it (`undo_accepted`) and move `after` is played
   * again at `replaceWith`, or without `replaceWith` the record's next move takes its number.
   */
  undo?: { after: number; replaceWith?: [number, number] }[];
  /**
   * After sending move `after`, send nothing more until `until()` holds (checked every 5 ms, for
   * at most 10 s): lets a test see a client react to a state, however slow the machine is.
   */
  holdAfter?: { after: number; until: () => boolean }[];
}

/** One game the fake server knows: its record and how far the replay has got. */
export interface FakeGame {
  id: number;
  size: number;
  komi: number;
  rules: string;
  moves: OgsMove[];
  /** Moves played so far (what a gamedata reports). */
  played: number;
  phase: 'play' | 'stone removal' | 'finished';
  outcome: string;
}

/** Reads an SGF record (main line) into a FakeGame with OGS [x, y] moves. */
export function gameFromSgf(id: number, sgf: string): FakeGame {
  const record = readSgf(sgf);
  const geo = Geometry.of(record.width, record.height);
  const moves: OgsMove[] = [];
  for (const node of record.nodes) {
    const value = node.B?.[0] ?? node.W?.[0];
    if (value === undefined) continue;
    const p = parseSgfPoint(value, geo);
    moves.push(p === PASS ? [-1, -1, 1000] : [geo.x(p), geo.y(p), 1000]);
  }
  const re = record.info.RE ?? '';
  return {
    id,
    size: record.width,
    komi: record.komi,
    rules: record.rulesText?.toLowerCase() ?? 'japanese',
    moves,
    played: 0,
    phase: 'play',
    outcome: re.includes('+') ? re.slice(re.indexOf('+') + 1) + ' points' : re,
  };
}

/**
 * A local server on OGS's realtime wire protocol (JSON arrays over a WebSocket) that replays real
 * game records: answers `net/ping`, `game/connect` (with a full `gamedata`), `game/disconnect`,
 * `gamelist/query`; pushes `game/<id>/move` and `game/<id>/phase` while replaying; and follows a
 * ReplayScript to drop connections, repeat, reorder or skip move events. Records what it received.
 */
export class FakeOgsServer {
  readonly received: unknown[][] = [];
  /** Connections accepted so far (reconnects included). */
  connections = 0;
  private wss?: WebSocketServer;
  private readonly games = new Map<number, FakeGame>();
  private readonly watchers = new Map<WebSocket, Set<number>>();
  private refusingUntil = 0;
  private mutedUntil = 0;
  private readonly firstSent = new Map<string, number>();
  private timers: NodeJS.Timeout[] = [];

  /** Starts listening on 127.0.0.1 (random port); resolves with the ws:// URL. */
  async listen(): Promise<string> {
    this.wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => this.wss!.once('listening', () => resolve()));
    this.wss.on('connection', (ws) => this.onConnection(ws));
    return this.url;
  }

  get url(): string {
    const address = this.wss!.address() as AddressInfo;
    return `ws://127.0.0.1:${address.port}`;
  }

  addGame(game: FakeGame): FakeGame {
    this.games.set(game.id, game);
    return game;
  }

  game(id: number): FakeGame {
    const g = this.games.get(id);
    if (!g) throw new Error(`fake OGS: no game ${id}`);
    return g;
  }

  /** Commands received with the given name. */
  commands(name: string): unknown[][] {
    return this.received.filter((f) => f[0] === name);
  }

  /** Number of clients currently watching `gameId`. */
  watcherCount(gameId: number): number {
    let n = 0;
    for (const set of this.watchers.values()) if (set.has(gameId)) n++;
    return n;
  }

  /**
   * Replays game `id` from its current point to the end under `script`, then moves it to stone
   * removal and finished. Resolves when the game is finished.
   */
  async replay(id: number, script: ReplayScript = {}): Promise<void> {
    const game = this.game(id);
    const interval = script.moveIntervalMs ?? 15;
    const drop = new Set(script.dropAfter ?? []);
    const repeat = new Set(script.repeat ?? []);
    const swap = new Set(script.swapWithNext ?? []);
    const skip = new Set(script.skip ?? []);
    const undo = new Map((script.undo ?? []).map((u) => [u.after, u.replaceWith]));
    const holds = new Map((script.holdAfter ?? []).map((h) => [h.after, h.until]));
    let held: number | undefined;
    while (game.played < game.moves.length) {
      await this.sleep(interval);
      game.played++;
      const n = game.played;
      if (swap.has(n) && n < game.moves.length) {
        held = n;
        continue;
      }
      if (!skip.has(n)) this.sendMove(game, n);
      if (held !== undefined) {
        this.sendMove(game, held);
        held = undefined;
      }
      if (repeat.has(n)) this.sendMove(game, n);
      if (drop.has(n)) this.dropAll(script.downMs ?? 0);
      const until = holds.get(n);
      for (let waited = 0; until !== undefined && !until() && waited < 10_000; waited += 5)
        await this.sleep(5);
      if (undo.has(n)) {
        const replacement = undo.get(n);
        undo.delete(n);
        await this.sleep(interval);
        game.played--;
        if (replacement) game.moves[n - 1] = [...replacement, 1000];
        else game.moves.splice(n - 1, 1);
        this.broadcast(game.id, `game/${game.id}/undo_accepted`, {
          move_number: game.played,
          undo_move_count: 1,
        });
      }
    }
    await this.sleep(interval);
    game.phase = 'stone removal';
    this.broadcast(game.id, `game/${game.id}/phase`, game.phase);
    await this.sleep(interval);
    game.phase = 'finished';
    this.broadcast(game.id, `game/${game.id}/phase`, game.phase);
  }

  /** Closes every client connection abruptly (as a server restart or network cut would). */
  dropAll(downMs = 0): void {
    this.refusingUntil = Date.now() + downMs;
    for (const ws of this.watchers.keys()) ws.terminate();
  }

  /**
   * Goes silent for `ms` without closing anything, as a cut network does: commands are read but
   * not answered and no events are pushed (connections made meanwhile stay silent too).
   */
  mute(ms: number): void {
    this.mutedUntil = Date.now() + ms;
  }

  private get muted(): boolean {
    return Date.now() < this.mutedUntil;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    for (const ws of this.watchers.keys()) ws.terminate();
    await new Promise<void>((resolve) => (this.wss ? this.wss.close(() => resolve()) : resolve()));
  }

  gamedata(game: FakeGame): Record<string, unknown> {
    return {
      game_id: game.id,
      game_name: `fake game ${game.id}`,
      width: game.size,
      height: game.size,
      komi: game.komi,
      rules: game.rules,
      handicap: 0,
      initial_player: 'black',
      initial_state: { black: '', white: '' },
      free_handicap_placement: false,
      moves: game.moves.slice(0, game.played),
      phase: game.phase,
      ...(game.phase === 'finished' ? { outcome: game.outcome } : {}),
      players: { black: { id: 1, username: 'black' }, white: { id: 2, username: 'white' } },
    };
  }

  /** When move `n` of game `gameId` was first pushed to the watchers (ms since epoch), for latency benches. */
  moveSentAt(gameId: number, n: number): number | undefined {
    return this.firstSent.get(`${gameId}:${n}`);
  }

  private sendMove(game: FakeGame, n: number): void {
    const key = `${game.id}:${n}`;
    if (!this.firstSent.has(key)) this.firstSent.set(key, Date.now());
    this.broadcast(game.id, `game/${game.id}/move`, {
      game_id: game.id,
      move_number: n,
      move: game.moves[n - 1],
    });
  }

  private broadcast(gameId: number, event: string, data: unknown): void {
    if (this.muted) return;
    const text = JSON.stringify([event, data]);
    for (const [ws, games] of this.watchers)
      if (games.has(gameId) && ws.readyState === ws.OPEN) ws.send(text);
  }

  private onConnection(ws: WebSocket): void {
    if (Date.now() < this.refusingUntil) {
      ws.terminate();
      return;
    }
    this.connections++;
    this.watchers.set(ws, new Set());
    ws.on('close', () => this.watchers.delete(ws));
    ws.on('error', () => undefined);
    ws.on('message', (raw) => {
      let frame: unknown;
      try {
        frame = JSON.parse(String(raw));
      } catch {
        return;
      }
      if (!Array.isArray(frame)) return;
      this.received.push(frame);
      if (this.muted) return;
      this.onCommand(
        ws,
        frame[0] as string,
        frame[1] as Record<string, unknown>,
        frame[2] as number | undefined,
      );
    });
  }

  private onCommand(ws: WebSocket, command: string, data: Record<string, unknown>, id?: number): void {
    const reply = (payload: unknown, error?: unknown) => {
      if (id !== undefined) ws.send(JSON.stringify(error === undefined ? [id, payload] : [id, null, error]));
    };
    switch (command) {
      case 'authenticate':
        // A guest (jwt "") is nobody: goban's protocol answers undefined.
        reply(undefined);
        break;
      case 'net/ping':
        ws.send(JSON.stringify(['net/pong', { client: data.client, server: Date.now() }]));
        break;
      case 'game/connect': {
        const game = this.games.get(Number(data.game_id));
        if (!game) {
          ws.send(JSON.stringify([`game/${String(data.game_id)}/error`, 'game not found']));
          return;
        }
        this.watchers.get(ws)?.add(game.id);
        ws.send(JSON.stringify([`game/${game.id}/gamedata`, this.gamedata(game)]));
        break;
      }
      case 'game/disconnect':
        this.watchers.get(ws)?.delete(Number(data.game_id));
        break;
      case 'gamelist/query': {
        const live = [...this.games.values()].filter((g) => g.phase !== 'finished');
        const from = Number(data.from ?? 0);
        const limit = Number(data.limit ?? 10);
        reply({
          list: data.list,
          by: data.sort_by,
          size: live.length,
          from,
          limit,
          results: live.slice(from, from + limit).map((g) => ({
            id: g.id,
            phase: g.phase,
            name: `fake game ${g.id}`,
            width: g.size,
            height: g.size,
            move_number: g.played,
          })),
        });
        break;
      }
      default:
        reply(undefined, { code: 'unknown_command', message: `fake OGS does not know ${command}` });
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(resolve, ms);
      this.timers.push(t);
    });
  }
}
