import { Geometry, formatGtpVertex, parseSgfPoint } from '@moyo/engine';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSgf } from '../../../../libs/engine/src/sgf';
import { FakeOgsServer, gameFromSgf } from '../../../../test/support/fake-ogs-server';
import {
  DeliveryPace,
  GameFollower,
  type FinishedGame,
  type FollowedMove,
  type MoveSink,
} from '../../src/follow/game-follower';
import { OgsClient } from '../../src/ogs/ogs-client';

const SGF = readFileSync(join(__dirname, '../fixtures/gnugo-selfplay-13x13.sgf'), 'utf8');

/** The record's moves as KataGo writes them, straight from the SGF (independent of the follower). */
function recordMoves(): [string, string][] {
  const record = readSgf(SGF);
  const geo = Geometry.of(record.width, record.height);
  const out: [string, string][] = [];
  for (const node of record.nodes) {
    for (const color of ['B', 'W'] as const) {
      const v = node[color]?.[0];
      if (v !== undefined) out.push([color, formatGtpVertex(parseSgfPoint(v, geo), geo)]);
    }
  }
  return out;
}

/** Waits (polling) until `done()` holds; the test's own timeout bounds it. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 5));
}

class RecordingSink implements MoveSink {
  readonly moves: FollowedMove[] = [];
  readonly finished: FinishedGame[] = [];
  readonly rewinds: number[] = [];
  failNext = 0;
  async deliverMove(move: FollowedMove): Promise<void> {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('queue unavailable');
    }
    this.moves.push(move);
  }
  async rewind(keptMoves: number): Promise<void> {
    this.rewinds.push(keptMoves);
  }
  async finishGame(game: FinishedGame): Promise<void> {
    this.finished.push(game);
  }
}

describe('GameFollower against the fake OGS server replaying a GNU Go self-play record', () => {
  let server: FakeOgsServer;
  let client: OgsClient | undefined;
  afterEach(async () => {
    client?.close();
    client = undefined;
    await server?.close();
  });

  it('hands every move over exactly once and in order through drops, repeats, reordering and skips', async () => {
    const expected = recordMoves();
    expect(expected).toHaveLength(130);
    server = new FakeOgsServer();
    server.addGame(gameFromSgf(9001, SGF));
    client = new OgsClient({ url: await server.listen() });
    await client.start();
    const sink = new RecordingSink();
    sink.failNext = 2;
    const follower = new GameFollower(9001, client, sink, { gapResyncMs: 60, sinkRetryMs: 5 });
    const resyncs: string[] = [];
    follower.on('resync', (why) => resyncs.push(why));
    const finished = new Promise<FinishedGame>((r) => follower.once('finished', r));
    // True once a game/connect arrives after the first call (the one right after a drop).
    const connectedAgain = () => {
      let before: number | undefined;
      return () => {
        const now = server.commands('game/connect').length;
        before ??= now;
        return now > before;
      };
    };
    follower.start();
    // The replay starts once the follower watches (its gamedata came first), however slow the machine.
    await until(() => server.watcherCount(9001) > 0);
    await server.replay(9001, {
      moveIntervalMs: 8,
      dropAfter: [20, 75],
      downMs: 120,
      repeat: [5, 33, 34, 100],
      swapWithNext: [10, 50, 90],
      skip: [60, 61, 110],
      // Nothing else may fill the gap before the follower's own resync does (a slow machine could
      // otherwise let the drop after 75 or the game's end fill it first).
      holdAfter: [
        // Back and watching after each drop before play goes on, or a slow reconnect would miss
        // the skipped moves' gap altogether (the next gamedata fills it).
        { after: 20, until: connectedAgain() },
        { after: 62, until: () => resyncs.includes('gap in move numbers') },
        { after: 75, until: connectedAgain() },
      ],
    });
    const game = await finished;

    expect(sink.moves.map((m) => m.moveNumber)).toEqual(expected.map((_, i) => i + 1));
    expect(sink.moves.map((m) => m.move)).toEqual(expected);
    for (const m of sink.moves) {
      expect(m.input.moves).toEqual(expected.slice(0, m.moveNumber));
      expect(m.input).toMatchObject({ boardXSize: 13, boardYSize: 13, komi: 6.5, rules: 'chinese' });
    }
    expect(sink.finished).toEqual([game]);
    expect(game).toMatchObject({ ogsGameId: 9001, moveCount: 130, outcome: '38.5 points' });
    expect(game.input.moves).toEqual(expected);
    expect(server.connections).toBe(3);
    expect(resyncs).toContain('gap in move numbers');
    await until(() => server.commands('game/disconnect').length > 0);
    expect(server.commands('game/disconnect')).toEqual([['game/disconnect', { game_id: 9001 }]]);
    expect(server.watcherCount(9001)).toBe(0);
  });

  it('joins a game in progress: the moves already played come from gamedata, in order', async () => {
    server = new FakeOgsServer();
    server.addGame(gameFromSgf(77, SGF)).played = 40;
    client = new OgsClient({ url: await server.listen() });
    await client.start();
    const sink = new RecordingSink();
    const follower = new GameFollower(77, client, sink, { startAfter: 31 });
    const finished = new Promise<FinishedGame>((r) => follower.once('finished', r));
    follower.start();
    await server.replay(77, { moveIntervalMs: 2 });
    await finished;
    expect(sink.moves.map((m) => m.moveNumber)).toEqual(Array.from({ length: 100 }, (_, i) => i + 31));
  });

  it('after an accepted undo hands the replaced move over again, then goes on from there', async () => {
    const expected = recordMoves();
    server = new FakeOgsServer();
    server.addGame(gameFromSgf(606, SGF));
    client = new OgsClient({ url: await server.listen() });
    await client.start();
    const sink = new RecordingSink();
    const follower = new GameFollower(606, client, sink, { gapResyncMs: 60 });
    const resyncs: string[] = [];
    follower.on('resync', (why) => resyncs.push(why));
    const finished = new Promise<FinishedGame>((r) => follower.once('finished', r));
    follower.start();
    // The replay starts once the follower watches (its gamedata came first), however slow the machine.
    await until(() => server.watcherCount(606) > 0);
    await server.replay(606, { moveIntervalMs: 8, undo: [{ after: 20, replaceWith: [-1, -1] }] });
    const game = await finished;

    const numbers = sink.moves.map((m) => m.moveNumber);
    const from1 = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(numbers).toEqual([...from1(20), ...from1(130).slice(19)]);
    const replaced = sink.moves.filter((m) => m.moveNumber === 20);
    expect(replaced.map((m) => m.move)).toEqual([expected[19], ['W', 'pass']]);
    expect(resyncs).toContain('undo accepted');
    expect(sink.rewinds).toEqual([19]);
    expect(game.input.moves).toEqual([...expected.slice(0, 19), ['W', 'pass'], ...expected.slice(20)]);
  });

  it('an undo of the last move before the end: the sink forgets it and the game ends a move shorter', async () => {
    const expected = recordMoves();
    server = new FakeOgsServer();
    server.addGame(gameFromSgf(808, SGF)).played = 125;
    client = new OgsClient({ url: await server.listen() });
    await client.start();
    const sink = new RecordingSink();
    // Unpaced: every move is handed over before the undo comes (the case under test).
    const follower = new GameFollower(808, client, sink, { jobsPerSecond: 1000 });
    const finished = new Promise<FinishedGame>((r) => follower.once('finished', r));
    follower.start();
    // The replay starts once the follower watches (its gamedata came first), however slow the machine.
    await until(() => server.watcherCount(808) > 0);
    await server.replay(808, { moveIntervalMs: 10, undo: [{ after: 130 }] });
    const game = await finished;
    expect(sink.moves.map((m) => m.moveNumber)).toEqual(Array.from({ length: 130 }, (_, i) => i + 1));
    expect(sink.rewinds).toEqual([129]);
    expect(game).toMatchObject({ moveCount: 129 });
    expect(game.input.moves).toEqual(expected.slice(0, 129));
  });

  it('asks again when its game/connect goes unanswered', async () => {
    server = new FakeOgsServer();
    server.addGame(gameFromSgf(707, SGF)).played = 12;
    client = new OgsClient({ url: await server.listen() });
    await client.start();
    const sink = new RecordingSink();
    const follower = new GameFollower(707, client, sink, { stateWaitMs: 50 });
    const resyncs: string[] = [];
    follower.on('resync', (why) => resyncs.push(why));
    server.mute(120); // the first game/connect is read but never answered
    follower.start();
    await until(() => sink.moves.length === 12);
    expect(resyncs).toContain('no gamedata yet');
    expect(server.commands('game/connect').length).toBeGreaterThanOrEqual(2);
    await follower.stop();
  });

  it('gives up on a game OGS answers with an error for (unknown or private)', async () => {
    server = new FakeOgsServer();
    client = new OgsClient({ url: await server.listen() });
    await client.start();
    const follower = new GameFollower(404, client, new RecordingSink());
    const failed = new Promise<Error>((r) => follower.once('failed', r));
    follower.start();
    expect((await failed).message).toBe('OGS game 404 cannot be followed: OGS says: game not found');
  });

  it('stops on a game it cannot follow and says why', async () => {
    server = new FakeOgsServer();
    const game = server.addGame(gameFromSgf(13, SGF));
    game.moves[0] = [13, 0, 0]; // off the 13x13 board
    game.played = 1;
    client = new OgsClient({ url: await server.listen() });
    await client.start();
    const follower = new GameFollower(13, client, new RecordingSink());
    const failed = new Promise<Error>((r) => follower.once('failed', r));
    follower.start();
    expect((await failed).message).toMatch(/OGS game 13 cannot be followed: move 1: .*off the 13x13 board/);
  });
});

describe('DeliveryPace: a followed game enqueues at most its pace, after a burst of 5 s worth', () => {
  afterEach(() => vi.useRealTimers());

  it('gives 5 tokens at once at 1 per second, then one per second of (fake) time', async () => {
    vi.useFakeTimers();
    const pace = new DeliveryPace(1);
    for (let i = 0; i < 5; i++) await pace.take();
    let sixth = false;
    const waiting = pace.take().then(() => (sixth = true));
    await vi.advanceTimersByTimeAsync(500);
    expect(sixth).toBe(false);
    await vi.advanceTimersByTimeAsync(600);
    await waiting;
    expect(sixth).toBe(true);
  });
});
