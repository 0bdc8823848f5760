import { Controller } from '@sabaki/gtp';
import { describe, expect, it } from 'vitest';
import { GtpEngine } from '../../src/gtp/engine';
import { CHILD_TEST_TIMEOUT, ROOT, moyoCommand } from '../cli/run';
import { sabakiParseAnalysis } from './sabaki-analysis';

const SETUP = ['boardsize 9', 'komi 6.5', 'play b C3', 'play w G7', 'play b C7', 'play w G3', 'play b E5'];

function engineAfterSetup(): GtpEngine {
  const e = new GtpEngine(() => '');
  for (const l of SETUP) expect(e.handleLine(l)).toBe('= \n\n');
  return e;
}

describe('GTP analysis commands', () => {
  it('lists the analysis commands GUIs look for, and not `analyze`', () => {
    const names = engineAfterSetup().handleLine('list_commands')!.slice(2).trim().split('\n');
    for (const n of [
      'kata-analyze',
      'lz-analyze',
      'genmove',
      'gogui-analyze_commands',
      'final_status_list',
    ]) {
      expect(names).toContain(n);
    }
    expect(names).not.toContain('analyze');
  });

  it('keeps kata-analyze open until the next input line, then closes it with a blank line', () => {
    const e = engineAfterSetup();
    const open = e.handleLine('7 kata-analyze B 50 ownership true ownershipStdev true rootInfo true')!;
    const [header, line, rest] = open.split('\n');
    expect(header).toBe('=7');
    expect(rest).toBe('');
    expect(line).toMatch(/^info move [A-Z]\d visits \d+ edgeVisits \d+ winrate 0\.\d{6} scoreMean /);
    const own = line.split(' ownership ')[1].split(' ownershipStdev ')[0].split(' ').map(Number);
    expect(own).toHaveLength(81);
    expect(own.every((v) => v >= -1 && v <= 1)).toBe(true);
    expect(line.split(' ownershipStdev ')[1].split(' ')).toHaveLength(81);
    // With an interval: the quick stage first, then more candidates valued, then the last repeated.
    expect(line).toContain(' rootInfo visits 100 winrate ');
    expect(e.reportIntervalMs).toBe(500);
    const reports = [1, 2, 3].map(() => e.report()!);
    expect(reports.map((r) => / rootInfo visits (\d+) /.exec(r)![1])).toEqual(['500', '2000', '2000']);
    expect(reports[2]).toBe(reports[1]);
    expect(reports.every((r) => r.endsWith('\n') && r.indexOf('\n') === r.length - 1)).toBe(true);
    expect(sabakiParseAnalysis(reports[1], true).length).toBeGreaterThan(
      sabakiParseAnalysis(line, true).length,
    );
    expect(e.handleLine('')).toBe('\n'); // a bare newline stops it, as in KataGo
    expect([e.report(), e.reportIntervalMs]).toEqual([null, 0]);
    // Without an interval: one report, at the default effort.
    expect(e.handleLine('kata-analyze B rootInfo true')).toContain(' rootInfo visits 500 winrate ');
    expect([e.report(), e.reportIntervalMs]).toEqual([null, 0]);
    expect(e.handleLine('')).toBe('\n');
    expect(e.handleLine('8 kata-analyze W 50')!.startsWith('=8\ninfo move ')).toBe(true);
    expect(e.handleLine('9 protocol_version')).toBe('\n=9 2\n\n');
    expect(e.handleLine('10 kata-analyze B pvVisits true')).toBe(
      "?10 Could not parse analyze arguments or arguments out of range: 'B pvVisits true'\n\n",
    );
    expect(e.handleLine('11 lz-analyze B 10 ownership true')).toMatch(
      /^\?11 Could not parse analyze arguments/,
    );
  });

  it("answers lz-analyze in Leela Zero's ten-thousandths, honouring maxmoves and avoid", () => {
    const e = engineAfterSetup();
    const line = e.handleLine('lz-analyze b 10 maxmoves 3')!.split('\n')[1];
    const moves = sabakiParseAnalysis(line, false);
    expect(moves).toHaveLength(3);
    expect(e.reportIntervalMs).toBe(100); // 10 centiseconds
    const again = sabakiParseAnalysis(e.report()!, false);
    expect(again).toHaveLength(3);
    expect(again[0].visits).toBeGreaterThan(moves[0].visits);
    expect(line).toMatch(/^info move \S+ visits \d+ winrate \d+ prior \d+ lcb \d+ order 0 pv /);
    const best = moves[0].move;
    e.handleLine('');
    const avoided = e.handleLine(`lz-analyze b 10 avoid b ${best},A1:B2 1`)!.split('\n')[1];
    expect(sabakiParseAnalysis(avoided, false).map((m) => m.move)).not.toContain(best);
  });

  it('genmove plays the best move of the analysis; moyo_rules keeps the position', () => {
    const e = engineAfterSetup();
    e.handleLine('kata-analyze W 10');
    // The second report is the default effort's, the answer genmove plays from.
    const best = sabakiParseAnalysis(e.report()!, true)[0].move;
    expect(e.handleLine('genmove white')).toBe(`\n= ${best}\n\n`);
    expect(e.handleLine('moyo_rules chinese')).toBe('= \n\n');
    expect(e.handleLine('moyo_rules')).toBe('= chinese\n\n');
    expect(e.handleLine('list_stones white')).toMatch(new RegExp(`^= .*${best}`));
    expect(e.handleLine('list_stones black')).toBe('= C7 E5 C3\n\n');
  });

  it('kata-genmove_analyze and lz-genmove_analyze stream the analysis, play the best move and end', () => {
    const e = engineAfterSetup();
    const kata = e.handleLine('3 kata-genmove_analyze w interval 10')!;
    const [header, info, play, blank, rest] = kata.split('\n');
    expect([header, blank, rest]).toEqual(['=3', '', '']);
    const best = sabakiParseAnalysis(info, true)[0].move;
    expect(play).toBe(`play ${best}`);
    expect(e.handleLine('list_stones white')).toMatch(new RegExp(`^= .*${best}`));
    const lz = e.handleLine('4 lz-genmove_analyze b 10')!;
    expect(lz).toMatch(
      /^=4\ninfo move \S+ visits \d+ winrate \d+ prior \d+ lcb \d+ order 0 pv .*\nplay \S+\n\n$/,
    );
    expect(e.handleLine('5 protocol_version')).toBe('=5 2\n\n'); // nothing left open
  });

  it('rectangular_boardsize W H: a 7x9 board, kata-analyze ownership 9 rows of 7 from the top-left', () => {
    const e = new GtpEngine(() => '');
    expect(e.handleLine('rectangular_boardsize 7 9')).toBe('= \n\n');
    expect(e.handleLine('rectangular_boardsize 7 1')).toBe('? unacceptable size\n\n');
    for (const l of ['play b A9', 'play w G1']) expect(e.handleLine(l)).toBe('= \n\n');
    const board = e.handleLine('showboard')!.split('\n');
    expect(board[1]).toBe('   A B C D E F G');
    expect(board[2]).toMatch(/^ 9 X \. \. \. \. \. \. 9/);
    expect(board[10]).toMatch(/^ 1 \. \. \. \. \. \. O 1/);
    const line = e.handleLine('kata-analyze B ownership true')!.split('\n')[1];
    const own = line.split(' ownership ')[1].split(' ').map(Number);
    expect(own).toHaveLength(63);
    expect(own[0]).toBeGreaterThan(0); // A9, Black's stone, side-to-move (Black) view
    expect(own[62]).toBeLessThan(0); // G1, White's
    e.handleLine('');
    expect(
      e
        .handleLine('moyo-ownership')!
        .slice(2)
        .trim()
        .split('\n')
        .map((r) => r.split(' ').length),
    ).toEqual(Array(9).fill(7));
  });

  it('kata-set-rules takes KataGo rule names and objects and keeps the position; kata-get-rules tells them', () => {
    const e = engineAfterSetup();
    expect(e.handleLine('kata-set-rules new zealand')).toBe('= \n\n');
    expect(e.handleLine('moyo_rules')).toBe('= new-zealand\n\n');
    expect(e.handleLine('kata-get-rules')).toBe(
      '= {"ko":"SITUATIONAL","scoring":"AREA","suicide":true,"moyo":"new-zealand"}\n\n',
    );
    expect(e.handleLine('kata-set-rules {"scoring":"TERRITORY","ko":"SIMPLE","suicide":false}')).toBe(
      '= \n\n',
    );
    expect(e.handleLine('moyo_rules')).toBe('= japanese\n\n');
    expect(e.handleLine('kata-set-rules frisbee')).toBe("? Unknown rules 'frisbee'\n\n");
    expect(e.handleLine('list_stones black')).toBe('= C7 E5 C3\n\n');
  });

  it('gives GoGui its menu and the boards it draws', () => {
    const e = engineAfterSetup();
    const menu = e.handleLine('gogui-analyze_commands')!.slice(2).trim().split('\n');
    for (const entry of menu) {
      const [type, label, command] = entry.split('/');
      expect(['dboard', 'gfx', 'pspairs', 'plist', 'string']).toContain(type);
      expect(label.length).toBeGreaterThan(0);
      const answer = e.handleLine(command.replace('%c', 'b'))!;
      expect(answer.startsWith('= '), entry).toBe(true);
    }
    const board = e.handleLine('moyo-ownership')!.slice(2).trim().split('\n');
    expect(board).toHaveLength(9);
    expect(board.every((row) => row.split(' ').length === 9)).toBe(true);
    const gfx = e.handleLine('moyo-territory')!.slice(2).trim().split('\n');
    expect(gfx[gfx.length - 1]).toMatch(/^TEXT [BW]\+\d+\.\d \(range [BW]\+\d+\.\d to [BW]\+\d+\.\d\)$/);
    expect(gfx.filter((l) => /^(BLACK|WHITE) /.test(l)).length).toBeGreaterThan(0);
    expect(e.handleLine('moyo-move_values b')).toMatch(/^= ([A-HJ-T]\d -?\d+\.\d ?)+\n\n$/);
    expect(e.handleLine('moyo-ownership 3')).toBe('? moyo-ownership takes no arguments\n\n');
  });
});

describe("Sabaki's GTP client (@sabaki/gtp) against moyo gtp", () => {
  it(
    'streams kata-analyze lines at the interval Sabaki asks, each parsed by Sabaki, until its next command',
    async () => {
      const [cmd, args] = moyoCommand(['gtp']);
      const controller = new Controller(cmd, args, { cwd: ROOT });
      controller.start();
      try {
        for (const l of SETUP) {
          const [name, ...rest] = l.split(' ');
          expect((await controller.sendCommand({ name, args: rest })).error).toBe(false);
        }
        const lines: string[] = [];
        let enough!: () => void;
        const gotLines = new Promise<void>((resolve) => (enough = resolve));
        // Sabaki's own request: colour and interval (centiseconds; its default is 50, 10 here).
        const analysis = controller.sendCommand({ name: 'kata-analyze', args: ['W', '10'] }, ({ line }) => {
          if (line.startsWith('info ')) {
            lines.push(line);
            if (lines.length === 4) enough();
          }
        });
        await gotLines;
        // What Sabaki does to stop analysis: send any command.
        const version = await controller.sendCommand({ name: 'protocol_version' });
        const done = await analysis;
        const stopped = lines.length;
        expect(done.error).toBe(false);
        expect(version).toMatchObject({ error: false, content: '2' });
        for (const line of lines) {
          const variations = sabakiParseAnalysis(line, true);
          expect(variations.length).toBeGreaterThan(1);
          expect(variations[0].visits).toBeGreaterThanOrEqual(10); // Sabaki labels from 10 visits
          for (const v of variations) {
            expect(v.winrate).toBeGreaterThanOrEqual(0);
            expect(v.winrate).toBeLessThanOrEqual(100);
            expect(v.pv[0]).toBe(v.move);
            expect(typeof v.scoreLead).toBe('number');
          }
        }
        // Efforts grow (100, 500, 2000 visits), then the last report repeats.
        const rootVisits = lines.map((l) => sabakiParseAnalysis(l, true).reduce((s, v) => s + v.visits, 0));
        expect(rootVisits[1]).toBeGreaterThan(rootVisits[0]);
        expect(rootVisits[2]).toBeGreaterThan(rootVisits[1]);
        expect(lines[3]).toBe(lines[2]);
        // Nothing after the answer ended.
        await new Promise((r) => setTimeout(r, 300));
        expect(lines).toHaveLength(stopped);
      } finally {
        await controller.stop();
      }
    },
    CHILD_TEST_TIMEOUT,
  );
});
