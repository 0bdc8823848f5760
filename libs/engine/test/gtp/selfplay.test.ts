import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { GtpEngine } from '../../src/gtp/engine';
import { GtpClient } from './gtp-client';

const GNUGO = '/usr/games/gnugo';
// The README's 9x9 opening: the move values need stones to value moves near.
const OPENING = ['C3', 'G7', 'C7', 'G3', 'E5'];

/**
 * Moyo attached as a player: it plays both sides with `genmove` from the opening until two passes,
 * and GNU Go 3.8 referees (every move replayed on it with `play` must be legal under its rules).
 */
describe.skipIf(!existsSync(GNUGO))('self-play with genmove, GNU Go as referee', () => {
  const gnugo = new GtpClient(GNUGO, ['--mode', 'gtp', '--never-resign', '--chinese-rules']);
  afterAll(() => gnugo.kill());

  it('plays a 9x9 game to two passes with only moves GNU Go accepts', async () => {
    const moyo = new GtpEngine(() => '');
    for (const line of ['boardsize 9', 'clear_board', 'komi 7.5']) {
      expect(moyo.handleLine(line)).toBe('= \n\n');
      expect((await gnugo.send(line)).ok).toBe(true);
    }
    expect(moyo.handleLine('moyo_rules chinese')).toBe('= \n\n');
    const colour = (i: number) => (i % 2 === 0 ? 'black' : 'white');
    for (const [i, v] of OPENING.entries()) {
      expect(moyo.handleLine(`play ${colour(i)} ${v}`)).toBe('= \n\n');
      expect((await gnugo.send(`play ${colour(i)} ${v}`)).ok).toBe(true);
    }
    const played: string[] = [];
    for (let i = OPENING.length; i < 200 && !(played.at(-1) === 'pass' && played.at(-2) === 'pass'); i++) {
      const answer = moyo.handleLine(`genmove ${colour(i)}`)!;
      expect(answer).toMatch(/^= ([A-HJ]\d|pass)\n\n$/);
      const move = answer.slice(2).trim();
      played.push(move);
      expect(
        await gnugo.send(`play ${colour(i)} ${move}`),
        `${colour(i)} ${move} after ${played.join(' ')}`,
      ).toEqual({
        ok: true,
        body: '',
      });
    }
    expect(played.slice(-2)).toEqual(['pass', 'pass']);
    expect(played.length).toBeGreaterThan(10);
    // Both boards agree on the stones at the end.
    for (const c of ['black', 'white']) {
      const ours = moyo.handleLine(`list_stones ${c}`)!.slice(2).trim().split(' ').sort();
      const theirs = (await gnugo.send(`list_stones ${c}`)).body.split(' ').sort();
      expect(ours).toEqual(theirs);
    }
  });
});
