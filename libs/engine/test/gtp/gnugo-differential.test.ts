import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Board, MoveFlag } from '../../src/board/board';
import { BLACK, WHITE, opponent, type Player } from '../../src/board/color';
import { PASS, formatGtpVertex } from '../../src/board/coords';
import { Game } from '../../src/board/history';
import { GtpEngine } from '../../src/gtp/engine';
import { writeSgf } from '../../src/sgf';
import { GtpClient } from './gtp-client';
import { seededRandom as rng } from '../../src/board/random';

const GNUGO = '/usr/games/gnugo';

function stonesOf(b: Board, c: Player): string {
  return Array.from(b.geo.points)
    .filter((p) => b.colors[p] === c)
    .map((p) => formatGtpVertex(p, b.geo))
    .join(' ');
}

// GNU Go 3.8 is the oracle for legality and captures: same random games to both engines.
describe.skipIf(!existsSync(GNUGO))('differential against GNU Go 3.8', () => {
  const gnugo = new GtpClient(GNUGO, ['--mode', 'gtp', '--never-resign']);
  afterAll(() => gnugo.kill());

  for (const [size, seed, moves] of [
    [9, 11, 220],
    [9, 12, 220],
    [13, 13, 300],
    [19, 14, 300],
  ] as const) {
    it(`${size}x${size} random game ${seed}: same legality, stones and captures`, async () => {
      const r = rng(seed);
      const b = Board.empty(size);
      expect((await gnugo.send(`boardsize ${size}`)).ok).toBe(true);
      expect((await gnugo.send('clear_board')).ok).toBe(true);
      let player: Player = BLACK;
      let probedIllegal = 0;
      for (let i = 0; i < moves; i++) {
        const legal: number[] = [];
        const illegal: number[] = [];
        for (const p of b.geo.points) {
          const f = b.analyzeMove(p, player);
          if (f & MoveFlag.Illegal) {
            if (f & (MoveFlag.Suicide | MoveFlag.Ko)) illegal.push(p);
          } else legal.push(p);
        }
        // Suicide and ko points must be refused by GNU Go as well.
        for (const p of illegal) {
          const v = formatGtpVertex(p, b.geo);
          const a = await gnugo.send(`play ${player === BLACK ? 'black' : 'white'} ${v}`);
          expect(a, `${v} should be illegal for ${player}`).toEqual({ ok: false, body: 'illegal move' });
          probedIllegal++;
        }
        if (legal.length === 0) break;
        // Prefer captures and ataris now and then so captures, ko and snapback happen often.
        const tactical = legal.filter(
          (p) => b.analyzeMove(p, player) & (MoveFlag.Capturing | MoveFlag.Atari),
        );
        const pool = tactical.length > 0 && r() < 0.5 ? tactical : legal;
        const p = pool[Math.floor(r() * pool.length)];
        const v = formatGtpVertex(p, b.geo);
        const a = await gnugo.send(`play ${player === BLACK ? 'black' : 'white'} ${v}`);
        expect(a, `move ${i + 1} ${v}`).toEqual({ ok: true, body: '' });
        b.play(p, player);
        if (i % 5 === 4 || b.captures[BLACK] + b.captures[WHITE] > 0) {
          expect((await gnugo.send('list_stones black')).body, `after move ${i + 1}`).toBe(
            stonesOf(b, BLACK),
          );
          expect((await gnugo.send('list_stones white')).body, `after move ${i + 1}`).toBe(
            stonesOf(b, WHITE),
          );
          expect((await gnugo.send('captures black')).body).toBe(String(b.captures[BLACK]));
          expect((await gnugo.send('captures white')).body).toBe(String(b.captures[WHITE]));
        }
        player = opponent(player);
      }
      expect(b.captures[BLACK] + b.captures[WHITE]).toBeGreaterThan(10);
      expect(probedIllegal).toBeGreaterThan(0);
      // Undo everything: the empty board again.
      while (b.undoDepth > 0) b.undo();
      expect(stonesOf(b, BLACK) + stonesOf(b, WHITE)).toBe('');
    });
  }

  it('loadsgf FILE MOVE: same position and colour to play as GNU Go', async () => {
    const r = rng(99);
    const dir = mkdtempSync(join(tmpdir(), 'moyo-diff-'));
    const game = new Game(9, { komi: 6.5 });
    game.placeHandicap([game.geo.pt(2, 6), game.geo.pt(6, 2)]);
    for (let i = 0; i < 80; i++) {
      const legal = Array.from(game.geo.points).filter((p) => game.isLegal(p));
      if (legal.length === 0 || r() < 0.03) game.pass();
      else game.play(legal[Math.floor(r() * legal.length)]);
    }
    const file = join(dir, 'game.sgf');
    writeFileSync(file, writeSgf(game));
    const ours = new GtpEngine((p) => readFileSync(p, 'utf8'));
    // Move numbers, and vertices (stop before the first move there; lowercase; pass; never played).
    const played = game.history.flatMap((a) => (a.kind === 'move' && a.point !== PASS ? [a.point] : []));
    const unplayed = Array.from(game.geo.points).find((p) => !played.includes(p));
    const vertices = [played[0], played[7], played[40], played[played.length - 1], unplayed]
      .filter((p): p is number => p !== undefined)
      .map((p) => formatGtpVertex(p, game.geo));
    expect(vertices.length).toBeGreaterThanOrEqual(4);
    for (const move of [1, 2, 10, 41, 80, 81, ...vertices, vertices[2].toLowerCase(), 'pass']) {
      const theirs = await gnugo.send(`loadsgf ${file} ${move}`);
      expect(ours.handleLine(`loadsgf ${file} ${move}`), `loadsgf ${move}`).toBe(`= ${theirs.body}\n\n`);
      for (const color of ['black', 'white']) {
        const stones = (await gnugo.send(`list_stones ${color}`)).body;
        expect(ours.handleLine(`list_stones ${color}`), `${color} at ${move}`).toBe(`= ${stones}\n\n`);
      }
    }
  });

  // The board commands answer GNU Go's texts: one script through both engines, answer by answer.
  // Left out on purpose: get_komi (GNU Go pads it as %4.1f), boardsize below 5, loadsgf errors
  // (ours add the reason).
  it('board command transcript: the same answers as GNU Go', async () => {
    const script = [
      'protocol_version',
      'boardsize 9',
      'undo',
      'play black E5',
      'play white E5',
      'play black Z9',
      'play purple E4',
      'play black',
      'play white pass',
      'undo',
      'undo',
      'komi x',
      'komi 5.5',
      'boardsize x',
      'boardsize 9',
      'fixed_handicap 1',
      'fixed_handicap 10',
      'fixed_handicap 9',
      'fixed_handicap 2',
      'list_stones black',
      'boardsize 13',
      'fixed_handicap 7',
      'clear_board',
      'set_free_handicap D4',
      'set_free_handicap D4 D4',
      'set_free_handicap D4 E5 K10',
      'list_stones black',
      'list_stones',
      'captures',
      'captures purple',
      'play w A1',
      'play b A2',
      'play b B1',
      'captures black',
      'list_stones white',
      'play w A1',
      'known_command play',
      'known_command xyz',
      'frobnicate',
      'showboard',
      // Star points and the prisoner lines on every size GNU Go knows.
      ...Array.from({ length: 15 }, (_, i) => [`boardsize ${i + 5}`, 'play b B2', 'showboard']).flat(),
    ];
    const ours = new GtpEngine((p) => readFileSync(p, 'utf8'));
    for (const line of script) {
      const theirs = await gnugo.raw(line);
      expect(ours.handleLine(line), line).toBe(`${theirs}\n\n`);
    }
  });
});
