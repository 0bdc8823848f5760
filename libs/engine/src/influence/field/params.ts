/**
 * Parameters of the influence field in GNU Go's model (GNU Go docs, "Influence Function"). Each one
 * is named after the idea it controls; the defaults were tuned against GNU Go 3.8's
 * `initial_influence ... territory_value` / `influence_regions` on the territory fixtures.
 */
export interface FieldParams {
  /** Strength of the source at a fully alive stone (a weak stone radiates `strength x safety`). */
  readonly stoneStrength: number;
  /** Attenuation A of an orthogonal step: each step passes on 1/A of the strength. */
  readonly attenuation: number;
  /** Attenuation of a diagonal step (GNU Go: twice the orthogonal one). */
  readonly diagonalAttenuation: number;
  /** Contributions below this strength are neither recorded nor propagated (ends the field). */
  readonly cutoff: number;
  /** Largest distance (in steps of either kind) a source reaches; bounds the work per source. */
  readonly maxRadius: number;
  /**
   * Permeability of an empty point between two live enemy stones a one-point jump apart, for the
   * influence of the other colour: 0 stops it, as GNU Go's barrier patterns do.
   */
  readonly jumpPermeability: number;
  /** Strength of an intrusion source (followup moves of the side to move next to its live stones). */
  readonly intrusionStrength: number;
  /** Attenuation of an intrusion source: larger than a stone's, intrusions reach less far. */
  readonly intrusionAttenuation: number;
  /** An intrusion is placed only where the opponent's territory value is at least this (0..1). */
  readonly intrusionMinTerritory: number;
  /**
   * Total influence (own + enemy) under which territory is doubted, by distance from the edge
   * (index 0 = first line, last entry for everything further in): territory is easier to hold near
   * the edge, "there is no territory in the centre".
   */
  readonly smallInfluence: readonly number[];
  /** |territory value| at or above which an empty point is territory (region code 3). */
  readonly territoryThreshold: number;
  /** own/enemy influence ratio from which an empty point is moyo (region code 2)... */
  readonly moyoRatio: number;
  /** ...provided own influence is at least this. */
  readonly moyoMinInfluence: number;
  /** own/enemy influence ratio from which an empty point is area (region code 1). */
  readonly areaRatio: number;
  /** Own influence needed for area. */
  readonly areaMinInfluence: number;
}

/** The defaults (see each field). */
export const DEFAULT_FIELD_PARAMS: FieldParams = {
  stoneStrength: 100,
  attenuation: 3,
  diagonalAttenuation: 6,
  cutoff: 0.5,
  maxRadius: 9,
  jumpPermeability: 0,
  intrusionStrength: 30,
  intrusionAttenuation: 6,
  intrusionMinTerritory: 0.6,
  smallInfluence: [4, 6, 10, 16],
  territoryThreshold: 0.95,
  moyoRatio: 7,
  moyoMinInfluence: 10,
  areaRatio: 2,
  areaMinInfluence: 2,
};

/** Returns params with overrides applied, throwing a RangeError naming any field out of range. Pure. */
export function fieldParams(overrides: Partial<FieldParams> = {}): FieldParams {
  const p: FieldParams = { ...DEFAULT_FIELD_PARAMS, ...overrides };
  const positive: Array<keyof FieldParams> = [
    'stoneStrength',
    'attenuation',
    'diagonalAttenuation',
    'cutoff',
    'intrusionAttenuation',
    'moyoRatio',
    'areaRatio',
  ];
  for (const k of positive) {
    const v = p[k];
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) {
      throw new RangeError(`field params: ${k} must be a positive number, got ${String(v)}`);
    }
  }
  if (p.attenuation <= 1 || p.diagonalAttenuation <= 1 || p.intrusionAttenuation <= 1) {
    throw new RangeError('field params: attenuations must be greater than 1 so the field ends');
  }
  if (!Number.isInteger(p.maxRadius) || p.maxRadius < 1 || p.maxRadius > 24) {
    throw new RangeError(`field params: maxRadius must be an integer from 1 to 24, got ${p.maxRadius}`);
  }
  for (const k of ['jumpPermeability', 'intrusionMinTerritory', 'territoryThreshold'] as const) {
    if (!(p[k] >= 0 && p[k] <= 1)) throw new RangeError(`field params: ${k} must be in [0, 1], got ${p[k]}`);
  }
  if (!Array.isArray(p.smallInfluence) || p.smallInfluence.length === 0) {
    throw new RangeError('field params: smallInfluence must be a non-empty array of numbers');
  }
  return p;
}
