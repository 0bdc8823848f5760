import {
  formatGtpVertex,
  readSgf,
  replaySgf,
  SgfError,
  computePictureOverlay,
  eyeGraphPictureFromResult,
  isResultOverlay,
  MAX_BOARD_SIZE,
  MIN_BOARD_SIZE,
  overlayFromResult,
  pictureMovesFromPairs,
  RenderInputError,
  replayStones,
  Geometry,
  type BoardPicture,
  type EyeGraphPicture,
  type PictureOverlay,
  type ResultOverlayName,
  RESULT_OVERLAYS,
} from '@moyo/engine';

/** What a board picture of a job needs from the stored job row. */
export interface JobForPicture {
  readonly id: string;
  readonly status: string;
  readonly input: unknown;
  readonly result: unknown;
}

/** What the client asked to see. */
export interface PictureRequest {
  /** Overlay names, in drawing order (each one of RESULT_OVERLAYS). */
  readonly overlays: readonly ResultOverlayName[];
  /** Moves played before the picture (0 = setup only); default: the analyzed turn. */
  readonly move?: number;
}

/** A request or a stored job that cannot be drawn: answered 422 naming the field. */
export class PictureRequestError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
    this.name = 'PictureRequestError';
  }
}

/** Overlays computed from the stones alone when the stored result does not hold them. */
const COMPUTABLE = new Set<string>(['territory', 'moyo', 'area', 'freihofner']);

/**
 * Reads `overlay=a,b` (or repeated `overlay=`) query values into a list of known overlay names;
 * throws PictureRequestError naming `overlay` for an unknown one. Does not mutate.
 */
export function parseOverlayQuery(value: unknown): ResultOverlayName[] {
  const parts = (Array.isArray(value) ? value : value === undefined ? [] : [value])
    .flatMap((v) => String(v).split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== 'none');
  for (const p of parts) {
    if (!isResultOverlay(p)) {
      throw new PictureRequestError(
        'overlay',
        `unknown overlay '${p}'; expected any of ${RESULT_OVERLAYS.join(', ')}`,
      );
    }
  }
  return [...new Set(parts)] as ResultOverlayName[];
}

/** Reads the `move` query value: undefined when absent; throws PictureRequestError when not a count. */
export function parseMoveQuery(value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new PictureRequestError('move', `must be a whole number >= 0, got '${String(value)}'`);
  return n;
}

interface PositionLike {
  boardXSize?: unknown;
  boardYSize?: unknown;
  initialStones?: unknown;
  moves?: unknown;
  analyzeTurn?: unknown;
  sgf?: unknown;
  moveNumber?: unknown;
}

/**
 * The job input as KataGo-style fields. An `sgf` input (with an optional `moveNumber`, the analyzed
 * turn) is replayed by the engine into setup stones and moves, so both request forms draw alike.
 */
function positionInput(raw: unknown): PositionLike {
  const input = (raw ?? {}) as PositionLike;
  if (typeof input.sgf !== 'string' || input.moves !== undefined) return input;
  try {
    const game = replaySgf(readSgf(input.sgf));
    const geo = game.geo;
    const initialStones: [string, string][] = [];
    const moves: [string, string][] = [];
    const setup = new Map<number, number>();
    for (const a of game.history) {
      if (a.kind === 'setup') for (const s of a.stones) setup.set(s.point, s.color);
      else moves.push([a.player === 1 ? 'B' : 'W', formatGtpVertex(a.point, geo)]);
    }
    for (const [p, c] of setup)
      if (c === 1 || c === 2) initialStones.push([c === 1 ? 'B' : 'W', formatGtpVertex(p, geo)]);
    const turn = typeof input.moveNumber === 'number' ? input.moveNumber : undefined;
    return { boardXSize: game.width, boardYSize: game.height, initialStones, moves, analyzeTurn: turn };
  } catch (err) {
    if (err instanceof SgfError) throw new PictureRequestError('sgf', err.message);
    throw err;
  }
}

/**
 * The picture of a position job at a move: stones replayed from the job's input, the move
 * played last ringed, and the asked overlays. Overlays come from the stored result when the
 * picture shows the analyzed turn; Bouzy and Freihofner maps are computed from the stones when
 * the result lacks them (or at other moves), since they depend on nothing else. Overlays the
 * result lacks and that cannot be computed (ownership before the job completes) are left out
 * and listed in `missing`. Throws PictureRequestError for a bad move number or an undrawable job.
 */
export function jobPicture(
  job: JobForPicture,
  request: PictureRequest,
): { picture: BoardPicture; move: number; totalMoves: number; missing: string[] } {
  const input = positionInput(job.input);
  const size = input.boardXSize;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < MIN_BOARD_SIZE || size > MAX_BOARD_SIZE) {
    throw new PictureRequestError('job', 'is not a position job with a square board of 5..25');
  }
  if (input.boardYSize !== undefined && input.boardYSize !== size) {
    throw new PictureRequestError('job', 'has a rectangular board, which pictures do not draw');
  }
  try {
    const setup = pictureMovesFromPairs(
      (input.initialStones ?? []) as [string, string][],
      size,
      'initialStones',
    );
    const moves = pictureMovesFromPairs((input.moves ?? []) as [string, string][], size, 'moves');
    const analyzed =
      typeof input.analyzeTurn === 'number' && Number.isInteger(input.analyzeTurn)
        ? Math.min(input.analyzeTurn, moves.length)
        : moves.length;
    const move = request.move ?? analyzed;
    if (move > moves.length) {
      throw new PictureRequestError('move', `the game has ${moves.length} moves, asked for move ${move}`);
    }
    const stones = replayStones(size, setup, moves.slice(0, move));
    const atAnalyzed = move === analyzed && job.status === 'completed';
    const overlays: PictureOverlay[] = [];
    const missing: string[] = [];
    let position: { geo: Geometry; colors: Int8Array } | undefined;
    for (const name of request.overlays) {
      const stored = atAnalyzed ? overlayFromResult(job.result, name, size) : undefined;
      if (stored) {
        overlays.push(stored);
      } else if (COMPUTABLE.has(name)) {
        position ??= colorPosition(size, stones);
        overlays.push(computePictureOverlay(position, name));
      } else {
        missing.push(name);
      }
    }
    const last = move > 0 ? moves[move - 1].vertex : null;
    return {
      picture: {
        size,
        stones,
        lastMove: last,
        overlays,
        title: `Move ${move} of ${moves.length}${request.overlays.length ? ` (${request.overlays.join(', ')})` : ''}`,
      },
      move,
      totalMoves: moves.length,
      missing,
    };
  } catch (err) {
    if (err instanceof RenderInputError)
      throw new PictureRequestError(err.field, err.message.slice(err.field.length + 2));
    throw err;
  }
}

/** A `{ geo, colors }` position (WALL border) from row-major stones, for the engine's maps. */
function colorPosition(size: number, stones: Uint8Array): { geo: Geometry; colors: Int8Array } {
  const geo = Geometry.of(size);
  const colors = geo.emptyColors.slice();
  for (let i = 0; i < geo.points.length; i++) colors[geo.points[i]] = stones[i];
  return { geo, colors };
}

/**
 * The diagram of an eye-graph job: its graph with the vital points and the eye value from the
 * stored result. Eye graphs have no moves and no board overlays: asked overlays come back in
 * `missing`, a `move` is refused. Throws PictureRequestError naming `move`, or `job` while the job
 * has no result yet.
 */
export function eyeGraphJobPicture(
  job: JobForPicture,
  request: PictureRequest,
): { picture: EyeGraphPicture; missing: string[] } {
  if (request.move !== undefined) throw new PictureRequestError('move', 'an eye-graph job has no moves');
  if (job.status !== 'completed') {
    throw new PictureRequestError(
      'job',
      `is an eye-graph job that is ${job.status}; its diagram is drawn once it completes`,
    );
  }
  try {
    return { picture: eyeGraphPictureFromResult(job.result), missing: [...request.overlays] };
  } catch (err) {
    if (err instanceof RenderInputError)
      throw new PictureRequestError('job', `has no eye-graph result to draw (${err.message})`);
    throw err;
  }
}
