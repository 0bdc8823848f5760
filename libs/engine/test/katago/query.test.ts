import { describe, expect, it } from 'vitest';
import { Geometry } from '../../src/board/geometry';
import { PASS } from '../../src/board/coords';
import {
  KataGoAnalysisEngine,
  engineRulesForKataGoName,
  parseKataGoInput,
  parseKataGoVertex,
  resolveKataGoRules,
} from '../../src/katago';

const base = { id: 'q', moves: [], rules: 'japanese', boardXSize: 9, boardYSize: 9 };

function error(input: unknown) {
  const r = parseKataGoInput(input);
  if (r.kind !== 'error') throw new Error(`expected an error, got ${r.kind}`);
  return r.line;
}

describe('KataGo coordinates', () => {
  const geo = Geometry.of(19);
  it('reads letters (any case, no I), (x,y) from the top-left and pass/pss', () => {
    expect(parseKataGoVertex('Q16', geo)).toBe(geo.pt(15, 3));
    expect(parseKataGoVertex('q16', geo)).toBe(geo.pt(15, 3));
    expect(parseKataGoVertex('(15,3)', geo)).toBe(geo.pt(15, 3));
    expect(parseKataGoVertex('( 0 , 18 )', geo)).toBe(parseKataGoVertex('A1', geo));
    expect(parseKataGoVertex('pass', geo)).toBe(PASS);
    expect(parseKataGoVertex('PSS', geo)).toBe(PASS);
    for (const bad of ['I5', 'Z1', 'A20', '(19,0)', '(-1,2)', 'D', '', 7]) {
      expect(parseKataGoVertex(bad, geo)).toBeNull();
    }
  });
});

describe('KataGo rules', () => {
  it('maps every KataGo rule name to an engine rule set, in any spelling', () => {
    const names: [string, string][] = [
      ['tromp-taylor', 'tromp-taylor'],
      ['Tromp Taylor', 'tromp-taylor'],
      ['chinese', 'chinese'],
      ['chinese-ogs', 'chinese'],
      ['CHINESE_KGS', 'chinese'],
      ['japanese', 'japanese'],
      ['korean', 'korean'],
      ['stone_scoring', 'chinese'],
      ['aga', 'aga'],
      ['bga', 'aga'],
      ['french', 'aga'],
      ['aga-button', 'aga'],
      ['New Zealand', 'new-zealand'],
      ['nz', 'new-zealand'],
      ['goe', 'tromp-taylor'],
      ['ing', 'tromp-taylor'],
    ];
    for (const [name, moyo] of names) expect(engineRulesForKataGoName(name)?.name).toBe(moyo);
    expect(engineRulesForKataGoName('frisbee')).toBeNull();
  });

  it('reads rule objects (absent keys Tromp-Taylor) and compact strings, with the approximations', () => {
    expect(resolveKataGoRules({}).rules.name).toBe('tromp-taylor');
    expect(resolveKataGoRules({ scoring: 'TERRITORY', ko: 'SIMPLE', suicide: false }).rules.name).toBe(
      'japanese',
    );
    expect(resolveKataGoRules({ ko: 'SITUATIONAL', suicide: false }).rules.name).toBe('aga');
    const stone = resolveKataGoRules({ ko: 'SIMPLE', tax: 'ALL', suicide: false, komi: 5 });
    expect(stone.rules.name).toBe('chinese');
    expect(stone.komi).toBe(5);
    // KataGo's default komi: 7.5 area, 6.5 territory, 7 with the button (Moyo's own nz default is 7).
    expect(resolveKataGoRules('nz').komi).toBe(7.5);
    expect(resolveKataGoRules('korean').komi).toBe(6.5);
    expect(resolveKataGoRules('aga-button').komi).toBe(7);
    expect(resolveKataGoRules({ scoring: 'TERRITORY' }).komi).toBe(6.5);
    expect(stone.approximations).toEqual([
      'simple ko is played with positional superko',
      'tax ALL is not applied',
    ]);
    const compact = resolveKataGoRules('koSITUATIONALscoreAREAtaxNONEsui1whbN');
    expect(compact.rules.name).toBe('new-zealand');
    expect(compact.approximations).toEqual([]);
    expect(() => resolveKataGoRules({ ko: 'SIMPLE', colour: 'x' })).toThrow('Unknown rules field: colour');
    expect(() => resolveKataGoRules({ suicide: 'yes' })).toThrow('suicide: Must be a boolean');
    expect(() => resolveKataGoRules('frisbee')).toThrow("Unknown rules 'frisbee'");
  });
});

describe('KataGo query parsing', () => {
  it('answers KataGo general errors without an id', () => {
    expect(error([1, 2])).toEqual({ error: 'Request line was valid json but was not an object' });
    expect(error({ moves: [] })).toEqual({ error: 'Request must have a string "id" field' });
    expect(error({ id: 'a', action: 'frobnicate' })).toEqual({ error: 'Unknown action: "frobnicate"' });
    expect((new KataGoAnalysisEngine().submitLine('{"id": ')[0] as { error?: string }).error).toMatch(
      /^Could not parse json/,
    );
  });

  it('takes rectangles and sizes down to 2: a 3x2 query reads (x,y) as column then row from the top', () => {
    const r = parseKataGoInput({
      ...base,
      boardXSize: 3,
      boardYSize: 2,
      moves: [
        ['B', '(2,1)'],
        ['W', 'A2'],
      ],
    });
    if (r.kind !== 'query') throw new Error(`expected a query, got ${r.kind}`);
    expect([r.query.width, r.query.height]).toEqual([3, 2]);
    const geo = Geometry.of(3, 2);
    expect(r.query.moves.map((m) => m.point)).toEqual([geo.pt(2, 1), geo.pt(0, 0)]);
    expect(error({ ...base, boardXSize: 3, boardYSize: 2, moves: [['B', 'A3']] })).toMatchObject({
      field: 'moves',
    });
  });

  it('names the first bad field, with the id', () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ boardXSize: 29, boardYSize: 29 }, 'boardXSize', 'Must provide an integer from 2 to 25'],
      [{ boardYSize: 26 }, 'boardYSize', 'Must provide an integer from 2 to 25'],
      [{ rules: undefined }, 'rules', 'Must provide rules (a name or an object)'],
      [{ komi: 6.3 }, 'komi', 'Must be an integer or half-integer from -400 to 400'],
      [{ moves: [['B', 'Z9']] }, 'moves', 'Could not parse location: "Z9"'],
      [{ moves: [['X', 'E5']] }, 'moves', 'Could not parse player: "X"'],
      [{ initialStones: [['B', 'pass']] }, 'initialStones', 'Entry 0: pass is not a stone'],
      [{ analyzeTurns: [1] }, 'analyzeTurns', 'Must provide an integer from 0 to 0'],
      [{ maxVisits: 0 }, 'maxVisits', `Must provide an integer from 1 to ${2 ** 50}`],
      [{ includeOwnership: 'yes' }, 'includeOwnership', 'Must be a boolean'],
      [{ priority: 1, priorities: [1] }, 'priority', 'Cannot specify both priority and priorities'],
      [{ avoidMoves: [], allowMoves: [] }, 'allowMoves', 'Cannot specify both avoidMoves and allowMoves'],
      [
        { overrideSettings: { reportAnalysisWinratesAs: 'RED' } },
        'overrideSettings',
        'reportAnalysisWinratesAs: must be BLACK, WHITE or SIDETOMOVE',
      ],
    ];
    for (const [change, field, message] of cases) {
      expect(error({ ...base, ...change })).toEqual({ id: 'q', field, error: message });
    }
    expect(
      new KataGoAnalysisEngine().submit({
        ...base,
        moves: [
          ['B', 'E5'],
          ['W', 'E5'],
        ],
      }),
    ).toEqual([{ id: 'q', field: 'moves', error: 'Illegal move 1: W E5 (occupied)' }]);
  });

  it('warns about unknown and ignored fields and still runs the query', () => {
    const engine = new KataGoAnalysisEngine();
    const out = engine.submit({
      ...base,
      rules: 'stone-scoring',
      maxVisits: 30,
      includePolicy: true,
      reportDuringSearchEvery: 0.25,
      overrideSettings: { reportAnalysisWinratesAs: 'BLACK', wideRootNoise: 0.04 },
      frobnicate: 1,
    });
    expect(out).toEqual([
      {
        id: 'q',
        field: 'rules',
        warning: 'Moyo plays these rules as chinese: stone scoring is counted as area scoring',
      },
      { id: 'q', field: 'overrideSettings', warning: 'Moyo ignores these settings: wideRootNoise' },
      { id: 'q', field: 'includePolicy', warning: 'Moyo has no policy network: no policy is sent' },
      { id: 'q', field: 'frobnicate', warning: 'Unexpected or unused field, do you have a typo?' },
    ]);
    expect(engine.pending).toBe(1);
    expect(engine.next()).toMatchObject({ id: 'q', turnNumber: 0, isDuringSearch: false });
  });
});
