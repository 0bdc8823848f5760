import type { EyeGraphPicture, PictureMoveValue, PictureOverlay, PictureVertex } from './model';
import { parsePictureVertex } from './replay';
import { RenderInputError } from './picture-input';

/** Overlay names a stored position result can be drawn with. */
export const RESULT_OVERLAYS = [
  'ownership',
  'territory',
  'moyo',
  'area',
  'freihofner',
  'dead',
  'moveValues',
] as const;
export type ResultOverlayName = (typeof RESULT_OVERLAYS)[number];

/** True when `name` is one of RESULT_OVERLAYS. Does not mutate. */
export function isResultOverlay(name: string): name is ResultOverlayName {
  return (RESULT_OVERLAYS as readonly string[]).includes(name);
}

type Json = unknown;

function isRecord(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A row-major map from JSON: a flat list of `size*size` numbers, a list of `size` rows, or an
 * object holding one of those under `values`/`map`/`ownership`. Undefined when absent or not a map.
 */
export function readResultMap(v: Json, size: number): number[] | undefined {
  if (isRecord(v)) return readResultMap(v.values ?? v.map ?? v.ownership, size);
  if (!Array.isArray(v)) return undefined;
  const flat: Json[] = v.length === size && v.every(Array.isArray) ? (v as Json[][]).flat() : v;
  if (flat.length !== size * size || !flat.every((n) => typeof n === 'number' && Number.isFinite(n)))
    return undefined;
  return flat as number[];
}

/** A vertex from JSON: GTP text (`D4`), `{x, y}` or `[x, y]` (x from the left, y from the top). */
export function readResultVertex(v: Json, size: number, field: string): PictureVertex | null {
  if (typeof v === 'string') return parsePictureVertex(v, size, field);
  const pair = Array.isArray(v) ? v : isRecord(v) ? [v.x, v.y] : [];
  const [x, y] = pair;
  if (typeof x === 'number' && typeof y === 'number') {
    if (x === -1 && y === -1) return null; // OGS's pass
    if (Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < size && y < size)
      return { x, y };
  }
  if (isRecord(v) && (typeof v.move === 'string' || typeof v.vertex === 'string')) {
    return parsePictureVertex(String(v.move ?? v.vertex), size, field);
  }
  throw new RenderInputError(field, `is not a point on a ${size}x${size} board`);
}

/** The first present value among `paths`, each tried under `analyses` (an analysis report) and at the top. */
function firstOf(result: Record<string, Json>, paths: string[][]): Json {
  for (const path of paths.flatMap((p) => [['analyses', ...p], p])) {
    let v: Json = result;
    for (const k of path) v = isRecord(v) ? v[k] : undefined;
    if (v !== undefined && v !== null) return v;
  }
  return undefined;
}

/**
 * The named overlay from a stored position result, or undefined when the result does not hold
 * it (the caller may then compute it from the stones). Reads an analysis report
 * (`analyses.bouzy.maps.<preset>.values`, `analyses.freihofner.map`, `analyses.territory.ownership`,
 * `deadStones`, `moveValues`) or the same fields at the top level.
 * Throws RenderInputError when the field exists but holds something that is not drawable.
 * Does not mutate.
 */
export function overlayFromResult(
  result: Json,
  name: ResultOverlayName,
  size: number,
): PictureOverlay | undefined {
  if (!isRecord(result)) return undefined;
  switch (name) {
    case 'ownership': {
      const values = readResultMap(
        firstOf(result, [['ownership'], ['territory', 'ownership'], ['score', 'ownership']]),
        size,
      );
      return values && { kind: 'ownership', values: values.map((v) => Math.max(-1, Math.min(1, v))) };
    }
    case 'territory':
    case 'moyo':
    case 'area': {
      // Territory: the two-layer owner map of the territory analysis when there is one, else Bouzy's.
      const paths = [
        ['bouzy', 'maps', name],
        ['bouzy', name],
      ];
      if (name === 'territory') paths.unshift(['territory', 'owner']);
      else paths.push([name]);
      const values = readResultMap(firstOf(result, paths), size);
      return values && { kind: 'owners', map: name, values };
    }
    case 'freihofner': {
      const values = readResultMap(firstOf(result, [['freihofner'], ['influence', 'freihofner']]), size);
      return values && { kind: 'numbers', values };
    }
    case 'dead': {
      const list = firstOf(result, [['deadStones'], ['territory', 'deadStones']]);
      if (list === undefined) return undefined;
      // The deadStones analysis wraps its list with the groups: { deadStones: [...], groups }.
      const nested = isRecord(list) ? (list.deadStones ?? list.stones) : undefined;
      const items = Array.isArray(list) ? list : Array.isArray(nested) ? nested : undefined;
      if (!items) throw new RenderInputError('deadStones', 'must be a list of points');
      const points = items
        .map((v, i) => readResultVertex(v, size, `deadStones[${i}]`))
        .filter((v): v is PictureVertex => v !== null);
      return { kind: 'dead', points };
    }
    case 'moveValues': {
      const list = firstOf(result, [['moveValues'], ['territory', 'moveValues']]);
      if (list === undefined) return undefined;
      const items = Array.isArray(list)
        ? list
        : isRecord(list) && Array.isArray(list.moves)
          ? list.moves
          : undefined;
      if (!items) throw new RenderInputError('moveValues', 'must be a list of moves with values');
      const moves: PictureMoveValue[] = [];
      items.forEach((m, i) => {
        const v = readResultVertex(m, size, `moveValues[${i}]`);
        const value = isRecord(m) ? m.value : undefined;
        if (typeof value !== 'number' || !Number.isFinite(value)) {
          throw new RenderInputError(`moveValues[${i}].value`, 'must be a finite number');
        }
        if (v) moves.push({ ...v, value });
      });
      return { kind: 'moveValues', moves };
    }
  }
}

/**
 * The diagram picture of an eye-graph result (`{ diagram, value }`, as `analyzeEyeGraph` returns
 * and as stored for eyegraph jobs). Throws RenderInputError naming `diagram` when it is missing.
 * Does not mutate.
 */
export function eyeGraphPictureFromResult(result: unknown): EyeGraphPicture {
  const diagram = isRecord(result) ? result.diagram : undefined;
  if (!Array.isArray(diagram) || !diagram.every((r) => typeof r === 'string')) {
    throw new RenderInputError('diagram', 'must be the list of diagram rows of an eye-graph result');
  }
  const value = isRecord(result) && typeof result.value === 'string' ? result.value : undefined;
  return { rows: diagram, value, title: value ? `Eye value ${value}` : 'Eye graph' };
}
