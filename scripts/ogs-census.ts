/**
 * The figures the capacity plan (docs/capacity.md) scales to, read from online-go.com's public
 * realtime API with apps/ingest's own client: how many live games are in progress (the `size` of
 * `gamelist/query` for the `live` list, bots and 9x9 included or not as asked) and how fast they
 * move (every live game's `move_number`, read twice `--gap` seconds apart: moves per minute per
 * game, and in all). Needs a route to online-go.com.
 *
 * Run: `npx tsx scripts/ogs-census.ts [--gap 60] [--bots] [--small]`
 *   --bots: count bot games too; --small: count 9x9 and 13x13 too (the default matches the ingest's
 *   auto-follow filter: no bots, no 9x9).
 */
import { parseArgs } from 'node:util';
import { OgsClient } from '../apps/ingest/src/ogs/ogs-client';
import type { OgsGameListEntry } from '../apps/ingest/src/ogs/protocol';

const { values: args } = parseArgs({
  options: {
    gap: { type: 'string', default: '60' },
    bots: { type: 'boolean', default: false },
    small: { type: 'boolean', default: false },
    url: { type: 'string', default: 'https://online-go.com' },
  },
});
const GAP_S = Number(args.gap);
if (!Number.isFinite(GAP_S) || GAP_S < 5) {
  process.stderr.write('ogs-census: --gap must be a number of seconds, at least 5\n');
  process.exit(2);
}
const PAGE = 100;

/** Every live game (paged), by id with its move number. */
async function liveGames(client: OgsClient): Promise<{ size: number; moves: Map<number, number> }> {
  const where: Record<string, unknown> = {};
  if (!args.bots) where.hide_bot_games = true;
  if (!args.small) where.hide_9x9 = true;
  const moves = new Map<number, number>();
  let size = 0;
  for (let from = 0; from === 0 || from < size; from += PAGE) {
    const answer = await client.queryGameList({ list: 'live', sort_by: 'rank', where, from, limit: PAGE });
    size = answer.size ?? answer.results.length;
    for (const g of answer.results as OgsGameListEntry[]) {
      if (Number.isInteger(g.id) && typeof g.move_number === 'number') moves.set(g.id, g.move_number);
    }
    if (answer.results.length < PAGE) break;
  }
  return { size, moves };
}

async function main(): Promise<void> {
  const client = new OgsClient({ url: String(args.url) });
  try {
    await client.start();
    const at0 = Date.now();
    const first = await liveGames(client);
    await new Promise((r) => setTimeout(r, GAP_S * 1000));
    const second = await liveGames(client);
    const minutes = (Date.now() - at0) / 60_000;
    const rates: number[] = [];
    for (const [id, n] of second.moves) {
      const before = first.moves.get(id);
      if (before !== undefined && n >= before) rates.push((n - before) / minutes);
    }
    rates.sort((a, b) => a - b);
    const mean = rates.reduce((a, b) => a + b, 0) / Math.max(1, rates.length);
    const median = rates.length ? rates[Math.floor(rates.length / 2)] : NaN;
    console.log(
      `ogs-census ${new Date().toISOString()} (${args.bots ? 'bots included' : 'no bots'}, ` +
        `${args.small ? 'all sizes' : 'no 9x9'}): live games ${first.size} then ${second.size}; ` +
        `${rates.length} seen twice ${(minutes * 60).toFixed(0)} s apart: moves per minute per game mean ` +
        `${mean.toFixed(2)}, median ${median.toFixed(2)}; all live games ~${Math.round(mean * second.size)} moves/min ` +
        `(one move every ${(60 / mean).toFixed(1)} s per game)`,
    );
  } finally {
    client.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
