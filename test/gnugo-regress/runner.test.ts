import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedSuite, formatCache, suiteHash, type AnswerCache } from '../../scripts/gnugo-regress/cache';
import { EngineGone } from '../../scripts/gnugo-regress/gtp-process';
import {
  checkMinPass,
  DEFAULT_SUITES,
  inRanges,
  parseMinPass,
  parseOptions,
  parseTestRanges,
} from '../../scripts/gnugo-regress/options';
import {
  formatSetupErrors,
  suiteStats,
  type EngineRun,
  type SuiteRun,
} from '../../scripts/gnugo-regress/report';
import { runSlice, sliceSuite, type Engine } from '../../scripts/gnugo-regress/run-suite';
import {
  answerOf,
  judge,
  parseReply,
  parseTst,
  selectTests,
  TstError,
  type GtpReply,
} from '../../scripts/gnugo-regress/tst';

const REGRESSION = resolve(__dirname, '../../regression');

const SUITE = `# A suite in GNU Go's format
loadsgf a.sgf
1 board
#? [a\\.sgf]

2 board
#? [!b\\.sgf]*
play black C3
loadsgf b.sgf 12
3 board
#? [(b|c)\\.sgf 12]
4 owl_attack C3
#? [!1 C4]
5 board
#? [x]&
`;

const ok = (text: string): GtpReply => ({ ok: true, text });

describe('parseTst', () => {
  it('reads commands, test numbers and expectations as regress.pl does', () => {
    const s = parseTst(SUITE, 'mini.tst');
    expect(s.commands.map((c) => [c.line, c.id, c.text])).toEqual([
      [2, null, 'loadsgf a.sgf'],
      [3, 1, '1 board'],
      [6, 2, '2 board'],
      [8, null, 'play black C3'],
      [9, null, 'loadsgf b.sgf 12'],
      [10, 3, '3 board'],
      [12, 4, '4 owl_attack C3'],
      [14, 5, '5 board'],
    ]);
    expect(s.tests.map((t) => [t.id, t.commandIndex, t.expectation])).toEqual([
      [1, 1, { pattern: 'a\\.sgf', negate: false, knownFailure: false, ignored: false, text: 'a\\.sgf' }],
      [2, 2, { pattern: 'b\\.sgf', negate: true, knownFailure: true, ignored: false, text: '!b\\.sgf' }],
      [
        3,
        5,
        {
          pattern: '(b|c)\\.sgf 12',
          negate: false,
          knownFailure: false,
          ignored: false,
          text: '(b|c)\\.sgf 12',
        },
      ],
      [4, 6, { pattern: '1 C4', negate: true, knownFailure: false, ignored: false, text: '!1 C4' }],
      [5, 7, { pattern: 'x', negate: false, knownFailure: false, ignored: true, text: 'x' }],
    ]);
  });

  it.each([
    ['1 board\n#? critical', 'x.tst:2: expected "#? [PATTERN]"'],
    ['loadsgf a.sgf\n#? [1]', 'x.tst:2: "#?" without a numbered command'],
    ['1 board\n#? [1]\n#? [2]', 'x.tst:3: test 1 has a second "#?" line'],
    ['1 board\n#? [1 (A1]', 'x.tst:2: bad pattern [1 (A1]'],
    ['1 board\n#? [1]\n1 board\n#? [2]', 'x.tst:3: test number 1 is used twice'],
  ])('rejects %j naming the line', (text, message) => {
    expect(() => parseTst(text, 'x.tst')).toThrow(TstError);
    expect(() => parseTst(text, 'x.tst')).toThrow(message);
  });

  it("has GNU Go 3.8's recorded answer to every test of every copied suite, for the files as they are", () => {
    const cache = JSON.parse(readFileSync(join(REGRESSION, 'gnugo-3.8-answers.json'), 'utf8')) as AnswerCache;
    expect(cache.engine).toBe('GNU Go 3.8');
    for (const name of DEFAULT_SUITES) {
      const text = readFileSync(join(REGRESSION, `${name}.tst`), 'utf8');
      const recorded = cachedSuite(cache, `${name}.tst`, suiteHash(text));
      expect(
        recorded,
        `${name}.tst: no answers for this file (npm run regress -- --refresh ${name})`,
      ).not.toBeNull();
      const ids = parseTst(text, name).tests.map((t) => String(t.id));
      expect(Object.keys(recorded?.answers ?? {}).sort()).toEqual(ids.sort());
    }
  });

  it('reads every copied GNU Go suite (1298 tests, 190 in ld_owl.tst)', () => {
    const suites = DEFAULT_SUITES.map((n) => parseTst(readFileSync(join(REGRESSION, `${n}.tst`), 'utf8'), n));
    expect(suites.reduce((a, s) => a + s.tests.length, 0)).toBe(1298);
    expect(suites.find((s) => s.name === 'ld_owl')?.tests).toHaveLength(190);
  });
});

describe('replies and judgement', () => {
  it('takes the first line of a reply without its id', () => {
    expect(parseReply('=12 critical A1 B2')).toEqual({ ok: true, text: 'critical A1 B2' });
    expect(parseReply('? unknown command')).toEqual({ ok: false, text: 'unknown command' });
    expect(answerOf(parseReply('=3 C4 D5\nE6'))).toBe('C4 D5');
    expect(answerOf(parseReply('=3\nC4 D5'))).toBe('');
    expect(answerOf(parseReply('=7  0  '))).toBe('0');
    expect(() => parseReply('critical')).toThrow('not a GTP reply');
  });

  it('passes on a whole-answer match, negated by !, and always fails an error reply', () => {
    const [t1, t2, t3, t4, t5] = parseTst(SUITE, 'mini.tst').tests;
    expect(judge(t1, ok('a.sgf'))).toBe('pass');
    expect(judge(t1, ok('a.sgf 3'))).toBe('fail');
    expect(judge(t1, ok('xa.sgf'))).toBe('fail');
    expect(judge(t2, ok('a.sgf'))).toBe('pass');
    expect(judge(t2, ok('b.sgf'))).toBe('fail');
    expect(judge(t3, ok('c.sgf 12'))).toBe('pass');
    expect(judge(t4, ok('1 C4'))).toBe('fail');
    expect(judge(t4, ok('0'))).toBe('pass');
    expect(judge(t4, { ok: false, text: 'unknown command' })).toBe('fail');
    expect(judge(t5, ok('anything'))).toBe('ignored');
  });

  it("anchors like regress.pl's /^$re$/: an unparenthesised | splits the anchors", () => {
    const [t] = parseTst('1 attack C3\n#? [1 T15|O13]', 'x.tst').tests;
    expect(judge(t, ok('1 T15'))).toBe('pass');
    expect(judge(t, ok('2 O13'))).toBe('pass');
    expect(judge(t, ok('2 T15'))).toBe('fail');
  });
});

/** A scripted GTP engine: `loadsgf` sets the board, `board` answers it; `crash` lines end it. */
class FakeEngine implements Engine {
  readonly sent: string[] = [];
  private board = '';
  constructor(private readonly crash: Set<string>) {}
  async send(line: string): Promise<string> {
    this.sent.push(line);
    if (this.crash.has(line)) throw new EngineGone('engine ended (signal SIGSEGV)');
    const [, id, command, args] = /^(\d*)\s*(\S+)\s*(.*)$/.exec(line) ?? [];
    if (command === 'loadsgf') this.board = args;
    if (command === 'loadsgf' || command === 'play') return `=${id} black`;
    if (command === 'board') return `=${id} ${this.board}\nsecond line`;
    return `?${id} unknown command`;
  }
  async close(): Promise<void> {}
  kill(): void {}
}

function fakeStarter(crash: string[] = []) {
  const engines: FakeEngine[] = [];
  const start = () => {
    const e = new FakeEngine(new Set(crash));
    engines.push(e);
    return e;
  };
  return { engines, start };
}

describe('runSlice', () => {
  const suite = parseTst(SUITE, 'mini.tst');

  it('replays the setup before its first test, then runs its tests', async () => {
    const { engines, start } = fakeStarter();
    const slices = sliceSuite(suite, '/tmp', 2);
    expect(slices.map((s) => [s.from, s.to])).toEqual([
      [0, 2],
      [2, 4],
      [4, 5],
    ]);
    const run = await runSlice(slices[1], start, 1000);
    expect(engines).toHaveLength(1);
    expect(engines[0].sent).toEqual([
      'loadsgf a.sgf',
      'play black C3',
      'loadsgf b.sgf 12',
      '3 board',
      '4 owl_attack C3',
    ]);
    expect([...run.answers].map(([id, a]) => [id, a.ok, a.answer])).toEqual([
      [3, true, 'b.sgf 12'],
      [4, false, 'unknown command'],
    ]);
    expect(run.setupErrors.size).toBe(0);
  });

  it('fails the test in flight when the engine ends and goes on in a new engine', async () => {
    const { engines, start } = fakeStarter(['2 board']);
    const run = await runSlice(sliceSuite(suite, '/tmp', 5)[0], start, 1000);
    expect(engines).toHaveLength(2);
    expect(engines[1].sent.slice(0, 3)).toEqual(['loadsgf a.sgf', 'play black C3', 'loadsgf b.sgf 12']);
    expect(run.answers.get(2)).toMatchObject({ ok: false, answer: '(engine ended (signal SIGSEGV))' });
    expect(run.answers.get(3)).toMatchObject({ ok: true, answer: 'b.sgf 12' });
    expect(run.answers.size).toBe(5);
  });
});

describe('a subset of the tests (--tests, --gnugo-passes)', () => {
  const suite = parseTst(SUITE, 'mini.tst');

  it('reads test ranges and refuses malformed ones', () => {
    const ranges = parseTestRanges('1-2, 4,10-12');
    expect(ranges).toEqual([
      { from: 1, to: 2 },
      { from: 4, to: 4 },
      { from: 10, to: 12 },
    ]);
    expect([1, 2, 3, 4, 11, 13].map((id) => inRanges(ranges, id))).toEqual([
      true,
      true,
      false,
      true,
      true,
      false,
    ]);
    expect(() => parseTestRanges('3-1')).toThrow(/ends before it starts/);
    expect(() => parseTestRanges('1-x')).toThrow(/--tests/);
    expect(parseOptions(['ld_owl', '--tests', '5-9', '--gnugo-passes'], REGRESSION)).toMatchObject({
      tests: [{ from: 5, to: 9 }],
      gnugoPasses: true,
    });
    expect(() => parseOptions(['ld_owl', '--gnugo-passes', '--no-cache'], REGRESSION)).toThrow(/cached/);
  });

  it('keeps every setup command and drops the commands of the tests left out', async () => {
    const picked = selectTests(suite, (t) => t.id === 1 || t.id === 4);
    expect(picked.tests.map((t) => t.id)).toEqual([1, 4]);
    expect(picked.tests.map((t) => picked.commands[t.commandIndex].text)).toEqual([
      '1 board',
      '4 owl_attack C3',
    ]);
    const { engines, start } = fakeStarter();
    const run = await runSlice(sliceSuite(picked, '/tmp', 5)[0], start, 1000);
    expect(engines[0].sent).toEqual([
      'loadsgf a.sgf',
      '1 board',
      'play black C3',
      'loadsgf b.sgf 12',
      '4 owl_attack C3',
    ]);
    expect([...run.answers.keys()]).toEqual([1, 4]);
    expect(selectTests(suite, () => true)).toBe(suite);
  });
});

describe('stats, floors and the answer cache', () => {
  const suite = parseTst(SUITE, 'mini.tst');
  const engineRun = (answers: [number, string][]): EngineRun => ({
    answers: new Map(
      answers.map(([id, answer]) => [id, { ok: !answer.startsWith('?'), answer, seconds: 0.5 }]),
    ),
    seconds: 2,
    source: 'live',
    setupErrors: [],
  });
  const run: SuiteRun = {
    suite,
    gnugo: engineRun([
      [1, 'a.sgf'],
      [2, 'a.sgf'],
      [3, 'b.sgf 12'],
      [4, '1 C4'],
    ]),
    moyo: engineRun([
      [1, 'a.sgf'],
      [2, 'b.sgf'],
      [3, '?unknown command'],
      [4, '0'],
    ]),
  };

  it('counts passes per engine and Moyo among GNU Go', () => {
    expect(suiteStats(run)).toMatchObject({ tests: 4, gnugo: 3, moyo: 2, moyoAmongGnugo: 1, moyoErrors: 1 });
  });

  it('names the setup commands an engine failed', async () => {
    const { start } = fakeStarter();
    const r = await runSlice(
      sliceSuite(parseTst('trymove W F17\n1 board\n#? [x]', 'x.tst'), '/tmp', 5)[0],
      start,
      1000,
    );
    const moyo: EngineRun = {
      answers: r.answers,
      seconds: 1,
      source: 'live',
      setupErrors: [...r.setupErrors.values()],
    };
    expect(moyo.setupErrors).toEqual(['x.tst:1: trymove W F17 -> ? unknown command']);
    expect(formatSetupErrors({ suite: run.suite, gnugo: run.gnugo, moyo })).toEqual([
      'Moyo: 1 setup command(s) of mini.tst failed (trymove)',
    ]);
  });

  it('checks --min-pass floors as counts and as shares of GNU Go', () => {
    const stats = [suiteStats(run)];
    expect(parseMinPass(['mini=2', 'mini.tst=33%'])).toEqual([
      { suite: 'mini.tst', value: 2, percent: false },
      { suite: 'mini.tst', value: 33, percent: true },
    ]);
    expect(checkMinPass(parseMinPass(['mini=2', 'mini=33%']), stats)).toEqual([]);
    expect(checkMinPass(parseMinPass(['mini=3', 'mini=34%', 'owl=1']), stats)).toEqual([
      'mini.tst: Moyo passes 2 of 4 < 3',
      "mini.tst: Moyo passes 1 of GNU Go's 3 (33.3 %) < 34 %",
      'owl.tst: no Moyo result (the suite or Moyo was not run)',
    ]);
    expect(() => parseMinPass(['ld_owl'])).toThrow('--min-pass: expected SUITE=N or SUITE=N%');
    expect(() => parseOptions(['--jobs', '0'], REGRESSION)).toThrow('--jobs: must be an integer >= 1');
    expect(() => parseOptions(['nosuch'], REGRESSION)).toThrow('suite nosuch:');
  });

  it('stores answers by suite hash and reads them back only for the same file', () => {
    const cache: AnswerCache = {
      engine: 'GNU Go 3.8',
      command: 'gnugo --mode gtp --quiet',
      suites: {
        'mini.tst': {
          sha256: suiteHash(SUITE),
          seconds: 2,
          answers: {
            '10': { ok: true, answer: 'say "x", y', seconds: 0.25 },
            '9': { ok: false, answer: 'e', seconds: 0 },
          },
        },
      },
    };
    const back = JSON.parse(formatCache(cache)) as AnswerCache;
    expect(back).toEqual(cache);
    expect(cachedSuite(back, 'mini.tst', suiteHash(SUITE))?.answers['10'].answer).toBe('say "x", y');
    expect(cachedSuite(back, 'mini.tst', suiteHash(`${SUITE}\n`))).toBeNull();
  });
});
