import type { GameStream, GameStreamRepository } from '@moyo/persistence';
import type { RedisClient } from '@moyo/persistence';
import type { OgsClient } from '../ogs/ogs-client';
import { GameFollower, type MoveSink } from './game-follower';
import { LeaseKeeper, RedisLease } from './lease';

export interface StreamCoordinatorOptions {
  /** This replica's name in the leases (unique per process). */
  replicaId: string;
  /** Key prefix for the leases (the deployment's REDIS_PREFIX). */
  redisPrefix: string;
  /** A dead replica's games are taken over this long after its last renewal (default 15 s). */
  leaseTtlMs?: number;
  /** How often the stream list is read for new, paused or orphaned games (default 2 s). */
  scanIntervalMs?: number;
  /** Passed to each follower. */
  gapResyncMs?: number;
  /** Passed to each follower: its pace of new analysis jobs (default 20 per second). */
  jobsPerSecond?: number;
}

/** What a coordinator logs; a pino logger fits. */
export interface CoordinatorLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

interface Owned {
  stream: GameStream;
  follower: GameFollower;
  keeper: LeaseKeeper;
}

/**
 * Runs the followers of one ingest replica. Every scan it reads the streams to follow and takes
 * the Redis lease of each stream nobody holds (`<prefix>:ingest:lease:<stream id>`); it follows
 * the streams whose lease it holds, from the move after the last one recorded, and drops a stream
 * when its lease is lost, it is paused, or the game finished. So with several replicas each stream
 * has one follower, and a dead replica's streams move to another within a lease ttl. Streams of
 * the same OGS game (several tenants follow it) are independent: each has its own lease, follower
 * and sink; on one replica they share the OGS connection (OgsClient counts the watches).
 */
export class StreamCoordinator {
  /** By stream id. */
  private readonly owned = new Map<string, Owned>();
  private timer?: NodeJS.Timeout;
  /** The pass running now. */
  private scanning?: Promise<void>;
  /** The pass queued behind it, shared by every scan() called while it runs. */
  private rescan?: Promise<void>;
  private stopped = false;
  private readonly leaseTtlMs: number;
  private readonly scanIntervalMs: number;

  constructor(
    private readonly client: OgsClient,
    private readonly redis: RedisClient,
    private readonly streams: GameStreamRepository,
    private readonly sinkFor: (stream: GameStream) => MoveSink,
    private readonly options: StreamCoordinatorOptions,
    private readonly log?: CoordinatorLog,
  ) {
    this.leaseTtlMs = options.leaseTtlMs ?? 15_000;
    this.scanIntervalMs = options.scanIntervalMs ?? 2_000;
  }

  /** OGS game ids of the streams this replica follows now (one per stream: a game may repeat). */
  get followedGames(): number[] {
    return [...this.owned.values()].map((o) => o.stream.ogsGameId);
  }

  /** Ids of the streams this replica follows now. */
  get followedStreams(): string[] {
    return [...this.owned.keys()];
  }

  start(): void {
    // A tick while a pass runs is skipped: the next tick reads the streams again anyway.
    this.timer = setInterval(() => void (this.scanning ?? this.pass()), this.scanIntervalMs);
    this.timer.unref();
    void this.scan();
  }

  /**
   * One pass over the streams (also run every scanIntervalMs), begun after this call: it sees
   * every stream created, paused or released before the call. Never throws: errors are logged.
   * A pass already running may have read the streams before the caller's change, so it is not
   * joined: one more pass follows it, shared by all the calls made meanwhile.
   */
  scan(): Promise<void> {
    if (!this.scanning) return this.pass();
    this.rescan ??= this.scanning.then(() => {
      this.rescan = undefined;
      // A pass begun since the running one ended (the timer's) began after our calls too.
      return this.scanning ?? this.pass();
    });
    return this.rescan;
  }

  /** Stops every follower and releases their leases so other replicas take over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.scanning;
    await Promise.all([...this.owned.keys()].map((id) => this.drop(id, true)));
  }

  private pass(): Promise<void> {
    this.scanning = this.scanOnce()
      .catch((err: unknown) => this.log?.warn({ err: String(err) }, 'stream scan failed'))
      .finally(() => (this.scanning = undefined));
    return this.scanning;
  }

  private async scanOnce(): Promise<void> {
    if (this.stopped) return;
    const wanted = await this.streams.listFollowing();
    const wantedIds = new Set(wanted.map((s) => s.id));
    for (const id of this.owned.keys()) if (!wantedIds.has(id)) await this.drop(id, true);
    for (const stream of wanted) {
      if (this.stopped || this.owned.has(stream.id)) continue;
      const lease = new RedisLease(
        this.redis,
        `${this.options.redisPrefix}:ingest:lease:${stream.id}`,
        this.options.replicaId,
        this.leaseTtlMs,
      );
      if (!(await lease.acquire())) continue;
      // Re-read after taking the lease: the previous owner may have recorded moves meanwhile.
      const fresh = (await this.streams.findById(stream.id)) ?? stream;
      if (fresh.status !== 'following') {
        await lease.release();
        continue;
      }
      this.own(fresh, lease);
    }
  }

  private own(stream: GameStream, lease: RedisLease): void {
    const keeper = new LeaseKeeper(lease);
    const follower = new GameFollower(stream.ogsGameId, this.client, this.sinkFor(stream), {
      startAfter: stream.lastMove + 1,
      gapResyncMs: this.options.gapResyncMs,
      jobsPerSecond: this.options.jobsPerSecond,
    });
    this.owned.set(stream.id, { stream, follower, keeper });
    const ids = { streamId: stream.id, ogsGameId: stream.ogsGameId };
    keeper.on('lost', (reason) => {
      this.log?.warn({ ...ids, reason }, 'lease lost: stop following');
      void this.drop(stream.id, false);
    });
    follower.on('finished', (game) => {
      this.log?.info({ ...ids, moves: game.moveCount }, 'game finished');
      void this.drop(stream.id, true);
    });
    follower.on('failed', (error) => {
      this.log?.warn({ ...ids, err: error.message }, 'cannot follow game');
      void this.streams
        .markError(stream.id, error.message)
        .catch(() => undefined)
        .finally(() => this.drop(stream.id, true));
    });
    keeper.start();
    follower.start();
    this.log?.info(
      { ...ids, tenantId: stream.tenantId, from: stream.lastMove + 1, replica: this.options.replicaId },
      'following game',
    );
  }

  private async drop(streamId: string, release: boolean): Promise<void> {
    const o = this.owned.get(streamId);
    if (!o) return;
    this.owned.delete(streamId);
    await o.follower.stop();
    await o.keeper.stop(release);
  }
}
