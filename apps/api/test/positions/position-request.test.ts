import { parseWebhookAllowlist } from '@moyo/contracts';
import { describe, expect, it } from 'vitest';
import { normalizePositionRequest } from '../../src/positions/dto/position-request';
import { normalizeEyegraphRequest } from '../../src/eyegraphs/dto/eyegraph-request';
import { fieldOf } from '../support/field-errors';

const NO_ALLOWLIST = parseWebhookAllowlist('');
const LIMITS = { maxSgfBytes: 100_000, webhookAllowlist: NO_ALLOWLIST };

describe('normalizePositionRequest', () => {
  it('canonicalises colours and vertices and leaves analyzeTurn out for the final position', () => {
    const r = normalizePositionRequest(
      {
        boardXSize: 9,
        moves: [
          ['b', 'c3'],
          ['w', 'PASS'],
        ],
      },
      LIMITS,
    );
    expect(r.turns).toBeNull();
    expect(r.inputs).toEqual([
      {
        boardXSize: 9,
        boardYSize: 9,
        komi: 6.5,
        rules: 'japanese',
        initialStones: [],
        moves: [
          ['B', 'C3'],
          ['W', 'pass'],
        ],
      },
    ]);
    expect(r.analyses).toEqual(['territory', 'deadStones', 'score']);
  });

  it('uses the rules’ komi, accepts rule aliases, and keeps an explicit initialPlayer', () => {
    const r = normalizePositionRequest(
      { boardXSize: 13, rules: 'tt', initialPlayer: 'w', moves: [] },
      LIMITS,
    );
    expect(r.inputs[0]).toMatchObject({
      rules: 'tromp-taylor',
      komi: 7.5,
      initialPlayer: 'W',
      boardXSize: 13,
    });
  });

  it("keeps the first player at turn 0: initialPlayer, else moves[0]'s colour", () => {
    const moves = [
      ['W', 'E5'],
      ['B', 'C3'],
    ];
    const implicit = normalizePositionRequest({ boardXSize: 9, moves, analyzeTurns: [0, 2] }, LIMITS);
    expect(implicit.inputs[0]).toMatchObject({ moves: [], initialPlayer: 'W' });
    expect(implicit.inputs[1]).toMatchObject({ initialPlayer: 'W' });
    const explicit = normalizePositionRequest(
      { boardXSize: 9, initialPlayer: 'B', moves: [['B', 'E5']], analyzeTurns: [0] },
      LIMITS,
    );
    expect(explicit.inputs[0]).toMatchObject({ moves: [], initialPlayer: 'B' });
    const blackFirst = normalizePositionRequest(
      { boardXSize: 9, moves: [['B', 'E5']], analyzeTurns: [0] },
      LIMITS,
    );
    expect(blackFirst.inputs[0].initialPlayer).toBeUndefined();
  });

  it('refuses an immediate ko recapture, naming the move', () => {
    const initialStones = [
      ['B', 'A2'],
      ['B', 'B3'],
      ['B', 'B1'],
      ['W', 'B2'],
      ['W', 'C3'],
      ['W', 'C1'],
      ['W', 'D2'],
    ];
    const ok = normalizePositionRequest({ boardXSize: 5, initialStones, moves: [['B', 'C2']] }, LIMITS);
    expect(ok.inputs[0].moves).toEqual([['B', 'C2']]);
    const e = fieldOf(() =>
      normalizePositionRequest(
        {
          boardXSize: 5,
          initialStones,
          moves: [
            ['B', 'C2'],
            ['W', 'B2'],
          ],
        },
        LIMITS,
      ),
    );
    expect(e).toMatchObject({ status: 422, field: 'moves[1]', message: 'moves[1]: illegal move W B2: ko' });
  });

  it('makes one input per turn, deduplicated, in request order, each with the moves up to its turn', () => {
    const moves = [
      ['B', 'C3'],
      ['W', 'G7'],
      ['B', 'E5'],
    ];
    const r = normalizePositionRequest({ boardXSize: 9, moves, analyzeTurns: [3, 0, 3, 1] }, LIMITS);
    expect(r.turns).toEqual([3, 0, 1]);
    expect(r.inputs.map((i) => i.moves.length)).toEqual([3, 0, 1]);
    expect(r.inputs.every((i) => i.analyzeTurn === undefined)).toBe(true);
    expect(r.inputs[2].moves).toEqual([['B', 'C3']]);
  });

  it('refuses a batch whose turns would store too many moves in all', () => {
    const moves = Array.from({ length: 2000 }, (_, i) => [i % 2 === 0 ? 'B' : 'W', 'pass']);
    const analyzeTurns = Array.from({ length: 500 }, (_, i) => 1501 + i);
    const e = fieldOf(() => normalizePositionRequest({ boardXSize: 9, moves, analyzeTurns }, LIMITS));
    expect(e).toMatchObject({ status: 422, field: 'analyzeTurns' });
    expect(e.message).toMatch(/875250 moves in all, more than 250000/);
  });

  it('reads an SGF: KM, RU, moves, passes, and moveNumber as the analyzed turn', () => {
    const sgf = '(;GM[1]FF[4]SZ[9]KM[5.5]RU[AGA];B[cc];W[];B[gg])';
    const r = normalizePositionRequest({ sgf, moveNumber: 2 }, LIMITS);
    expect(r.inputs[0]).toEqual({
      boardXSize: 9,
      boardYSize: 9,
      komi: 5.5,
      rules: 'aga',
      initialStones: [],
      moves: [
        ['B', 'C7'],
        ['W', 'pass'],
        ['B', 'G3'],
      ],
      analyzeTurn: 2,
    });
  });

  it('turns an SGF with setup after the first move into board snapshots', () => {
    const sgf = '(;GM[1]SZ[9];B[cc];W[gg]AB[ee];B[dd])';
    const r = normalizePositionRequest({ sgf, analyzeTurns: [1, 3] }, LIMITS);
    expect(r.turns).toEqual([1, 3]);
    expect(r.inputs[0]).toMatchObject({ moves: [], initialStones: [['B', 'C7']], initialPlayer: 'W' });
    expect(r.inputs[1].moves).toEqual([]);
    expect(r.inputs[1].initialStones).toEqual(
      expect.arrayContaining([
        ['B', 'C7'],
        ['B', 'D6'],
        ['B', 'E5'],
        ['W', 'G3'],
      ]),
    );
    expect(r.inputs[1].initialStones).toHaveLength(4);
    expect(r.inputs[1].initialPlayer).toBe('W');
  });

  it('lets body rules and komi override the SGF', () => {
    const r = normalizePositionRequest({ sgf: '(;SZ[9]KM[0];B[ee])', rules: 'chinese', komi: 7.5 }, LIMITS);
    expect(r.inputs[0]).toMatchObject({ rules: 'chinese', komi: 7.5 });
  });

  it.each([
    [
      {
        boardXSize: 9,
        initialStones: [
          ['B', 'C3'],
          ['W', 'c3'],
        ],
      },
      'initialStones[1]',
      /given twice/,
    ],
    [{ boardXSize: 9, initialStones: [['B', 'pass']] }, 'initialStones[0]', /not a pass/],
    [{ boardXSize: 9, moves: [['X', 'C3']] }, 'moves[0]', /colour/],
    [{ boardXSize: 9, moves: [['B', 'J10']] }, 'moves[0]', /J10/],
    [{ boardXSize: 9, moves: [], moveNumber: 0 }, 'moveNumber', /sgf/],
    [{ sgf: '(;SZ[9];B[ee])', moveNumber: 1, analyzeTurns: [1] }, 'moveNumber', /not both/],
    [{ sgf: '(;SZ[9];B[ee];W[ee])' }, 'sgf', /node 2, move 2, property W: illegal move/],
    [{ sgf: '(;SZ[9]KM[abc])' }, 'sgf', /komi/],
    [{ sgf: '(;SZ[9]AB[zz])' }, 'sgf', /AB/],
  ])('refuses %j naming %s', (body, field, message) => {
    const e = fieldOf(() => normalizePositionRequest(body, LIMITS));
    expect(e.status).toBe(422);
    expect(e.field).toBe(field);
    expect(e.message).toMatch(message);
  });
});

describe('normalizeEyegraphRequest', () => {
  it('encodes multi-line graphs in GNU Go’s one-line form and keeps only given options', () => {
    expect(normalizeEyegraphRequest({ graph: ' !\n.X' }, NO_ALLOWLIST).input).toEqual({ graph: 'O!%.X' });
    expect(normalizeEyegraphRequest({ graph: ['..'], koThreats: 0 }, NO_ALLOWLIST).input).toEqual({
      graph: '..',
      koThreats: 0,
    });
  });

  it('passes the parser’s message through, naming the graph', () => {
    const e = fieldOf(() => normalizeEyegraphRequest({ graph: '.'.repeat(18) }, NO_ALLOWLIST));
    expect(e.field).toBe('graph');
    expect(e.message).toMatch(/18 points; at most 17/);
  });
});
