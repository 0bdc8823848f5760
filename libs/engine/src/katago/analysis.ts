/**
 * `katago`: one turn's KataGo-shaped answer (rootInfo, moveInfos, ownership) as a registry
 * analysis, so the workers compute it like any other analysis and the api's KataGo fronts (HTTP,
 * WebSocket) only add the query's `id` and `turnNumber`.
 */
import { checkOptionKeys } from '../analysis/options';
import type { AnalysisDefinition, AnalysisOptions } from '../analysis/types';
import { parseGtpVertex } from '../board/coords';
import type { Geometry } from '../board/geometry';
import { DEFAULT_MAX_VISITS, analyzeTurn, type KataGoTurnAnalysis, type Perspective } from './answer';

const FLAGS = [
  'includeOwnership',
  'includeOwnershipStdev',
  'includeMovesOwnership',
  'includeMovesOwnershipStdev',
] as const;

function points(options: AnalysisOptions, field: string, geo: Geometry): Set<number> | undefined {
  const v = options[field];
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || !v.every((s) => typeof s === 'string')) {
    throw new RangeError(`${field}: must be an array of vertices, got ${JSON.stringify(v)}`);
  }
  return new Set(v.map((s: string) => parseGtpVertex(s, geo)));
}

/** The `katago` analysis: options as a KataGo query gives them, for the player to move. */
export const katagoAnalysis: AnalysisDefinition<KataGoTurnAnalysis> = {
  name: 'katago',
  description:
    "KataGo analysis answer of the position (rootInfo, moveInfos, ownership; + = the perspective's player); options: maxVisits 1..2^50 (500), whiteBonus (points White gets for handicap, KataGo's whiteHandicapBonus; 0), perspective BLACK|WHITE|SIDETOMOVE, includeOwnership, includeOwnershipStdev, includeMovesOwnership, includeMovesOwnershipStdev (booleans), avoid / allow (vertices for the player to move)",
  run(position, options) {
    checkOptionKeys(
      options,
      ['maxVisits', 'perspective', ...FLAGS, 'avoid', 'allow', 'whiteBonus'],
      'katago',
    );
    const whiteBonus = options.whiteBonus ?? 0;
    if (
      typeof whiteBonus !== 'number' ||
      !Number.isInteger(whiteBonus) ||
      whiteBonus < 0 ||
      whiteBonus > 400
    ) {
      throw new RangeError(`whiteBonus: must be an integer from 0 to 400, got ${JSON.stringify(whiteBonus)}`);
    }
    const maxVisits = options.maxVisits ?? DEFAULT_MAX_VISITS;
    if (
      typeof maxVisits !== 'number' ||
      !Number.isInteger(maxVisits) ||
      maxVisits < 1 ||
      maxVisits > 2 ** 50
    ) {
      throw new RangeError(`maxVisits: must be an integer from 1 to 2^50, got ${JSON.stringify(maxVisits)}`);
    }
    const perspective = options.perspective ?? 'SIDETOMOVE';
    if (perspective !== 'BLACK' && perspective !== 'WHITE' && perspective !== 'SIDETOMOVE') {
      throw new RangeError(
        `perspective: must be BLACK, WHITE or SIDETOMOVE, got ${JSON.stringify(perspective)}`,
      );
    }
    const flags: Partial<Record<(typeof FLAGS)[number], boolean>> = {};
    for (const f of FLAGS) {
      const v = options[f] ?? false;
      if (typeof v !== 'boolean') throw new RangeError(`${f}: must be a boolean, got ${JSON.stringify(v)}`);
      flags[f] = v;
    }
    const geo = position.board.geo;
    return analyzeTurn(position, {
      maxVisits,
      whiteBonus,
      perspective: perspective as Perspective,
      ...flags,
      avoid: points(options, 'avoid', geo),
      allow: points(options, 'allow', geo),
    });
  },
};
