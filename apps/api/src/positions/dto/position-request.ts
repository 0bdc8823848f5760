import { type KataGoMove, type PositionInput, type WebhookAllowlist } from '@moyo/contracts';
import {
  BLACK,
  CoordinateError,
  EMPTY,
  engineRulesForKataGoName,
  formatGtpVertex,
  Game,
  IllegalMoveError,
  MAX_BOARD_SIZE,
  MIN_BOARD_SIDE,
  parseGtpVertex,
  parseKataGoVertex,
  parseRules,
  PASS,
  readSgf,
  replaySgf,
  SgfError,
  WHITE,
  type Player,
  type PointColor,
  type Rules,
  type SgfRecord,
} from '@moyo/engine';
import { z } from 'zod';
import { FieldError, FieldErrors, problemsOf } from '../../errors/api-errors';
import {
  analysesSchema,
  analysisOptionsSchema,
  checkAnalyses,
  checkWebhookTarget,
  webhookUrlSchema,
} from '../../jobs/job-spec';
import {
  isKataGoOnlyField,
  isKataGoQueryBody,
  normalizeKataGoPositionRequest,
  type KataGoPositionRequest,
} from './katago-position';
import { MAX_BATCH_MOVES, MAX_MOVES, MAX_TURNS } from '../../jobs/request-limits';

export { MAX_BATCH_MOVES, MAX_MOVES, MAX_TURNS };

const SIZE_MESSAGE = `must be an integer from ${MIN_BOARD_SIDE} to ${MAX_BOARD_SIZE}`;

const moveSchema = z.tuple([z.string().max(8), z.string().max(12)], {
  error: 'must be a move like ["B", "Q16"]',
});

/**
 * `POST /v1/positions` body: KataGo's analysis-query fields (`moves`, `initialStones`,
 * `boardXSize`, `boardYSize`, `komi`, `rules`, `initialPlayer`, `analyzeTurns`) or an `sgf` with
 * an optional `moveNumber`; plus `analyses`, `analysisOptions` and `webhookUrl`. Unknown fields are
 * refused, so a typo does not silently fall back to a default.
 */
export const positionRequestSchema = z.strictObject({
  moves: z.array(moveSchema).max(MAX_MOVES, `at most ${MAX_MOVES} moves`).optional(),
  initialStones: z.array(moveSchema).max(MAX_MOVES, `at most ${MAX_MOVES} stones`).optional(),
  boardXSize: z
    .number()
    .int(SIZE_MESSAGE)
    .min(MIN_BOARD_SIDE, SIZE_MESSAGE)
    .max(MAX_BOARD_SIZE, SIZE_MESSAGE)
    .optional(),
  boardYSize: z
    .number()
    .int(SIZE_MESSAGE)
    .min(MIN_BOARD_SIDE, SIZE_MESSAGE)
    .max(MAX_BOARD_SIZE, SIZE_MESSAGE)
    .optional(),
  komi: z
    .number()
    .min(-150, 'must be between -150 and 150')
    .max(150, 'must be between -150 and 150')
    .refine((k) => Number.isInteger(k * 2), 'must be a multiple of 0.5')
    .optional(),
  rules: z.string().min(1).max(40).optional(),
  initialPlayer: z.enum(['B', 'W', 'b', 'w'], { error: 'must be "B" or "W"' }).optional(),
  analyzeTurns: z
    .array(
      z
        .number()
        .int('must be a move count (an integer >= 0)')
        .min(0, 'must be a move count (an integer >= 0)'),
    )
    .min(1, 'must list at least one turn')
    .max(MAX_TURNS, `at most ${MAX_TURNS} turns per request`)
    .optional(),
  sgf: z.string().min(1, 'must not be empty').optional(),
  moveNumber: z
    .number()
    .int('must be a move count (an integer >= 0)')
    .min(0, 'must be a move count (an integer >= 0)')
    .optional(),
  analyses: analysesSchema.optional(),
  analysisOptions: analysisOptionsSchema.optional(),
  webhookUrl: webhookUrlSchema.optional(),
});

export type PositionRequest = z.infer<typeof positionRequestSchema>;

/** A validated, normalised position request: one PositionInput per job to create. */
export interface NormalizedPositionRequest {
  /** One input per analysed turn (one for a plain request; `analyzeTurns` gives several). */
  inputs: PositionInput[];
  /** The turns asked for with `analyzeTurns` (null for a single-position request). */
  turns: number[] | null;
  analyses: string[];
  analysisOptions: Record<string, Record<string, unknown>>;
  webhookUrl: string | null;
  /** Set when the body was a KataGo analysis query: its jobs run the `katago` analysis. */
  katago?: KataGoPositionRequest;
}

/** What a position request is checked against (from ApiConfig). */
export interface PositionRequestLimits {
  maxSgfBytes: number;
  webhookAllowlist: WebhookAllowlist;
}

/**
 * Validates a `POST /v1/positions` body and normalises it: SGF replayed by the engine into
 * KataGo-style moves, vertices and colours in canonical form, every move checked for legality
 * (ko, suicide, superko under the rules), `webhookUrl` a target `limits.webhookAllowlist` lets
 * webhooks reach. Throws FieldError / FieldErrors (422) naming the field.
 */
export function normalizePositionRequest(
  body: unknown,
  limits: PositionRequestLimits,
): NormalizedPositionRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new FieldError('body', 'must be a JSON object with "moves" (KataGo style) or "sgf"', 400);
  }
  if (isKataGoQueryBody(body as Record<string, unknown>)) {
    const limitsOf = { maxMoves: MAX_MOVES, maxTurns: MAX_TURNS, maxBatchMoves: MAX_BATCH_MOVES };
    const katago = normalizeKataGoPositionRequest(body as Record<string, unknown>, {
      ...limitsOf,
      ...limits,
    });
    const { inputs, turns, extras } = katago;
    const { analysisOptions = {}, webhookUrl = null } = extras;
    return {
      inputs,
      turns,
      analyses: ['katago', ...(extras.analyses ?? [])],
      analysisOptions,
      webhookUrl,
      katago,
    };
  }
  const parsed = positionRequestSchema.safeParse(body);
  if (!parsed.success) {
    const problems = problemsOf(parsed.error, body).map((p) =>
      isKataGoOnlyField(p.field)
        ? { ...p, message: 'is a KataGo query field: send it with the query\'s "id"' }
        : p,
    );
    throw new FieldErrors(problems);
  }
  const req = parsed.data;
  checkWebhookTarget('webhookUrl', req.webhookUrl, limits.webhookAllowlist);
  const { analyses, analysisOptions } = checkAnalyses(req.analyses, req.analysisOptions);
  const common = { analyses, analysisOptions, webhookUrl: req.webhookUrl ?? null };

  if (req.moveNumber !== undefined && req.analyzeTurns !== undefined) {
    throw new FieldError('moveNumber', 'give either moveNumber or analyzeTurns, not both');
  }
  const rules = req.rules === undefined ? undefined : rulesOf(req.rules);
  if (req.sgf !== undefined) {
    for (const field of ['moves', 'initialStones', 'boardXSize', 'boardYSize', 'initialPlayer'] as const) {
      if (req[field] !== undefined)
        throw new FieldError(field, 'give either sgf or KataGo-style fields, not both');
    }
    return { ...fromSgf(req, rules, limits.maxSgfBytes), ...common };
  }
  if (req.moveNumber !== undefined)
    throw new FieldError('moveNumber', 'is only used with sgf (use analyzeTurns with moves)');
  if (req.moves === undefined && req.initialStones === undefined) {
    throw new FieldError('moves', 'is required (KataGo-style [["B","Q16"],...]), or send sgf');
  }
  return { ...fromMoves(req, rules ?? parseRules('japanese')), ...common };
}

/** A rule set by Moyo's names, else by any name KataGo takes (`ing`, `stone_scoring`, `bga`...). */
function rulesOf(name: string): Rules {
  try {
    return parseRules(name);
  } catch (err) {
    const katago = engineRulesForKataGoName(name);
    if (katago) return katago;
    throw new FieldError('rules', (err as Error).message.replace(/^rules: /, ''));
  }
}

function colorOf(c: string): Player {
  return c.toUpperCase() === 'W' ? WHITE : BLACK;
}

function colorName(p: PointColor): 'B' | 'W' {
  return p === WHITE ? 'W' : 'B';
}

/** KataGo-style request: replays initial stones and moves on the engine to check them. */
function fromMoves(
  req: PositionRequest,
  rules: Rules,
): Omit<NormalizedPositionRequest, 'analyses' | 'analysisOptions' | 'webhookUrl'> {
  // One size given: a square board of it. Both: boardXSize columns by boardYSize rows.
  const width = req.boardXSize ?? req.boardYSize ?? 19;
  const height = req.boardYSize ?? width;
  const komi = req.komi ?? rules.defaultKomi;
  const game = new Game({ width, height }, { rules, komi });
  const geo = game.geo;

  const stones: KataGoMove[] = [];
  const setup: { point: number; color: PointColor }[] = [];
  const seen = new Set<number>();
  (req.initialStones ?? []).forEach(([color, vertex], i) => {
    const field = `initialStones[${i}]`;
    if (!/^[BbWw]$/.test(color))
      throw new FieldError(field, `colour must be "B" or "W", got ${JSON.stringify(color)}`);
    const point = vertexOf(vertex, geo, field);
    if (point === PASS) throw new FieldError(field, 'an initial stone needs a point, not a pass');
    if (seen.has(point)) throw new FieldError(field, `${formatGtpVertex(point, geo)} is given twice`);
    seen.add(point);
    setup.push({ point, color: colorOf(color) });
    stones.push([colorName(colorOf(color)), formatGtpVertex(point, geo)]);
  });

  const moves = req.moves ?? [];
  const firstColor = req.initialPlayer ?? moves[0]?.[0];
  const initialPlayer = firstColor === undefined ? BLACK : colorOf(firstColor);
  if (setup.length > 0) game.setup(setup, initialPlayer);
  else game.toPlay = initialPlayer;

  const normalized: KataGoMove[] = moves.map(([color, vertex], i) => {
    const field = `moves[${i}]`;
    if (!/^[BbWw]$/.test(color))
      throw new FieldError(field, `colour must be "B" or "W", got ${JSON.stringify(color)}`);
    const point = vertexOf(vertex, geo, field);
    const player = colorOf(color);
    try {
      game.play(point, player);
    } catch (err) {
      if (err instanceof IllegalMoveError) {
        throw new FieldError(
          field,
          `illegal move ${colorName(player)} ${formatGtpVertex(point, geo)}: ${err.reason}`,
        );
      }
      throw err;
    }
    return [colorName(player), formatGtpVertex(point, geo)];
  });

  const base: PositionInput = {
    boardXSize: width,
    boardYSize: height,
    komi,
    rules: rules.name,
    initialStones: stones,
    moves: normalized,
    // Kept whenever it is not the default Black: a turn-0 input holds no moves to tell it.
    ...(req.initialPlayer !== undefined || initialPlayer !== BLACK
      ? { initialPlayer: colorName(initialPlayer) }
      : {}),
  };
  return turnsOf(base, req.analyzeTurns, undefined, 'analyzeTurns');
}

/** A GTP vertex (`Q16`, `pass`), or KataGo's `(x,y)` from the top-left. */
function vertexOf(vertex: string, geo: Game['geo'], field: string): number {
  try {
    return parseGtpVertex(vertex, geo);
  } catch (err) {
    if (!(err instanceof CoordinateError)) throw err;
    const point = /^\s*\(/.test(vertex) ? parseKataGoVertex(vertex, geo) : null;
    if (point !== null) return point;
    throw new FieldError(field, err.message);
  }
}

/**
 * The inputs of a request. A single position keeps every move with `analyzeTurn` set (left out
 * when it is the last move, so both ways of asking for the final position name the same job), so
 * the viewer can step through the whole game. Each turn of `analyzeTurns` holds the moves up to
 * that turn only: the same opening asked for by two games is one job, and a long game's batch
 * does not store the whole game once per turn.
 */
function turnsOf(
  base: PositionInput,
  analyzeTurns: number[] | undefined,
  single: number | undefined,
  field: string,
): { inputs: PositionInput[]; turns: number[] | null } {
  const total = base.moves.length;
  if (analyzeTurns === undefined) {
    const turn = single ?? total;
    return { inputs: [turn === total ? { ...base } : { ...base, analyzeTurn: turn }], turns: null };
  }
  const turns = [...new Set(analyzeTurns)];
  turns.forEach((t, i) => {
    if (t > total) throw new FieldError(`${field}[${i}]`, `turn ${t} is past the last move (${total} moves)`);
  });
  const moves = turns.reduce((sum, t) => sum + t, 0);
  if (moves > MAX_BATCH_MOVES) {
    throw new FieldError(
      field,
      `asks for ${moves} moves in all, more than ${MAX_BATCH_MOVES}: split the request`,
    );
  }
  return { inputs: turns.map((turn) => ({ ...base, moves: base.moves.slice(0, turn) })), turns };
}

/** SGF request: parsed and replayed by the engine; errors name the SGF node and property. */
function fromSgf(
  req: PositionRequest,
  rulesOverride: Rules | undefined,
  maxSgfBytes: number,
): Omit<NormalizedPositionRequest, 'analyses' | 'analysisOptions' | 'webhookUrl'> {
  const text = req.sgf as string;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxSgfBytes)
    throw new FieldError('sgf', `is ${bytes} bytes, more than the limit of ${maxSgfBytes}`);
  let record: SgfRecord;
  let game: Game;
  try {
    record = readSgf(text);
    game = replaySgf(record, { rules: rulesOverride });
  } catch (err) {
    if (err instanceof SgfError) throw new FieldError('sgf', err.message);
    if (err instanceof CoordinateError || err instanceof RangeError) throw new FieldError('sgf', err.message);
    throw err;
  }
  if (req.moveNumber !== undefined && req.moveNumber > record.moveCount) {
    throw new FieldError('moveNumber', `is past the end of the game (${record.moveCount} moves)`);
  }
  const komi = req.komi ?? record.komi;
  const rules = rulesOverride ?? record.rules;
  const geo = game.geo;

  // Setup only before the first move maps exactly onto initialStones + moves; setup later in the
  // game (problem collections) cannot, so each turn is then sent as the board it shows.
  let movesSeen = false;
  let lateSetup = false;
  const setupColors = new Map<number, PointColor>();
  let toPlayAfterSetup: Player | undefined;
  const moves: KataGoMove[] = [];
  for (const action of game.history) {
    if (action.kind === 'setup') {
      if (movesSeen) lateSetup = true;
      for (const s of action.stones) setupColors.set(s.point, s.color);
      toPlayAfterSetup = action.toPlayAfter;
    } else {
      movesSeen = true;
      moves.push([colorName(action.player), formatGtpVertex(action.point, geo)]);
    }
  }

  if (lateSetup) {
    const turns = req.analyzeTurns ?? [req.moveNumber ?? record.moveCount];
    const unique = [...new Set(turns)];
    unique.forEach((t, i) => {
      if (t > record.moveCount) {
        throw new FieldError(
          `analyzeTurns[${i}]`,
          `turn ${t} is past the last move (${record.moveCount} moves)`,
        );
      }
    });
    const inputs = unique.map((turn) => boardSnapshot(replaySgf(record, { move: turn, rules }), komi, rules));
    return { inputs, turns: req.analyzeTurns ? unique : null };
  }

  const initialStones: KataGoMove[] = [];
  for (const [point, color] of setupColors) {
    if (color !== EMPTY) initialStones.push([colorName(color), formatGtpVertex(point, geo)]);
  }
  const firstPlayer = toPlayAfterSetup ?? (moves.length === 0 ? game.toPlay : undefined);
  const base: PositionInput = {
    boardXSize: game.width,
    boardYSize: game.height,
    komi,
    rules: rules.name,
    initialStones,
    moves,
    ...(firstPlayer === WHITE ? { initialPlayer: 'W' as const } : {}),
  };
  return turnsOf(base, req.analyzeTurns, req.moveNumber, 'analyzeTurns');
}

/** The board of a replayed game as setup stones only, with the player to move. */
function boardSnapshot(game: Game, komi: number, rules: Rules): PositionInput {
  const stones: KataGoMove[] = [];
  for (const p of game.geo.points) {
    const c = game.board.colors[p];
    if (c === BLACK || c === WHITE) stones.push([colorName(c), formatGtpVertex(p, game.geo)]);
  }
  return {
    boardXSize: game.width,
    boardYSize: game.height,
    komi,
    rules: rules.name,
    initialStones: stones,
    moves: [],
    initialPlayer: colorName(game.toPlay),
  };
}
