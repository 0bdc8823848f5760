/**
 * The arguments of `lz-analyze` and `kata-analyze` as Leela Zero and KataGo read them:
 * `[colour] [interval] [key value]...`; keys `interval`, `minmoves`, `maxmoves`,
 * `avoid|allow COLOUR VERTICES UNTIL` (vertices `D4,Q16` or boxes `A1:C3`), and for kata-analyze
 * `rootInfo`, `ownership`, `ownershipStdev`, `movesOwnership`, `movesOwnershipStdev` (true/false).
 * Anything else: KataGo's error text.
 */
import { type Player } from '../../board/color';
import { PASS, parseGtpVertex } from '../../board/coords';
import type { Geometry } from '../../board/geometry';
import { GtpError } from '../protocol';
import { gtpColor } from '../session';

/** What an analyze command asked for. */
export interface AnalyzeArgs {
  player: Player | null;
  /** Centiseconds between reports; 0: one report (see REPORT_EFFORTS in analyze.ts). */
  interval: number;
  maxmoves: number;
  rootInfo: boolean;
  ownership: boolean;
  ownershipStdev: boolean;
  movesOwnership: boolean;
  movesOwnershipStdev: boolean;
  avoid: Map<Player, Set<number>>;
  allow: Map<Player, Set<number>>;
}

const KATA_FLAGS = [
  'rootInfo',
  'ownership',
  'ownershipStdev',
  'movesOwnership',
  'movesOwnershipStdev',
] as const;

function isColour(s: string | undefined): boolean {
  return s !== undefined && /^(b|w|black|white)$/i.test(s);
}

/** `D4,Q16` and `A1:C3` boxes; throws on anything else. */
function vertices(text: string, geo: Geometry): number[] {
  const out: number[] = [];
  for (const part of text.split(',').filter(Boolean)) {
    const box = part.split(':');
    if (box.length === 1) {
      out.push(parseGtpVertex(part, geo));
      continue;
    }
    if (box.length !== 2) throw new Error(part);
    const [a, b] = box.map((v) => parseGtpVertex(v, geo));
    if (a === PASS || b === PASS) throw new Error(part);
    for (let y = Math.min(geo.y(a), geo.y(b)); y <= Math.max(geo.y(a), geo.y(b)); y++) {
      for (let x = Math.min(geo.x(a), geo.x(b)); x <= Math.max(geo.x(a), geo.x(b)); x++)
        out.push(geo.pt(x, y));
    }
  }
  if (out.length === 0) throw new Error(text);
  return out;
}

/** Parses the arguments; `kata` allows KataGo's own keys. Throws GtpError with KataGo's text. */
export function parseAnalyzeArgs(args: readonly string[], geo: Geometry, kata: boolean): AnalyzeArgs {
  const fail = () =>
    new GtpError(`Could not parse analyze arguments or arguments out of range: '${args.join(' ')}'`);
  const out: AnalyzeArgs = {
    player: null,
    interval: 0,
    maxmoves: Infinity,
    rootInfo: false,
    ownership: false,
    ownershipStdev: false,
    movesOwnership: false,
    movesOwnershipStdev: false,
    avoid: new Map(),
    allow: new Map(),
  };
  const number = (s: string | undefined, integer: boolean): number => {
    const v = Number(s);
    if (
      s === undefined ||
      s.trim() === '' ||
      !Number.isFinite(v) ||
      v < 0 ||
      (integer && !Number.isInteger(v))
    ) {
      throw fail();
    }
    return v;
  };
  let i = 0;
  if (isColour(args[i])) out.player = gtpColor(args[i++]);
  if (args[i] !== undefined && /^[\d.]+$/.test(args[i])) out.interval = number(args[i++], !kata);
  while (i < args.length) {
    const key = args[i++];
    if (key === 'interval') out.interval = number(args[i++], !kata);
    else if (key === 'minmoves') number(args[i++], true);
    else if (key === 'maxmoves') out.maxmoves = number(args[i++], true);
    else if (key === 'avoid' || key === 'allow') {
      if (!isColour(args[i])) throw fail();
      const who = gtpColor(args[i++]);
      let points: number[];
      try {
        points = vertices(args[i++] ?? '', geo);
      } catch {
        throw fail();
      }
      if (number(args[i++], true) < 1) throw fail();
      const map = key === 'avoid' ? out.avoid : out.allow;
      const set = map.get(who) ?? new Set<number>();
      for (const p of points) set.add(p);
      map.set(who, set);
    } else if (kata && (KATA_FLAGS as readonly string[]).includes(key)) {
      const v = args[i++];
      if (v !== 'true' && v !== 'false') throw fail();
      out[key as (typeof KATA_FLAGS)[number]] = v === 'true';
    } else throw fail();
  }
  return out;
}
