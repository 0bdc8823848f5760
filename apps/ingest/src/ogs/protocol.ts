/**
 * The part of online-go.com's realtime protocol that Moyo speaks, as OGS's own `goban` library
 * speaks it (see /work/shared/specs/ogs-realtime.md). Frames are JSON arrays:
 * client to server `[command, data]` or `[command, data, requestId]`; server to client
 * `[event, data]` for pushed events or `[requestId, data, error]` for a reply.
 */

/**
 * A move as OGS sends it: `[x, y, timedelta?, color?, extra?]`, x and y 0-based from the top-left
 * corner, `[-1, -1]` a pass. `color` (1 black, 2 white) is present only in some records.
 */
export type OgsMove = [x: number, y: number, timedelta?: number, color?: number, extra?: unknown];

export type OgsPhase = 'play' | 'stone removal' | 'finished';

/** `game/<id>/gamedata`: the game's full state. Only the fields Moyo reads are typed. */
export interface OgsGameData {
  game_id: number;
  width: number;
  height: number;
  komi?: number;
  rules?: string;
  handicap?: number;
  /** 'black' | 'white': who plays the first entry of `moves`. */
  initial_player?: 'black' | 'white';
  /** Setup stones: two letters a point (`a` = 0, from the top-left), e.g. `{black: "ddpd", white: ""}`. */
  initial_state?: { black?: string; white?: string };
  /** With free placement, Black's handicap stones are the first `handicap` entries of `moves`. */
  free_handicap_placement?: boolean;
  /** Arrays as OGS sends them today; the packed string form is accepted too (see decodeOgsMoves). */
  moves: OgsMove[] | string;
  phase: OgsPhase;
  outcome?: string;
  winner?: number;
  players?: { black?: { id?: number; username?: string }; white?: { id?: number; username?: string } };
  [extra: string]: unknown;
}

/** `game/<id>/move`. `move_number` counts from 1; the first move of the game is move 1. */
export interface OgsMoveEvent {
  game_id: number;
  move_number: number;
  move: OgsMove | string;
}

/** An entry of `gamelist/query`'s answer. */
export interface OgsGameListEntry {
  id: number;
  phase?: OgsPhase;
  name?: string;
  width?: number;
  height?: number;
  move_number?: number;
  black?: { username?: string; rank?: number };
  white?: { username?: string; rank?: number };
  [extra: string]: unknown;
}

export interface OgsGameListQuery {
  list: 'live' | 'corr' | 'kidsgo';
  sort_by: 'rank' | string;
  where: Record<string, unknown>;
  from: number;
  limit: number;
}

export interface OgsGameListAnswer {
  list?: string;
  by?: string;
  size?: number;
  from?: number;
  limit?: number;
  results: OgsGameListEntry[];
}

/** Commands Moyo sends, with their data. */
export interface OgsClientCommands {
  'net/ping': { client: number; drift: number; latency: number };
  authenticate: { jwt: string; [extra: string]: unknown };
  'game/connect': { game_id: number; chat: boolean };
  'game/disconnect': { game_id: number };
  'gamelist/query': OgsGameListQuery;
}

/** A frame from the server: a pushed event or the reply to a request. */
export type OgsServerFrame =
  [event: string, data: unknown] | [requestId: number, data: unknown, error?: unknown];

/** Splits a pushed event name `game/<id>/<name>` into its parts; null for any other event. */
export function parseGameEvent(event: string): { gameId: number; name: string } | null {
  const m = /^game\/(\d+)\/(.+)$/.exec(event);
  return m ? { gameId: Number(m[1]), name: m[2] } : null;
}

/**
 * The WebSocket URL for an OGS site URL, as goban does it: `http` becomes `ws`
 * (`https://online-go.com` -> `wss://online-go.com`); ws:// and wss:// URLs are kept.
 */
export function socketUrlOf(siteUrl: string): string {
  return siteUrl.replace(/^http/, 'ws');
}

/**
 * Moves in either form OGS uses: arrays `[x, y, ...]` are returned as they are; the packed string
 * form (two letters a point, `a` = 0 from the top-left, `..` a pass) becomes `[x, y]` arrays.
 * Throws on a string of odd length or with characters outside `a`-`z` and `.`.
 */
export function decodeOgsMoves(moves: OgsMove[] | string): OgsMove[] {
  if (Array.isArray(moves)) return moves;
  if (typeof moves !== 'string' || moves.length % 2 !== 0 || !/^[a-z.]*$/.test(moves)) {
    throw new Error(`moves ${JSON.stringify(moves).slice(0, 60)} are neither arrays nor pairs of letters`);
  }
  const out: OgsMove[] = [];
  for (let i = 0; i < moves.length; i += 2) {
    const pair = moves.slice(i, i + 2);
    out.push(pair === '..' ? [-1, -1] : [pair.charCodeAt(0) - 97, pair.charCodeAt(1) - 97]);
  }
  return out;
}
