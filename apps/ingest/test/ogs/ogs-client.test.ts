import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeOgsServer, gameFromSgf } from '../../../../test/support/fake-ogs-server';
import { OgsClient, backoffDelay, OGS_BACKOFF } from '../../src/ogs/ogs-client';
import { parseGameEvent, socketUrlOf, type OgsGameData } from '../../src/ogs/protocol';

const SGF = readFileSync(join(__dirname, '../fixtures/gnugo-selfplay-13x13.sgf'), 'utf8');

function waitFor<T>(register: (resolve: (v: T) => void) => void): Promise<T> {
  return new Promise((resolve) => register(resolve));
}

describe('OGS protocol helpers', () => {
  it('turns a site URL into a socket URL as goban does and splits game events', () => {
    expect(socketUrlOf('https://online-go.com')).toBe('wss://online-go.com');
    expect(socketUrlOf('http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080');
    expect(socketUrlOf('ws://127.0.0.1:9')).toBe('ws://127.0.0.1:9');
    expect(parseGameEvent('game/123/move')).toEqual({ gameId: 123, name: 'move' });
    expect(parseGameEvent('game/123/chat/remove')).toEqual({ gameId: 123, name: 'chat/remove' });
    expect(parseGameEvent('net/pong')).toBeNull();
  });

  it('backs off like goban: 50 ms, then 100-300 ms, then 250-750 ms, then doubling to 30 s', () => {
    expect(backoffDelay(0, OGS_BACKOFF, () => 0.99)).toBe(50);
    expect(backoffDelay(1, OGS_BACKOFF, () => 0)).toBe(100);
    expect(backoffDelay(1, OGS_BACKOFF, () => 0.999)).toBe(299);
    expect(backoffDelay(2, OGS_BACKOFF, () => 0.5)).toBe(500);
    // Past goban's schedule the range doubles per attempt, up to 30 s.
    expect(backoffDelay(3, OGS_BACKOFF, () => 0)).toBe(500);
    expect(backoffDelay(4, OGS_BACKOFF, () => 0.999)).toBe(2998);
    expect(backoffDelay(8, OGS_BACKOFF, () => 0)).toBe(16_000);
    expect(backoffDelay(9, OGS_BACKOFF, () => 0.5)).toBe(30_000);
    expect(backoffDelay(1000, OGS_BACKOFF, () => 0.5)).toBe(30_000);
  });
});

describe('OgsClient against the fake OGS server', () => {
  let server: FakeOgsServer;
  let client: OgsClient | undefined;
  afterEach(async () => {
    client?.close();
    client = undefined;
    await server?.close();
  });

  it('pings, watches a game with game/connect {game_id, chat:false} and receives its gamedata', async () => {
    server = new FakeOgsServer();
    server.addGame(gameFromSgf(4242, SGF)).played = 10;
    client = new OgsClient({ url: await server.listen(), pingIntervalMs: 30 });
    const pongs = waitFor<number>((r) => client!.once('pong', r));
    const data = waitFor<OgsGameData>((r) => client!.once('gamedata', (_id, d) => r(d)));
    await client.start();
    client.watchGame(4242);
    const gd = await data;
    expect(gd).toMatchObject({ game_id: 4242, width: 13, height: 13, komi: 6.5, phase: 'play' });
    expect(gd.moves).toHaveLength(10);
    expect(gd.moves[0].slice(0, 2)).toEqual([10, 2]); // L11 on 13x13
    expect(await pongs).toBeGreaterThanOrEqual(0);
    expect(server.commands('game/connect')[0]).toEqual(['game/connect', { game_id: 4242, chat: false }]);
    // A guest's authenticate comes first on the socket, as goban sends it.
    expect(server.received[0]).toEqual([
      'authenticate',
      { jwt: '', device_id: expect.any(String), user_agent: 'moyo-ingest', client: 'moyo' },
    ]);
    await new Promise((r) => setTimeout(r, 100));
    expect(server.commands('net/ping').length).toBeGreaterThanOrEqual(2);
  });

  it('counts watches of one game: the server is told to stop only when the last watcher leaves', async () => {
    server = new FakeOgsServer();
    server.addGame(gameFromSgf(77, SGF)).played = 4;
    client = new OgsClient({ url: await server.listen() });
    await client.start();
    // Two streams (two tenants) of the same game share the connection.
    for (let i = 0; i < 2; i++) {
      const data = waitFor((r) => client!.once('gamedata', () => r(undefined)));
      client.watchGame(77);
      await data; // each watcher gets a gamedata of its own
    }
    expect(server.commands('game/connect')).toHaveLength(2);
    client.unwatchGame(77);
    expect(client.watchedGames).toEqual([77]);
    // A ping's pong proves the server has read everything sent before it.
    const pong = () => waitFor((r) => client!.once('pong', () => r(undefined)));
    let p = pong();
    client.ping();
    await p;
    expect(server.commands('game/disconnect')).toHaveLength(0);
    expect(server.watcherCount(77)).toBe(1);
    client.unwatchGame(77);
    p = pong();
    client.ping();
    await p;
    expect(client.watchedGames).toEqual([]);
    expect(server.commands('game/disconnect')).toEqual([['game/disconnect', { game_id: 77 }]]);
    expect(server.watcherCount(77)).toBe(0);
    client.unwatchGame(77); // one too many: nothing more is sent
    expect(server.commands('game/disconnect')).toHaveLength(1);
  });

  it('answers requests by id (gamelist/query) and rejects an error reply', async () => {
    server = new FakeOgsServer();
    server.addGame(gameFromSgf(1, SGF));
    server.addGame(gameFromSgf(2, SGF));
    client = new OgsClient({ url: await server.listen() });
    await client.start();
    const list = await client.queryGameList({ list: 'live', sort_by: 'rank', where: {}, from: 0, limit: 1 });
    expect(list.results.map((g) => g.id)).toEqual([1]);
    // A guest's authenticate answers nothing; a command the server does not know answers an error.
    await expect(client.request('authenticate', { jwt: '' })).resolves.toBeNull();
    const unknown = 'moyo/unknown' as 'authenticate';
    await expect(client.request(unknown, { jwt: '' }).catch((e: Error) => e.message)).resolves.toMatch(
      /unknown_command/,
    );
  });

  it('reconnects after a drop and re-sends game/connect, so a fresh gamedata arrives', async () => {
    server = new FakeOgsServer();
    server.addGame(gameFromSgf(5, SGF)).played = 3;
    client = new OgsClient({ url: await server.listen() });
    await client.start();
    client.watchGame(5);
    await waitFor((r) => client!.once('gamedata', () => r(undefined)));
    const reconnected = waitFor<boolean>((r) => client!.once('connected', r));
    const disconnected = waitFor<number>((r) => client!.once('disconnected', r));
    server.game(5).played = 7;
    const again = waitFor<OgsGameData>((r) => client!.once('gamedata', (_id, d) => r(d)));
    server.dropAll(200);
    expect(await disconnected).toBe(1006);
    expect(await reconnected).toBe(true);
    expect((await again).moves).toHaveLength(7);
    expect(server.connections).toBeGreaterThanOrEqual(2);
    expect(server.commands('game/connect')).toHaveLength(2);
  });

  it('backs off further while the server drops every connection at once, and starts over once it answers', async () => {
    server = new FakeOgsServer();
    server.addGame(gameFromSgf(6, SGF));
    client = new OgsClient({
      url: await server.listen(),
      backoff: [
        [5, 5],
        [20, 40],
        [60, 60],
      ],
      random: () => 0.5,
    });
    const delays: number[] = [];
    client.on('reconnecting', (delay) => delays.push(delay));
    await client.start();
    client.watchGame(6);
    await waitFor((r) => client!.once('gamedata', () => r(undefined)));
    const back = waitFor<OgsGameData>((r) => client!.once('gamedata', (_id, d) => r(d)));
    server.dropAll(600); // connections accepted in the next 600 ms are closed before any frame
    await back;
    // 5, 30, 60, then doubling (120, 240, ...): the failed reopenings did not reset the schedule.
    expect(delays.length).toBeGreaterThanOrEqual(3);
    expect(delays.slice(0, 2)).toEqual([5, 30]);
    expect(delays.slice(2)).toEqual(delays.slice(2).map((_d, k) => 60 * 2 ** k));
    delays.length = 0;
    const again = waitFor<OgsGameData>((r) => client!.once('gamedata', (_id, d) => r(d)));
    server.dropAll();
    await again;
    expect(delays).toEqual([5]);
  });

  it('replaces a socket that went silent without closing (a cut network) and resyncs the game', async () => {
    server = new FakeOgsServer();
    server.addGame(gameFromSgf(8, SGF)).played = 2;
    client = new OgsClient({ url: await server.listen(), pingIntervalMs: 25, silenceLimitMs: 100 });
    await client.start();
    client.watchGame(8);
    await waitFor((r) => client!.once('gamedata', () => r(undefined)));
    const disconnected = waitFor<number>((r) => client!.once('disconnected', r));
    const again = waitFor<OgsGameData>((r) => client!.once('gamedata', (_id, d) => r(d)));
    server.game(8).played = 5;
    server.mute(150);
    expect(await disconnected).toBe(1006);
    expect((await again).moves).toHaveLength(5);
    expect(server.connections).toBeGreaterThanOrEqual(2);
  });
});
