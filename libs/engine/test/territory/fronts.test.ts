import { describe, expect, it } from 'vitest';
import { CHILD_TEST_TIMEOUT, runMoyo } from '../cli/run';
import { loadGames } from './support/fixtures';

// The territory analyses through the two fronts, as child processes (`moyo analyze`, `moyo gtp`):
// the registry and the GTP command list must carry them. One child per front, run side by side.
const game = loadGames().find((g) => g.id === 'g13-03')!;
const COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
const sgfPoint = (v: string) =>
  v === 'PASS'
    ? ''
    : String.fromCharCode(97 + COLUMNS.indexOf(v[0])) +
      String.fromCharCode(97 + game.size - Number(v.slice(1)));
const SGF =
  `(;GM[1]FF[4]SZ[${game.size}]KM[${game.komi}]` +
  game.moves.map((v, i) => `;${i % 2 ? 'W' : 'B'}[${sgfPoint(v)}]`).join('') +
  ')';

interface Report {
  board: { size: number; moveNumber: number };
  analyses: {
    territory: { ownership: number[]; scoreLead: number };
    score: { scoreLead: number; upper: number; lower: number; settledLead: number };
    deadStones: { deadStones: string[]; groups: { status: string }[] };
    moveValues: { player: string; moves: { vertex: string; total: number }[] };
  };
}

describe('territory through moyo analyze and moyo gtp', () => {
  it(
    'answers JSON (+ = Black) and GNU Go-style GTP (+ = White) for the same position',
    async () => {
      const gtpScript = [
        `boardsize ${game.size}`,
        `komi ${game.komi}`,
        ...game.moves.slice(0, 80).map((v, i) => `play ${i % 2 ? 'white' : 'black'} ${v}`),
        'estimate_score',
        'final_score',
        'final_status_list dead',
        'dragon_status',
        'initial_influence black influence_regions',
        'final_status_list black',
        'quit',
      ].join('\n');
      const [analyze, gtp, bad] = await Promise.all([
        runMoyo(
          [
            'analyze',
            '-',
            '--move',
            '80',
            '--analyses',
            'territory,score,moveValues,deadStones',
            '--set',
            'moveValues.top=3',
            '--json',
          ],
          SGF,
        ),
        runMoyo(['gtp'], gtpScript + '\n'),
        runMoyo(['analyze', '-', '--analyses', 'score', '--set', 'score.depth=3'], SGF),
      ]);
      expect(analyze.stderr).toBe('');
      expect(analyze.code).toBe(0);
      const report = JSON.parse(analyze.stdout) as Report;
      expect(report.board).toMatchObject({ size: 13, moveNumber: 80 });
      const { territory, score, deadStones, moveValues } = report.analyses;
      expect(territory.ownership).toHaveLength(169);
      expect(territory.ownership.every((v) => v >= -1 && v <= 1)).toBe(true);
      expect(score.lower).toBeLessThanOrEqual(score.scoreLead);
      expect(score.upper).toBeGreaterThanOrEqual(score.scoreLead);
      expect(territory.scoreLead).toBe(score.scoreLead);
      expect(deadStones.groups.length).toBeGreaterThan(0);
      expect(moveValues.player).toBe('B');
      expect(moveValues.moves.length).toBeLessThanOrEqual(3);

      expect(gtp.code).toBe(0);
      const answers = gtp.stdout.split('\n\n').filter((a) => a.length > 0);
      const tail = answers.slice(2 + 80);
      // estimate_score: White-positive, the negation of the JSON's Black-positive lead.
      const est = /^= ([BW])\+(\d+\.\d) \(upper bound: (-?\d+\.\d), lower: (-?\d+\.\d)\)$/.exec(tail[0]);
      expect(est).not.toBeNull();
      const white = (est![1] === 'W' ? 1 : -1) * Number(est![2]);
      expect(white).toBeCloseTo(-score.scoreLead, 0);
      expect(Number(est![3])).toBeGreaterThanOrEqual(white);
      expect(Number(est![4])).toBeLessThanOrEqual(white);
      const settled = score.settledLead === 0 ? '0' : `${score.settledLead < 0 ? 'W' : 'B'}+`;
      expect(tail[1].startsWith(`= ${settled}`)).toBe(true);
      const dead = tail[2].replace(/^= ?/, '').split(/\s+/).filter(Boolean);
      expect(dead.sort()).toEqual([...deadStones.deadStones].sort());
      for (const line of tail[3].replace(/^= /, '').split('\n')) {
        expect(line).toMatch(/^[A-HJ-T]\d+: (alive|dead|seki|critical [A-HJ-T]\d+ [A-HJ-T]\d+)$/);
      }
      expect(tail[4].replace(/^= /, '').split('\n')).toHaveLength(13);
      expect(tail[5]).toMatch(/^\? usage: final_status_list alive\|dead\|seki$/);

      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/score\.depth: unknown option/);
    },
    CHILD_TEST_TIMEOUT,
  );
});
