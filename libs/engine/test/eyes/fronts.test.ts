import { describe, expect, it } from 'vitest';
import { runEyegraphCommand } from '../../src/cli/commands/eyegraph';
import { EYE_GTP_COMMANDS, GtpEyeGraphArgumentError, gtpAnalyzeEyegraph } from '../../src/gtp/commands/eyes';
import { analyzeEyeGraph } from '../../src/eyes';

function run(argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runEyegraphCommand(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

describe('GTP analyze_eyegraph', () => {
  it("answers the seed's example as GNU Go 3.8 does", () => {
    expect(gtpAnalyzeEyegraph(['OO!%O.X%!...'])).toBe('0112\n  @ \n .X \n!.*.');
    expect(EYE_GTP_COMMANDS.analyze_eyegraph).toBe(gtpAnalyzeEyegraph);
  });

  it('fails like GNU Go when no attacker group fits a marginal point', () => {
    // GNU Go 3.8 answers `? failed to analyze` here (the margin at row 2 is boxed in by the shape).
    expect(() => gtpAnalyzeEyegraph(['OO.%.!...%.'])).toThrow(/^failed to analyze$/);
    // ...but a block of four margins is realisable: GNU Go 3.8 answers `= 0000` with the graph.
    expect(gtpAnalyzeEyegraph(['!!%!!'])).toBe('0000\n!!\n!!');
  });

  it('takes outer liberties and ko threats before the graph', () => {
    const answer = gtpAnalyzeEyegraph(['2', '0', '...']);
    expect(answer.split('\n')[0]).toMatch(/^[012]{4}$/);
    expect(answer.split('\n')[1]).toHaveLength(3);
  });

  it('rejects bad arguments with a message', () => {
    expect(() => gtpAnalyzeEyegraph([])).toThrow(GtpEyeGraphArgumentError);
    expect(() => gtpAnalyzeEyegraph(['6', '0', '...'])).toThrow(/outer_libs must be from 0 to 5, got 6/);
    expect(() => gtpAnalyzeEyegraph(['2', '-5', '...'])).toThrow(/ko_threats must be from -4 to 4/);
    expect(() => gtpAnalyzeEyegraph(['x', '0', '...'])).toThrow(/outer_libs must be an integer/);
    expect(() => gtpAnalyzeEyegraph(['abc'])).toThrow(/unknown character 'a'/);
  });
});

describe('moyo eyegraph', () => {
  it('prints GNU Go text by default', () => {
    expect(run(['OO!%O.X%!...'])).toEqual({ code: 0, out: '0112\n  @ \n .X \n!.*.\n', err: '' });
  });

  it('prints JSON with --json', () => {
    const { code, out } = run(['OO!%O.X%!...', '--json']);
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.value).toBe('0112');
    expect(json.eyes).toEqual({ min: 1, max: 1 });
    expect(json.diagram).toEqual(['  @ ', ' .X ', '!.*.']);
    expect(json.attack).toContainEqual({ row: 2, col: 2 });
    expect(json.defense).toContainEqual({ row: 0, col: 2 });
  });

  it('passes --outer-libs and --ko-threats to the extended construction', () => {
    const { code, out } = run(['--outer-libs', '3', '--ko-threats=-2', '....', '--json']);
    expect(code).toBe(0);
    const expected = analyzeEyeGraph('....', { outerLiberties: 3, koThreats: -2 });
    expect(JSON.parse(out).value).toBe(expected.value);
  });

  it('exits 2 with a message on stderr for bad input', () => {
    for (const argv of [
      [],
      ['a.b'],
      ['...', '--outer-libs', '9'],
      ['...', '--ko-threats'],
      ['...', '--bogus'],
      ['..', '..'],
    ]) {
      const r = run(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toMatch(/^moyo eyegraph: /);
    }
    expect(run(['a.b']).err).toContain("unknown character 'a' at index 0");
  });

  it('exits 1 when the graph cannot be realised', () => {
    const r = run(['OO.%.!...%.']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('failed to analyze');
  });
});
