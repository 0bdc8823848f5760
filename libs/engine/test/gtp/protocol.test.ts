import { describe, expect, it } from 'vitest';
import { formatGtpResponse, parseGtpLine } from '../../src/gtp/protocol';
import { GtpEngine } from '../../src/gtp/engine';
import { GTP_COMMANDS } from '../../src/gtp/registry';

const SGF = '(;GM[1]FF[4]SZ[9]KM[5.5];B[ee];W[cc];B[cd];W[dc])';

function engine(files: Record<string, string> = {}): GtpEngine {
  return new GtpEngine((path) => {
    if (!(path in files)) throw new Error(`ENOENT: no such file '${path}'`);
    return files[path];
  });
}

function run(e: GtpEngine, lines: string[]): string {
  return lines.map((l) => e.handleLine(l) ?? '').join('');
}

describe('GTP line protocol', () => {
  it('parses ids, comments, tabs, control characters and blank lines', () => {
    expect(parseGtpLine('12 play black D4')).toEqual({ id: 12, name: 'play', args: ['black', 'D4'] });
    expect(parseGtpLine('  play\tblack   D4  # comment')).toEqual({
      id: null,
      name: 'play',
      args: ['black', 'D4'],
    });
    expect(parseGtpLine('na\x01me')).toEqual({ id: null, name: 'name', args: [] });
    expect(parseGtpLine('# only a comment')).toBeNull();
    expect(parseGtpLine('   ')).toBeNull();
    expect(parseGtpLine('7')).toEqual({ id: 7, name: '', args: [] });
    expect(formatGtpResponse(3, true, 'x')).toBe('=3 x\n\n');
    expect(formatGtpResponse(null, false, 'bad')).toBe('? bad\n\n');
    expect(formatGtpResponse(null, true, 'a\n\nb\n')).toBe('= a\nb\n\n');
  });

  it('answers the core commands, echoing ids', () => {
    const e = engine();
    expect(run(e, ['1 protocol_version', '2 name', 'known_command play', 'known_command frob'])).toBe(
      '=1 2\n\n=2 Moyo\n\n= true\n\n= false\n\n',
    );
    const list = e.handleLine('list_commands')!;
    for (const name of GTP_COMMANDS.keys()) expect(list).toContain(name);
    for (const need of [
      'protocol_version',
      'boardsize',
      'loadsgf',
      'showboard',
      'moyo_bouzy',
      'moyo_junctions',
    ]) {
      expect(GTP_COMMANDS.has(need)).toBe(true);
    }
    expect(e.handleLine('5 frob')).toBe('?5 unknown command\n\n');
    expect(e.handleLine('quit')).toBe('= \n\n');
    expect(e.done).toBe(true);
  });

  it('plays, refuses illegal moves with GNU Go texts, undoes', () => {
    const e = engine();
    expect(
      run(e, [
        'boardsize 30',
        'boardsize x',
        'boardsize 9',
        'komi x',
        'komi 6.5',
        'get_komi',
        'play black E5',
        'play white E5',
        'play purple E4',
        'play black Z9',
        'play black',
        'undo',
        'undo',
      ]),
    ).toBe(
      [
        '? unacceptable size',
        '? boardsize not an integer',
        '= ',
        '? komi not a float',
        '= ',
        '= 6.5',
        '= ',
        '? illegal move',
        '? invalid color or coordinate',
        '? invalid color or coordinate',
        '? invalid color or coordinate',
        '= ',
        '? cannot undo',
      ]
        .map((l) => l + '\n\n')
        .join(''),
    );
  });

  it('captures and list_stones / captures report them', () => {
    const e = engine();
    run(e, ['boardsize 5', 'play b A2', 'play w A1', 'play b B1']);
    expect(e.handleLine('list_stones black')).toBe('= A2 B1\n\n');
    expect(e.handleLine('list_stones white')).toBe('= \n\n');
    expect(e.handleLine('captures black')).toBe('= 1\n\n');
    expect(e.handleLine('showboard')).toContain(' 1 . X . . . 1');
  });

  it('handicap commands', () => {
    const e = engine();
    expect(run(e, ['fixed_handicap 10', 'fixed_handicap 2', 'fixed_handicap 2'])).toBe(
      '? invalid handicap\n\n= Q16 D4\n\n? board not empty\n\n',
    );
    // Board order, top row first, like GNU Go.
    expect(run(e, ['boardsize 9', 'fixed_handicap 9'])).toBe('= \n\n= C7 E7 G7 C5 E5 G5 C3 E3 G3\n\n');
    expect(run(e, ['boardsize 13', 'fixed_handicap 5'])).toBe('= \n\n= D10 K10 G7 D4 K4\n\n');
    expect(run(e, ['list_stones', 'captures purple'])).toBe('? invalid color\n\n? invalid color\n\n');
    e.handleLine('boardsize 19');
    expect(
      run(e, [
        'clear_board',
        'set_free_handicap D4 D4',
        'set_free_handicap D4',
        'set_free_handicap D4 Q16 K10',
      ]),
    ).toBe('= \n\n? repeated vertex\n\n? invalid handicap\n\n= \n\n');
    expect(e.session.game.toPlay).toBe(2);
  });

  it('loadsgf FILE [MOVE] answers the colour to play; printsgf writes the game', () => {
    const e = engine({ 'g.sgf': SGF, 'bad.sgf': '(;SZ[9];B[ee];W[ee])' });
    expect(e.handleLine('loadsgf g.sgf')).toBe('= black\n\n');
    expect(e.handleLine('list_stones white')).toBe('= C7 D7\n\n');
    expect(e.handleLine('get_komi')).toBe('= 5.5\n\n');
    expect(e.handleLine('loadsgf g.sgf 3')).toBe('= black\n\n');
    expect(e.handleLine('list_stones white')).toBe('= C7\n\n');
    expect(e.handleLine('loadsgf nope.sgf')).toMatch(/^\? cannot open or parse 'nope.sgf'/);
    expect(e.handleLine('loadsgf bad.sgf')).toMatch(/^\? cannot open or parse 'bad.sgf': .*move 2.*occupied/);
    expect(e.handleLine('loadsgf g.sgf x')).toBe(
      "? want a move number or a vertex after the file name, got 'x'\n\n",
    );
    expect(e.handleLine('loadsgf g.sgf 0')).toMatch(/^\? move number must be a positive integer/);
    // A vertex: stop before the first move there (C6 is move 3), as GNU Go does.
    expect(e.handleLine('loadsgf g.sgf c6')).toBe('= black\n\n');
    expect(e.handleLine('list_stones black')).toBe('= E5\n\n');
    expect(e.handleLine('loadsgf g.sgf A1')).toBe('= black\n\n');
    expect(e.handleLine('list_stones black')).toBe('= C6 E5\n\n');
    e.handleLine('loadsgf g.sgf');
    expect(e.handleLine('printsgf')).toMatch(/^= \(;GM\[1\]FF\[4\][\s\S]*;W\[dc\]\)\n\n$/);
  });

  it('map dumps: one row per line, values separated by spaces', () => {
    const e = engine();
    run(e, ['boardsize 9', 'play b E5', 'play w C3']);
    const lines = (id: string) => e.handleLine(id)!.replace(/^= /, '').trimEnd().split('\n');
    const bouzy = lines('moyo_bouzy 5 21');
    expect(bouzy).toHaveLength(9);
    for (const row of bouzy) expect(row.trim().split(/ +/)).toHaveLength(9);
    const frei = lines('moyo_freihofner');
    expect(frei[4].trim().split(/ +/)[4]).toBe('B');
    expect(frei[6].trim().split(/ +/)[2]).toBe('W');
    const junctions = lines('moyo_junctions');
    for (const j of junctions) expect(j).toMatch(/^[A-J]\d \d+$/);
    expect(e.handleLine('moyo_bouzy 5')).toMatch(/^\? usage/);
    expect(e.handleLine('moyo_bouzy 5 x')).toMatch(/^\? erosions must be an integer/);
    // Dead stones listed after the counts are removed first: the same map as without the stone.
    const alone = engine();
    run(alone, ['boardsize 9', 'play b E5']);
    expect(e.handleLine('moyo_bouzy 4 0 C3')).toBe(alone.handleLine('moyo_bouzy 4 0'));
    expect(e.handleLine('moyo_bouzy 4 0 c3')).not.toBe(e.handleLine('moyo_bouzy 4 0'));
    expect(e.handleLine('moyo_bouzy 5 21 D4')).toBe('? no stone at D4 to remove as dead\n\n');
    expect(e.handleLine('moyo_bouzy 5 21 Z9')).toBe("? invalid vertex 'Z9'\n\n");
  });
});

describe("GNU Go's regression-suite commands", () => {
  it('black / white play a move (GTP version 1), reg_genmove names a move without playing it', () => {
    const e = engine();
    expect(run(e, ['boardsize 9', 'black E5', 'white C3'])).toBe('= \n\n= \n\n= \n\n');
    expect(e.handleLine('white E5')).toBe('? illegal move\n\n');
    expect(e.handleLine('black')).toBe('? invalid color or coordinate\n\n');
    const before = e.handleLine('showboard');
    const move = e.handleLine('reg_genmove black')!;
    expect(move).toMatch(/^= ([A-HJ][1-9]|pass)\n\n$/);
    expect(e.handleLine('showboard')).toBe(before);
    expect(e.handleLine('reg_genmove purple')).toMatch(/^\? /);
  });
});
