import { parseWebhookAllowlist } from '@moyo/contracts';
import { describe, expect, it } from 'vitest';
import { normalizePositionRequest } from '../../src/positions/dto/position-request';
import { EXAMPLE } from '../support/fixtures';
import { fieldOf } from '../support/field-errors';

const LIMITS = { maxSgfBytes: 100_000, webhookAllowlist: parseWebhookAllowlist('') };

describe('POST /v1/positions with a KataGo query', () => {
  it("reads KataGo's example query: one katago job per turn, the moves up to each turn", () => {
    const r = normalizePositionRequest(EXAMPLE, LIMITS);
    expect(r.katago?.query.id).toBe('foo');
    expect(r.katago?.warnings).toEqual([]);
    expect(r.turns).toEqual([0, 1, 2]);
    expect(r.analyses).toEqual(['katago']);
    expect(r.inputs.map((i) => i.moves.length)).toEqual([0, 1, 2]);
    expect(r.inputs[0]).toMatchObject({
      boardXSize: 19,
      komi: 7.5,
      rules: 'tromp-taylor',
      initialPlayer: 'W',
      initialStones: [
        ['B', 'Q4'],
        ['B', 'C4'],
      ],
    });
  });

  it('takes (x,y) and pass coordinates, a rules object, maxVisits and the include flags', () => {
    const r = normalizePositionRequest(
      {
        id: 'q',
        boardXSize: 9,
        boardYSize: 9,
        rules: { scoring: 'TERRITORY', ko: 'SIMPLE', suicide: false },
        moves: [
          ['B', '(2,6)'],
          ['w', 'pass'],
          ['black', 'E5'],
        ],
        maxVisits: 100,
        includeOwnership: true,
        overrideSettings: { reportAnalysisWinratesAs: 'BLACK' },
      },
      LIMITS,
    );
    expect(r.turns).toEqual([3]);
    expect(r.inputs[0]).toMatchObject({
      rules: 'japanese',
      komi: 6.5,
      moves: [
        ['B', 'C3'],
        ['W', 'pass'],
        ['B', 'E5'],
      ],
    });
    expect(r.katago?.query).toMatchObject({ maxVisits: 100, includeOwnership: true, perspective: 'BLACK' });
  });

  it('answers unknown and unsupported KataGo fields with warnings, not a rejection', () => {
    const r = normalizePositionRequest(
      { ...EXAMPLE, includePolicy: true, colour: 'x', overrideSettings: { wideRootNoise: 0 } },
      LIMITS,
    );
    expect(r.katago?.warnings).toEqual(
      expect.arrayContaining([
        { id: 'foo', field: 'includePolicy', warning: 'Moyo has no policy network: no policy is sent' },
        { id: 'foo', field: 'colour', warning: 'Unexpected or unused field, do you have a typo?' },
        { id: 'foo', field: 'overrideSettings', warning: 'Moyo ignores these settings: wideRootNoise' },
      ]),
    );
  });

  it('refuses a KataGo field without the query id, naming the field and the id', () => {
    const e = fieldOf(() => normalizePositionRequest({ boardXSize: 9, moves: [], maxVisits: 10 }, LIMITS));
    expect(e).toMatchObject({ status: 422, field: 'maxVisits' });
    expect(e.message).toMatch(/KataGo query field.*"id"/);
    const rules = fieldOf(() => normalizePositionRequest({ moves: [], rules: { ko: 'SIMPLE' } }, LIMITS));
    expect(rules).toMatchObject({ status: 422, field: 'id' });
  });

  it('names the bad field with 422: KataGo errors, illegal moves, limits, sgf mixed in', () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...EXAMPLE, maxVisits: 0 }, 'maxVisits', /integer from 1/],
      [{ ...EXAMPLE, boardXSize: 9, boardYSize: 26 }, 'boardYSize', /integer from 2 to 25/],
      [{ ...EXAMPLE, komi: 7.25 }, 'komi', /half-integer/],
      [{ ...EXAMPLE, rules: 'no-such' }, 'rules', /Unknown rules/],
      [{ ...EXAMPLE, rules: { ko: 'SIMPLE', bogus: 1 } }, 'rules', /Unknown rules field: bogus/],
      [{ ...EXAMPLE, moves: [['B', 'Q4']], analyzeTurns: [1] }, 'moves', /Illegal move 0: B Q4/],
      [{ ...EXAMPLE, moves: [['B', '(19,0)']] }, 'moves', /Could not parse location/],
      [{ ...EXAMPLE, analyzeTurns: [3] }, 'analyzeTurns', /integer from 0 to 2/],
      [{ ...EXAMPLE, includeOwnership: 'yes' }, 'includeOwnership', /boolean/],
      [{ ...EXAMPLE, sgf: '(;SZ[9])' }, 'sgf', /either sgf or a KataGo query/],
      [{ ...EXAMPLE, analysisOptions: { katago: {} } }, 'analysisOptions.katago', /top level/],
      [{ ...EXAMPLE, analyses: ['nope'] }, 'analyses[0]', /./],
    ];
    for (const [body, field, message] of cases) {
      const e = fieldOf(() => normalizePositionRequest(body, LIMITS));
      expect(e, field).toMatchObject({ status: 422, field });
      expect(e.message, field).toMatch(message);
    }
  });

  it("fills Moyo's defaults for what KataGo requires: 19x19 or the other side, Japanese, no moves", () => {
    const r = normalizePositionRequest({ id: 'd', boardYSize: 13, initialStones: [['B', 'D4']] }, LIMITS);
    expect(r.inputs[0]).toMatchObject({ boardXSize: 13, boardYSize: 13, rules: 'japanese', moves: [] });
  });

  it('runs the analyses asked for beside katago, with their options and the webhook', () => {
    const r = normalizePositionRequest(
      { ...EXAMPLE, analyses: ['territory'], analysisOptions: { territory: {} } },
      LIMITS,
    );
    expect(r.analyses).toEqual(['katago', 'territory']);
  });

  it("keeps Moyo's own request as it was; it also takes KataGo's rule names and (x,y) vertices", () => {
    const r = normalizePositionRequest({ boardXSize: 9, rules: 'ing', moves: [['B', '(2,6)']] }, LIMITS);
    expect(r.katago).toBeUndefined();
    expect(r.inputs[0]).toMatchObject({ rules: 'tromp-taylor', moves: [['B', 'C3']] });
    const typo = fieldOf(() => normalizePositionRequest({ boardXSize: 9, moves: [], komí: 6 }, LIMITS));
    expect(typo).toMatchObject({ status: 422, field: 'komí' });
  });

  it('survives the request thread (structured clone) of a long game: the query keeps its maps', () => {
    const moves = Array.from({ length: 320 }, (_, i) => [i % 2 ? 'W' : 'B', 'pass']);
    const body = {
      id: 'long',
      boardXSize: 9,
      moves,
      avoidMoves: [{ player: 'B', moves: ['E5'], untilDepth: 1 }],
    };
    const r = normalizePositionRequest(body, LIMITS);
    const copy = structuredClone(r);
    expect(copy).toEqual(r);
    expect(copy.katago?.query.avoid.get(1)?.size).toBe(1);
  });
});
