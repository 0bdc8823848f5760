import type { GameStreamRepository } from '@moyo/persistence';
import type { OgsClient } from '../ogs/ogs-client';
import type { OgsGameListQuery } from '../ogs/protocol';

/** The query OGS's own live-games page sends: live games by rank, no bots, no 9x9. */
export function topLiveGamesQuery(limit: number): OgsGameListQuery {
  return {
    list: 'live',
    sort_by: 'rank',
    where: { hide_bot_games: true, hide_9x9: true },
    from: 0,
    limit,
  };
}

/**
 * Keeps the top `count` live games followed: every `intervalMs` asks OGS for them
 * (`gamelist/query`) and creates a tenant-less stream for each square game without one yet
 * (tenants' own streams of the game are separate). Streams are shared through PostgreSQL, so any
 * replica may do this and the leases still give each stream one follower.
 */
export class AutoFollow {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly client: OgsClient,
    private readonly streams: GameStreamRepository,
    private readonly count: number,
    private readonly analyses: string[],
    private readonly intervalMs = 60_000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), this.intervalMs);
    this.timer.unref();
    void this.refresh().catch(() => undefined);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** One round: returns the OGS game ids newly followed. */
  async refresh(): Promise<number[]> {
    await this.client.start();
    const answer = await this.client.queryGameList(topLiveGamesQuery(this.count));
    const added: number[] = [];
    for (const game of answer.results.slice(0, this.count)) {
      if (!Number.isInteger(game.id) || game.phase === 'finished') continue;
      if (game.width !== undefined && game.width !== game.height) continue;
      const r = await this.streams.follow({ ogsGameId: game.id, tenantId: null, analyses: this.analyses });
      if (r.created) added.push(game.id);
    }
    return added;
  }
}
