import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { WHITE } from '../../src/board/color';
import { Game } from '../../src/board/history';
import { TERRITORY_GTP_COMMANDS } from '../../src/gtp/commands/territory';
import { TEMPO_PER_DOUBT } from '../../src/territory/tempo';
import { RESULT_PRIOR_STDEV, Z80 } from '../../src/territory/uncertainty';
import { GNUGO_PATH, gnugoAvailable } from '../eyes/support/gnugo';

function gameOf(size: number, moves: string[], komi = 6.5): Game {
  const game = new Game(size, { komi });
  for (const v of moves) game.playVertex(v);
  return game;
}

const run = (game: Game, command: string, ...args: string[]) =>
  TERRITORY_GTP_COMMANDS[command](args, { game });

const MOVES = ['C3', 'D4', 'C4', 'D3', 'C5', 'D5', 'D2', 'E2', 'C2', 'E1', 'B1'];

describe('GTP territory commands (GNU Go formats, + = White)', () => {
  const game = gameOf(7, MOVES);

  it('estimate_score and final_score', () => {
    expect(run(game, 'estimate_score')).toMatch(
      /^[BW]\+\d+\.\d \(upper bound: -?\d+\.\d, lower: -?\d+\.\d\)$/,
    );
    expect(run(game, 'final_score')).toMatch(/^([BW]\+\d+\.\d|0)$/);
    const empty = gameOf(7, [], 0);
    expect(run(empty, 'final_score')).toBe('0');
    // Nothing is settled on an empty board: the count is zero plus Black's tempo (every point in
    // doubt, Black to move: TEMPO_PER_DOUBT), and the estimate that count pulled toward an even game
    // by the prior of real games' results (uncertainty.ts posteriorLead), the bounds symmetric
    // around it.
    const m = /^B\+(\d+\.\d) \(upper bound: (-?[\d.]+), lower: (-?[\d.]+)\)$/.exec(
      run(empty, 'estimate_score'),
    );
    expect(m).not.toBeNull();
    const upper = -Number(m![3]);
    const lower = -Number(m![2]);
    // The posterior's spread s' tells the pull: k = 1 - s'^2 / prior^2 (posteriorLead).
    const spread = (upper - lower) / (2 * Z80);
    const lead = TEMPO_PER_DOUBT * (1 - spread ** 2 / RESULT_PRIOR_STDEV ** 2);
    expect(Number(m![1])).toBeGreaterThan(0);
    expect(Number(m![1])).toBeLessThan(TEMPO_PER_DOUBT);
    expect(Number(m![1])).toBeCloseTo(lead, 0);
    // GNU Go's bounds are White-positive: centred on the estimate, and apart.
    expect(Number(m![2]) + Number(m![3])).toBeCloseTo(-2 * Number(m![1]), 0);
    expect(Number(m![2]) - Number(m![3])).toBeGreaterThan(10);
    // With White to move the tempo is White's: the same estimate, mirrored.
    const whiteToMove = gameOf(7, [], 0);
    whiteToMove.toPlay = WHITE;
    expect(run(whiteToMove, 'estimate_score')).toMatch(new RegExp(`^W\\+${m![1].replace('.', '\\.')} `));
    // White-positive: a board Black owns alone.
    const blackOnly = gameOf(7, ['D4'], 0.5);
    expect(run(blackOnly, 'final_score')).toBe('B+47.5');
  });

  it('final_status_list: one string per line, stones separated by spaces', () => {
    const alive = run(game, 'final_status_list', 'alive').split('\n');
    for (const line of alive) expect(line).toMatch(/^[A-HJ-T]\d+( [A-HJ-T]\d+)*$/);
    const all = [...alive, ...run(game, 'final_status_list', 'dead').split('\n')].filter(Boolean).join(' ');
    expect(all.split(' ').length).toBe(11);
    expect(() => run(game, 'final_status_list', 'maybe')).toThrow(/usage/);
  });

  it('initial_influence maps: one row per line, GNU Go widths and stone codes', () => {
    const regions = run(game, 'initial_influence', 'black', 'influence_regions').split('\n');
    expect(regions).toHaveLength(7);
    for (const row of regions) expect(row).toMatch(/^(( |-)[0-4] ){7}$/);
    // C3 is a Black stone: -4; D4 White: 4 (third row from the bottom, fourth row from the top).
    expect(regions[4].split(/\s+/).filter(Boolean)[2]).toBe('-4');
    expect(regions[3].split(/\s+/).filter(Boolean)[3]).toBe('4');
    const values = run(game, 'initial_influence', 'white', 'territory_value').split('\n');
    expect(values).toHaveLength(7);
    for (const row of values) expect(row).toMatch(/^( *-?\d\.\d\d ){7}$/);
    expect(() => run(game, 'initial_influence', 'black', 'moyo')).toThrow(/unknown influence map/);
  });

  it.skipIf(!gnugoAvailable())('answers have the same layout as GNU Go 3.8 on the same position', () => {
    const script = [
      'boardsize 7',
      'komi 6.5',
      ...MOVES.map((v, i) => `play ${i % 2 ? 'white' : 'black'} ${v}`),
    ];
    const commands = [
      'initial_influence black influence_regions',
      'initial_influence white territory_value',
      'estimate_score',
      'final_score',
    ];
    const out = execFileSync(GNUGO_PATH, ['--mode', 'gtp'], {
      input: [...script, ...commands, 'quit'].join('\n') + '\n',
    })
      .toString()
      .split('\n\n')
      .slice(script.length, script.length + commands.length)
      .map((a) => a.replace(/^\n*= /, ''));
    const ours = commands.map((c) => {
      const [name, ...args] = c.split(' ');
      return run(game, name, ...args);
    });
    const shape = (s: string) => s.split('\n').map((l) => l.replace(/\d/g, '9').replace(/-/g, ' ').length);
    expect(shape(ours[0])).toEqual(shape(out[0]));
    expect(shape(ours[1])).toEqual(shape(out[1]));
    expect(ours[2]).toMatch(/^[BW]\+/);
    expect(out[2]).toMatch(/^[BW]\+\d+\.\d \(upper bound: -?\d+\.\d, lower: -?\d+\.\d\)$/);
    expect(out[3]).toMatch(/^([BW]\+\d+\.\d|0)$/);
  });
});
