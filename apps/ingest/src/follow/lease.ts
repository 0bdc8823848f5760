import { EventEmitter } from 'node:events';
import type { RedisClient } from '@moyo/persistence';

// Extend only while we still own the key: a lease that lapsed and was taken over is not stolen back.
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0`;

// Delete only our own lease.
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

/**
 * A Redis lease on one key: `SET key owner NX PX ttl` takes it; a Lua check-and-extend renews it
 * only while this owner holds it; release deletes it only if still ours. When an owner dies its
 * lease lapses after `ttlMs` and another replica's `acquire` succeeds.
 */
export class RedisLease {
  constructor(
    private readonly redis: RedisClient,
    readonly key: string,
    readonly owner: string,
    readonly ttlMs: number,
  ) {}

  /** Takes the lease if free (true), or confirms and extends it if already ours. */
  async acquire(): Promise<boolean> {
    const set = await this.redis.set(this.key, this.owner, 'PX', this.ttlMs, 'NX');
    if (set === 'OK') return true;
    return this.renew();
  }

  /** Extends the lease by `ttlMs` if this owner still holds it; false if it lapsed or was taken. */
  async renew(): Promise<boolean> {
    const n = await this.redis.eval(RENEW, 1, this.key, this.owner, String(this.ttlMs));
    return Number(n) === 1;
  }

  /** Deletes the lease if it is still ours. */
  async release(): Promise<boolean> {
    const n = await this.redis.eval(RELEASE, 1, this.key, this.owner);
    return Number(n) === 1;
  }

  /** The current holder, or null. */
  holder(): Promise<string | null> {
    return this.redis.get(this.key);
  }
}

export interface LeaseKeeperEvents {
  /** Renewal failed (taken over, lapsed, or Redis unreachable for 2/3 of the ttl): stop working on it. */
  lost: [reason: string];
}

/**
 * Renews a held lease every `ttlMs / 3`. If a renewal says the lease is no longer ours, or no
 * renewal has succeeded for two thirds of the ttl (Redis unreachable), emits `lost` once and
 * stops. Giving up before the key can lapse means that, clocks running alike, the old owner has
 * stopped before another replica can take the lease (deliveries stay idempotent regardless).
 */
export class LeaseKeeper extends EventEmitter<LeaseKeeperEvents> {
  private timer?: NodeJS.Timeout;
  private lastRenewed = Date.now();
  private stopped = false;

  constructor(readonly lease: RedisLease) {
    super();
  }

  start(): void {
    this.lastRenewed = Date.now();
    this.timer = setInterval(() => void this.tick(), Math.max(10, Math.floor(this.lease.ttlMs / 3)));
    this.timer.unref();
  }

  /** Stops renewing; with `release` also deletes the lease so another replica can take it at once. */
  async stop(release: boolean): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    if (release) await this.lease.release().catch(() => false);
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    let ours: boolean | undefined;
    try {
      ours = await this.lease.renew();
    } catch {
      ours = undefined;
    }
    if (this.stopped) return;
    if (ours === true) {
      this.lastRenewed = Date.now();
      return;
    }
    if (ours === false) return this.lose('lease held by another replica or lapsed');
    if (Date.now() - this.lastRenewed >= (this.lease.ttlMs * 2) / 3) {
      this.lose('could not renew the lease: Redis unreachable');
    }
  }

  private lose(reason: string): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.emit('lost', reason);
  }
}
