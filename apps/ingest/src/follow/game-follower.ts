import type { KataGoMove, PositionInput } from '@moyo/contracts';
import { EventEmitter } from 'node:events';
import type { OgsClient } from '../ogs/ogs-client';
import type { OgsGameData, OgsMoveEvent, OgsPhase } from '../ogs/protocol';
import { GameTracker, UnfollowableGameError } from './game-tracker';

/** One move of a followed game, ready to analyse. */
export interface FollowedMove {
  ogsGameId: number;
  /** From 1. */
  moveNumber: number;
  move: KataGoMove;
  /** The position after this move. */
  input: PositionInput;
  /** When the follower first knew this move (ms since epoch), for latency measurements. */
  receivedAt: number;
}

/** The finished game's final position (after the last move). */
export interface FinishedGame {
  ogsGameId: number;
  moveCount: number;
  input: PositionInput;
  outcome?: string;
}

/**
 * Where a follower hands its moves. Calls come one at a time, in move order; after a reconnect or a
 * replica takeover the same move may come again, so implementations must be idempotent per
 * (game, move number) — the queue's deterministic job id and the unique (game, move) row do that.
 */
export interface MoveSink {
  deliverMove(move: FollowedMove): Promise<void>;
  /** An undo took back the moves after `keptMoves`: forget what was handed over for them. */
  rewind(keptMoves: number): Promise<void>;
  finishGame(game: FinishedGame): Promise<void>;
}

export interface GameFollowerEvents {
  /** The sink accepted move `moveNumber`. */
  delivered: [moveNumber: number];
  /** The final analysis was handed over and the game unwatched. */
  finished: [game: FinishedGame];
  /** The follower gave up on the game (e.g. UnfollowableGameError). */
  failed: [error: Error];
  /** A resync (fresh game/connect) was requested, with why. */
  resync: [reason: string];
}

export interface GameFollowerOptions {
  /** A gap in move numbers not filled within this time triggers a resync (default 1500 ms). */
  gapResyncMs?: number;
  /** Delay before retrying a sink call that failed (default 500 ms, doubling to 10 s). */
  sinkRetryMs?: number;
  /** First move number the sink has not confirmed yet (from storage after a takeover); default 1. */
  startAfter?: number;
  /** Without any gamedata this long after start, `game/connect` is sent again (default 10 s). */
  stateWaitMs?: number;
  /**
   * Moves handed to the sink per second at most, in bursts of up to 5 s worth (default 20): a
   * game joined late or taken over catches up at this pace, so one game cannot flood the queue.
   */
  jobsPerSecond?: number;
}

/**
 * Follows one OGS game over a shared OgsClient: rebuilds the move list from `gamedata`, extends
 * it from `move` events (repeats ignored, out-of-order moves held until the gap fills, a gap that
 * stays open or a contradicting move triggers a resync), and hands every move to the sink exactly
 * once per follower, in order. At `finished` it hands the final position over and unwatches.
 */
export class GameFollower extends EventEmitter<GameFollowerEvents> {
  readonly tracker: GameTracker;
  /** Highest move number the sink accepted. */
  deliveredThrough = 0;
  private readonly receivedAt = new Map<number, number>();
  private chain: Promise<void> = Promise.resolve();
  private gapTimer?: NodeJS.Timeout;
  private stateTimer?: NodeJS.Timeout;
  private readonly stateWaitMs: number;
  private stopped = false;
  private watching = false;
  private finishing = false;
  /** The move being handed to the sink now (0: none). */
  private inFlight = 0;
  /** Raised by every undo, so a delivery that an undo overtook does not count. */
  private revision = 0;
  /** The sink must forget the moves after this many before the next delivery. */
  private pendingRewind?: number;
  private outcome?: string;
  private readonly gapResyncMs: number;
  private readonly sinkRetryMs: number;
  private readonly pace: DeliveryPace;
  private readonly onGameData = (id: number, data: OgsGameData) =>
    id === this.ogsGameId && this.gameData(data);
  private readonly onMove = (id: number, ev: OgsMoveEvent) => id === this.ogsGameId && this.moveEvent(ev);
  private readonly onPhase = (id: number, phase: OgsPhase) => id === this.ogsGameId && this.phaseEvent(phase);
  private readonly onOther = (id: number, name: string, data: unknown) =>
    id === this.ogsGameId && this.otherEvent(name, data);

  constructor(
    readonly ogsGameId: number,
    private readonly client: OgsClient,
    private readonly sink: MoveSink,
    options: GameFollowerOptions = {},
  ) {
    super();
    this.tracker = new GameTracker(ogsGameId);
    this.gapResyncMs = options.gapResyncMs ?? 1500;
    this.sinkRetryMs = options.sinkRetryMs ?? 500;
    this.stateWaitMs = options.stateWaitMs ?? 10_000;
    this.pace = new DeliveryPace(options.jobsPerSecond ?? 20);
    this.deliveredThrough = Math.max(0, (options.startAfter ?? 1) - 1);
  }

  /** Starts watching the game (the server answers with gamedata). */
  start(): void {
    this.client.on('gamedata', this.onGameData);
    this.client.on('move', this.onMove);
    this.client.on('phase', this.onPhase);
    this.client.on('gameEvent', this.onOther);
    this.client.watchGame(this.ogsGameId);
    this.watching = true;
    // A game/connect the server never answered (sent into a dying socket, dropped) is asked again.
    this.stateTimer = setInterval(() => {
      if (!this.tracker.hasState) this.resync('no gamedata yet');
      else clearInterval(this.stateTimer);
    }, this.stateWaitMs);
    this.stateTimer.unref();
  }

  /**
   * Stops following (lease lost, stream paused, shutdown). No new sink calls start; waits up to
   * `waitMs` for the one in flight (its outcome is idempotent either way).
   */
  async stop(waitMs = 5000): Promise<void> {
    this.detach();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.chain.catch(() => undefined),
      new Promise((r) => (timer = setTimeout(r, waitMs))),
    ]);
    clearTimeout(timer);
  }

  /** Resolves when every delivery queued so far has been accepted by the sink. */
  idle(): Promise<void> {
    return this.chain;
  }

  private detach(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.gapTimer);
    clearInterval(this.stateTimer);
    this.client.off('gamedata', this.onGameData);
    this.client.off('move', this.onMove);
    this.client.off('phase', this.onPhase);
    this.client.off('gameEvent', this.onOther);
    // Watches are counted per client (other streams of the game may share it): drop only ours.
    if (this.watching) this.client.unwatchGame(this.ogsGameId);
    this.watching = false;
  }

  private gameData(data: OgsGameData): void {
    if (this.stopped) return;
    const hadState = this.tracker.hasState;
    let keptPrefix: number;
    try {
      ({ keptPrefix } = this.tracker.applyGameData(data));
    } catch (err) {
      return this.fail(err as Error);
    }
    if (typeof data.outcome === 'string') this.outcome = data.outcome;
    // An undo replaced moves the sink already has (or is being given): it forgets them, and
    // those move numbers are delivered again.
    if (hadState && keptPrefix < Math.max(this.deliveredThrough, this.inFlight)) {
      this.revision++;
      this.deliveredThrough = Math.min(this.deliveredThrough, keptPrefix);
      this.pendingRewind = Math.min(this.pendingRewind ?? keptPrefix, keptPrefix);
    }
    this.afterChange();
    if (this.tracker.phase === 'finished') this.finish();
  }

  private moveEvent(ev: OgsMoveEvent): void {
    if (this.stopped) return;
    let outcome;
    try {
      outcome = this.tracker.applyMove(ev);
    } catch (err) {
      return this.fail(err as Error);
    }
    if (outcome === 'conflict') return this.resync(`move ${ev.move_number} contradicts the known game`);
    this.afterChange();
  }

  private phaseEvent(phase: OgsPhase): void {
    if (this.stopped) return;
    this.tracker.phase = phase;
    // The finished gamedata carries the outcome and every move: ask for it rather than guess.
    if (phase === 'finished') this.resync('game finished');
  }

  private otherEvent(name: string, data: unknown): void {
    if (this.stopped) return;
    // The move list shrank: fetch it whole rather than wait for the next move to contradict it.
    if (name === 'undo_accepted') return this.resync('undo accepted');
    // OGS answers game/connect for a game it cannot show (unknown id, private) with an error.
    if (name === 'error' && !this.tracker.hasState) {
      const why = typeof data === 'string' ? data : JSON.stringify(data);
      this.fail(new UnfollowableGameError(this.ogsGameId, `OGS says: ${why}`));
    }
  }

  private afterChange(): void {
    const now = Date.now();
    for (let n = this.deliveredThrough + 1; n <= this.tracker.moveCount; n++) {
      if (!this.receivedAt.has(n)) this.receivedAt.set(n, now);
    }
    this.scheduleDeliveries();
    clearTimeout(this.gapTimer);
    if (this.tracker.bufferedMoveNumbers.length > 0 || !this.tracker.hasState) {
      this.gapTimer = setTimeout(() => this.resync('gap in move numbers'), this.gapResyncMs);
      this.gapTimer.unref();
    }
  }

  private resync(reason: string): void {
    if (this.stopped) return;
    this.emit('resync', reason);
    this.client.resync(this.ogsGameId);
  }

  private scheduleDeliveries(): void {
    this.chain = this.chain.then(async () => {
      while (!this.stopped) {
        if (this.pendingRewind !== undefined) {
          const kept = this.pendingRewind;
          await this.retrying(() => this.sink.rewind(kept));
          // Another undo meanwhile may have asked for less: then that one runs next.
          if (this.pendingRewind === kept) this.pendingRewind = undefined;
          continue;
        }
        if (this.deliveredThrough >= this.tracker.moveCount) return;
        await this.pace.take();
        if (this.stopped) return;
        // An undo while waiting may have asked for a rewind first.
        if (this.pendingRewind !== undefined || this.deliveredThrough >= this.tracker.moveCount) continue;
        const n = this.deliveredThrough + 1;
        const revision = this.revision;
        const move: FollowedMove = {
          ogsGameId: this.ogsGameId,
          moveNumber: n,
          move: this.tracker.move(n),
          input: this.tracker.positionAfter(n),
          receivedAt: this.receivedAt.get(n) ?? Date.now(),
        };
        this.inFlight = n;
        try {
          await this.retrying(() => this.sink.deliverMove(move));
        } finally {
          this.inFlight = 0;
        }
        if (this.stopped) return;
        // An undo meanwhile made this delivery stale: the rewind and the new move n follow.
        if (this.revision === revision && this.deliveredThrough === n - 1) {
          this.deliveredThrough = n;
          this.receivedAt.delete(n);
          this.emit('delivered', n);
        }
      }
    });
  }

  private finish(): void {
    if (this.finishing) return;
    this.finishing = true;
    this.chain = this.chain.then(async () => {
      if (this.stopped) return;
      const game: FinishedGame = {
        ogsGameId: this.ogsGameId,
        moveCount: this.tracker.moveCount,
        input: this.tracker.positionAfter(this.tracker.moveCount),
        outcome: this.outcome,
      };
      await this.retrying(() => this.sink.finishGame(game));
      this.detach();
      this.emit('finished', game);
    });
  }

  private async retrying(call: () => Promise<void>): Promise<void> {
    let delay = this.sinkRetryMs;
    for (;;) {
      try {
        return await call();
      } catch (err) {
        if (this.stopped) return;
        if (err instanceof UnfollowableGameError) throw err;
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 10_000);
      }
    }
  }

  private fail(error: Error): void {
    this.detach();
    this.emit('failed', error);
  }
}

/** A token bucket: `perSecond` takes a second, bursts of 5 s worth. */
export class DeliveryPace {
  private tokens: number;
  private at = Date.now();
  private readonly burst: number;

  constructor(private readonly perSecond: number) {
    this.burst = Math.max(1, perSecond * 5);
    this.tokens = this.burst;
  }

  /** Resolves when a token is free (at once while the bucket holds one), and takes it. */
  async take(): Promise<void> {
    for (;;) {
      const now = Date.now();
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
      this.at = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await new Promise((r) => setTimeout(r, Math.ceil(((1 - this.tokens) / this.perSecond) * 1000)));
    }
  }
}
