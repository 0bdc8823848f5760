import type { Geometry } from '../board/geometry';
import { bouzyMap, isBouzyPreset } from '../influence/bouzy';
import { freihofnerMap } from '../influence/freihofner';
import type { ColorPosition } from '../influence/position';
import type { NumbersOverlay, OwnerMapKind, OwnerOverlay, PictureOverlay, PictureVertex } from './model';
import { RenderInputError } from './picture-input';

/**
 * Row-major stone colours (0 empty, 1 Black, 2 White) of a position's point-indexed colours.
 * Allocates; does not mutate the position.
 */
export function pictureStones(position: ColorPosition): Uint8Array {
  const { geo, colors } = position;
  const out = new Uint8Array(geo.points.length);
  for (let i = 0; i < geo.points.length; i++) out[i] = colors[geo.points[i]];
  return out;
}

/** Row-major copy of a point-indexed map (WALL border dropped). Allocates; reads `map`. */
export function pictureRowMajor(geo: Geometry, map: ArrayLike<number>): Float64Array {
  const out = new Float64Array(geo.points.length);
  for (let i = 0; i < geo.points.length; i++) out[i] = map[geo.points[i]];
  return out;
}

/** Picture vertex of a point index. Does not mutate. */
export function pictureVertex(geo: Geometry, p: number): PictureVertex {
  return { x: geo.x(p), y: geo.y(p) };
}

/** Owner shading overlay from a point-indexed Bouzy map. Allocates; reads `map`. */
export function bouzyOverlay(geo: Geometry, map: ArrayLike<number>, kind: OwnerMapKind): OwnerOverlay {
  return { kind: 'owners', map: kind, values: pictureRowMajor(geo, map) };
}

/** Numbers overlay from a point-indexed Freihofner map. Allocates; reads `map`. */
export function freihofnerOverlay(geo: Geometry, map: ArrayLike<number>): NumbersOverlay {
  return { kind: 'numbers', values: pictureRowMajor(geo, map) };
}

/** Overlay names that `computePictureOverlay` can draw from a bare position. */
export const POSITION_OVERLAYS = ['territory', 'moyo', 'area', 'freihofner'] as const;
export type PositionOverlayName = (typeof POSITION_OVERLAYS)[number];

/**
 * Computes the named overlay for a position: a Bouzy preset (`territory`, `moyo`, `area`, drawn as
 * owner shading) or `freihofner` (numbers). Does not mutate the position; throws RenderInputError
 * naming `overlay` for an unknown name.
 */
export function computePictureOverlay(position: ColorPosition, name: string): PictureOverlay {
  if (isBouzyPreset(name)) {
    return bouzyOverlay(position.geo, bouzyMap(position, { preset: name }), name);
  }
  if (name === 'freihofner') return freihofnerOverlay(position.geo, freihofnerMap(position));
  throw new RenderInputError(
    'overlay',
    `unknown overlay '${name}'; expected one of ${POSITION_OVERLAYS.join(', ')}`,
  );
}

/** The parts of a territory analysis the pictures draw (structurally `TerritoryAnalysis`). */
export interface TerritoryForPicture {
  readonly geo: Geometry;
  readonly ownership: ArrayLike<number>;
  readonly owner: ArrayLike<number>;
  readonly deadStones: readonly number[];
}

/**
 * Overlays of a territory analysis: the ownership heat map, the two-layer owner map as territory
 * shading, and the dead stones. Allocates; reads `analysis`.
 */
export function territoryOverlays(analysis: TerritoryForPicture): {
  ownership: PictureOverlay;
  territory: OwnerOverlay;
  dead: PictureOverlay;
} {
  const { geo } = analysis;
  return {
    ownership: { kind: 'ownership', values: pictureRowMajor(geo, analysis.ownership) },
    territory: { kind: 'owners', map: 'territory', values: pictureRowMajor(geo, analysis.owner) },
    dead: { kind: 'dead', points: analysis.deadStones.map((p) => pictureVertex(geo, p)) },
  };
}

/** Move-values overlay from the engine's ranked moves (`{ point, value }`). Allocates. */
export function moveValuesOverlay(
  geo: Geometry,
  moves: readonly { readonly point: number; readonly value: number }[],
  top?: number,
): PictureOverlay {
  return {
    kind: 'moveValues',
    moves: moves.map((m) => ({ ...pictureVertex(geo, m.point), value: m.value })),
    top,
  };
}
