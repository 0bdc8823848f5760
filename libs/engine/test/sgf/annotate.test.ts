import * as sabaki from '@sabaki/sgf';
import { describe, expect, it } from 'vitest';
import { analyzePosition, positionFromGame } from '../../src/analysis';
import { main } from '../../src/cli/main';
import type { CliIo } from '../../src/cli/types';
import {
  positionAfter,
  readSgf,
  replaySgf,
  sgfAnalysisOfReport,
  sgfAnalysisProperties,
  writeAnalysedSgf,
  type SgfMoveAnalysis,
} from '../../src/sgf';

// 5x5: Black walls off the left, White the right; W's lone stone at A1 is inside Black's area.
const GAME =
  '(;GM[1]FF[4]SZ[5]KM[0.5]PB[Alice];B[ba];W[da];B[bb];W[db];B[bc];W[dc];B[bd];W[dd];B[be];W[de];W[ae])';

/** The main line's nodes (root first) of SGF text, as @sabaki/sgf reads it. */
function nodes(text: string): Record<string, string[]>[] {
  const out: Record<string, string[]>[] = [];
  for (let n: sabaki.SgfNode | undefined = sabaki.parse(text)[0]; n; n = n.children[0]) out.push(n.data);
  return out;
}

describe('SGF with analyses', () => {
  it('puts score, interval, territory, dead stones and best moves on the analysed nodes only', () => {
    const game = positionAfter(GAME);
    const owner = [1, 1, 0, -1, -1, 1, 1, 0, -1, -1, 1, 1, 0, -1, -1, 1, 1, 0, -1, -1, 1, 1, 0, -1, -1];
    const end: SgfMoveAnalysis = {
      scoreLead: 2.5,
      lower: -1,
      upper: 4,
      owner,
      deadStones: ['A1'],
      topMoves: [{ vertex: 'C3', value: 1.5 }],
    };
    const text = writeAnalysedSgf(
      game,
      new Map([
        [11, end],
        [0, { scoreLead: -0.5 }],
      ]),
      { info: { PB: 'Alice' } },
    );
    const n = nodes(text);
    expect(n).toHaveLength(12);
    expect(n[0].C).toEqual(['Moyo score: W+0.5']);
    expect(n[0].PB).toEqual(['Alice']);
    for (let i = 1; i < 11; i++) expect(n[i].C).toBeUndefined();
    const last = n[11];
    expect(last.W).toEqual(['ae']);
    expect(last.C?.[0].split('\n')).toEqual([
      'Moyo score: B+2.5 (between W+1.0 and B+4.0)',
      'Dead stones: A1',
      'Best moves: C3 1.5',
    ]);
    // Black's territory: the empty A column points and the dead white stone; never a living stone.
    expect(last.TB?.sort()).toEqual(['aa', 'ab', 'ac', 'ad', 'ae']);
    expect(last.TW?.sort()).toEqual(['ea', 'eb', 'ec', 'ed', 'ee']);
    expect(last.MA).toEqual(['ae']);
    // The moves are the game's: another reader replays the same position.
    expect(replaySgf(readSgf(text)).board.toRows()).toEqual(game.board.toRows());
  });

  it('reads a stored engine report, and uses sure ownership when there is no owner map', () => {
    const game = positionAfter(GAME);
    const report = JSON.parse(
      JSON.stringify(analyzePosition(positionFromGame(game), ['territory', 'deadStones', 'score'])),
    );
    const a = sgfAnalysisOfReport(report);
    expect(a?.scoreLead).toBe(report.analyses.score.scoreLead);
    expect(a?.lower).toBe(report.analyses.score.lower);
    expect(a?.owner).toEqual(report.analyses.territory.owner);
    expect(sgfAnalysisOfReport({ analyses: { board: {} } })).toBeNull();
    const props = sgfAnalysisProperties(
      { ownership: Array.from({ length: 25 }, (_, i) => (i % 5 === 0 ? 0.9 : 0.2)) },
      game,
    );
    // 0.9 on the A column (A1 holds a White stone not listed dead: not territory), 0.2 elsewhere: not sure.
    expect(props.TB?.sort()).toEqual(['aa', 'ab', 'ac', 'ad']);
    expect(props.TW).toBeUndefined();
  });
});

describe('moyo annotate', () => {
  async function moyo(args: string[]) {
    let out = '';
    let err = '';
    const written = new Map<string, string>();
    const io: CliIo = {
      stdout: (t) => void (out += t),
      stderr: (t) => void (err += t),
      readFile: (p) => {
        if (p !== 'g.sgf') throw new Error(`ENOENT: no such file or directory, open '${p}'`);
        return GAME;
      },
      writeFile: (p, t) => void written.set(p, t),
      readStdin: async () => '(;GM[1]SZ[5];B[zz])',
      stdin: process.stdin,
      stdoutStream: process.stdout,
    };
    return { code: await main(args, io), out, err, written };
  }

  it('writes every analysed position, each with its own score', async () => {
    const r = await moyo(['annotate', 'g.sgf', '--out', 'a.sgf', '--analyses', 'score,deadStones']);
    expect(r.code).toBe(0);
    const n = nodes(r.written.get('a.sgf') ?? '');
    expect(n).toHaveLength(12);
    n.forEach((node, turn) => {
      const report = analyzePosition(positionFromGame(positionAfter(GAME, turn)), ['score']);
      const lead = report.analyses.score as { scoreLead: number };
      expect(node.C?.[0]).toContain(
        `Moyo score: ${lead.scoreLead === 0 ? 'Jigo' : (lead.scoreLead > 0 ? 'B+' : 'W+') + Math.abs(lead.scoreLead).toFixed(1)}`,
      );
    });
  });

  it('--every 5 analyses turns 0, 5, 10 and the last', async () => {
    const r = await moyo(['annotate', 'g.sgf', '--every', '5', '--analyses', 'score']);
    expect(r.code).toBe(0);
    const analysed = nodes(r.out).flatMap((node, i) => (node.C ? [i] : []));
    expect(analysed).toEqual([0, 5, 10, 11]);
  });

  it('names the problem and exits 2', async () => {
    for (const [args, message] of [
      [['annotate', 'g.sgf', '--every', '0'], /--every: must be a whole number >= 1/],
      [['annotate', 'g.sgf', '--analyses', 'nope'], /--analyses: unknown analysis 'nope'/],
      [['annotate', 'missing.sgf'], /cannot read missing\.sgf/],
      [['annotate', '-'], /^moyo annotate: stdin: /],
    ] as const) {
      const r = await moyo([...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
    }
  });
});
