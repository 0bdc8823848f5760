import { describe, expect, it } from 'vitest';
import { bouzyMap } from '../../src/influence/bouzy';
import { freihofnerMap } from '../../src/influence/freihofner';
import {
  computePictureOverlay,
  pictureStones,
  renderBoardSvg,
  renderEyeGraphSvg,
  RenderInputError,
  pictureRowMajor,
} from '../../src/render';
import { positionFromRows } from '../influence/rows';
import { byClass, parseSvg, texts } from './svg-dom';

const NINE = [
  '.........',
  '..X...O..',
  '..X...O..',
  '..X..O...',
  '..XX.O...',
  '...X.O...',
  '..X..OO..',
  '..X...O..',
  '.........',
];

function vertices(doc: ReturnType<typeof parseSvg>, ...classes: string[]): string[] {
  return byClass(doc, ...classes)
    .map((el) => el.getAttribute('data-vertex') ?? '')
    .sort();
}

describe('renderBoardSvg: board, stones, coordinates', () => {
  it('draws one circle per stone with the right colour and GTP vertex', () => {
    const rows = ['X....', '.O...', '.....', '...X.', '....O'];
    const doc = parseSvg(renderBoardSvg({ size: 5, stones: rows }));
    expect(byClass(doc, 'stone')).toHaveLength(4);
    expect(vertices(doc, 'stone', 'black')).toEqual(['A5', 'D2']);
    expect(vertices(doc, 'stone', 'white')).toEqual(['B4', 'E1']);
    expect(doc.documentElement?.getAttribute('data-size')).toBe('5');
  });

  it('labels columns with GTP letters (no I) and rows from the bottom, on all four sides', () => {
    const doc = parseSvg(renderBoardSvg({ size: 9, stones: NINE }));
    const labels = texts(doc, 'coord');
    for (const letter of 'ABCDEFGHJ') expect(labels.filter((t) => t === letter)).toHaveLength(2);
    for (let n = 1; n <= 9; n++) expect(labels.filter((t) => t === String(n))).toHaveLength(2);
    expect(labels).not.toContain('I');
    expect(labels).toHaveLength(36);
    // The number 9 sits on the top row: its y equals the y of the top-left stone row.
    const nine = byClass(doc, 'coord').find((el) => el.textContent === '9')!;
    const topStoneRowY = byClass(doc, 'stone').find((el) => el.getAttribute('data-vertex') === 'C8')!;
    expect(Number(nine.getAttribute('y'))).toBeLessThan(Number(topStoneRowY.getAttribute('cy')));
  });

  it('handles 25x25 (letters up to Z) and can omit coordinates', () => {
    const rows = Array.from({ length: 25 }, (_, y) => (y === 0 ? 'X'.padEnd(24, '.') + 'O' : '.'.repeat(25)));
    const doc = parseSvg(renderBoardSvg({ size: 25, stones: rows }));
    expect(vertices(doc, 'stone')).toEqual(['A25', 'Z25']);
    expect(texts(doc, 'coord')).toContain('Z');
    const bare = parseSvg(renderBoardSvg({ size: 25, stones: rows, coordinates: false }));
    expect(byClass(bare, 'coord')).toHaveLength(0);
    expect(byClass(bare, 'stone')).toHaveLength(2);
  });

  it('gives the same picture from rows and from a row-major array', () => {
    const pos = positionFromRows(NINE);
    expect(renderBoardSvg({ size: 9, stones: pictureStones(pos) })).toBe(
      renderBoardSvg({ size: 9, stones: NINE }),
    );
  });

  it('rings the last move in a contrasting colour', () => {
    const doc = parseSvg(renderBoardSvg({ size: 9, stones: NINE, lastMove: { x: 6, y: 1 } }));
    const last = byClass(doc, 'last');
    expect(last).toHaveLength(1);
    expect(last[0].getAttribute('data-vertex')).toBe('G8');
    const black = parseSvg(renderBoardSvg({ size: 9, stones: NINE, lastMove: { x: 2, y: 1 } }));
    expect(byClass(black, 'last')[0].getAttribute('stroke')).not.toBe(last[0].getAttribute('stroke'));
  });

  it('draws star points on 19x19 (9) and none on 5x5', () => {
    const empty19 = Array.from({ length: 19 }, () => '.'.repeat(19));
    expect(byClass(parseSvg(renderBoardSvg({ size: 19, stones: empty19 })), 'star')).toHaveLength(9);
    expect(
      byClass(parseSvg(renderBoardSvg({ size: 5, stones: Array(5).fill('.....') })), 'star'),
    ).toHaveLength(0);
  });

  it('escapes the title', () => {
    const doc = parseSvg(renderBoardSvg({ size: 5, stones: Array(5).fill('.....'), title: 'B <&> "W"' }));
    expect(doc.getElementsByTagName('title')[0].textContent).toBe('B <&> "W"');
  });
});

describe('renderBoardSvg: overlays', () => {
  it('shades ownership by sign with opacity growing with certainty, skipping near-zero points', () => {
    const values = new Array(25).fill(0);
    values[0] = 1; // A5
    values[1] = 0.5; // B5
    values[24] = -0.8; // E1
    values[12] = 0.01; // C3: too faint to draw
    const doc = parseSvg(
      renderBoardSvg({ size: 5, stones: Array(5).fill('.....'), overlays: [{ kind: 'ownership', values }] }),
    );
    expect(vertices(doc, 'own-b')).toEqual(['A5', 'B5']);
    expect(vertices(doc, 'own-w')).toEqual(['E1']);
    const [a5, b5] = byClass(doc, 'own-b');
    expect(Number(a5.getAttribute('fill-opacity'))).toBeGreaterThan(Number(b5.getAttribute('fill-opacity')));
    expect(a5.getAttribute('fill')).not.toBe(byClass(doc, 'own-w')[0].getAttribute('fill'));
  });

  it('shades a Bouzy territory map: Black on the left, White on the right, nothing on own stones', () => {
    const pos = positionFromRows(NINE);
    const map = bouzyMap(pos, { preset: 'territory' });
    const svg = renderBoardSvg({
      size: 9,
      stones: NINE,
      overlays: [computePictureOverlay(pos, 'territory')],
    });
    const doc = parseSvg(svg);
    const values = pictureRowMajor(pos.geo, map);
    const stones = pictureStones(pos);
    let wantB = 0;
    let wantW = 0;
    values.forEach((v, i) => {
      if (v > 0 && stones[i] !== 1) wantB++;
      if (v < 0 && stones[i] !== 2) wantW++;
    });
    expect(wantB).toBeGreaterThan(5);
    expect(wantW).toBeGreaterThan(5);
    expect(byClass(doc, 'terr-b', 'territory')).toHaveLength(wantB);
    expect(byClass(doc, 'terr-w', 'territory')).toHaveLength(wantW);
    expect(vertices(doc, 'terr-b')).toContain('A5');
    expect(vertices(doc, 'terr-w')).toContain('J5');
    // Shadings lie under the stones: every territory rect comes before the first stone.
    const order = Array.from(doc.getElementsByTagName('*')).map((el) => el.getAttribute('class') ?? '');
    expect(order.lastIndexOf('terr-b territory')).toBeLessThan(order.findIndex((c) => c.startsWith('stone')));
  });

  it('moyo and area readings shade more lightly than territory', () => {
    const pos = positionFromRows(NINE);
    const opacity = (name: string) =>
      Number(
        byClass(
          parseSvg(renderBoardSvg({ size: 9, stones: NINE, overlays: [computePictureOverlay(pos, name)] })),
          'terr-b',
        )[0].getAttribute('fill-opacity'),
      );
    expect(opacity('territory')).toBeGreaterThan(opacity('moyo'));
    expect(opacity('moyo')).toBeGreaterThan(opacity('area'));
  });

  it('writes Freihofner numbers on every non-zero point', () => {
    const pos = positionFromRows(NINE);
    const values = pictureRowMajor(pos.geo, freihofnerMap(pos));
    const doc = parseSvg(
      renderBoardSvg({ size: 9, stones: NINE, overlays: [computePictureOverlay(pos, 'freihofner')] }),
    );
    const nums = byClass(doc, 'num');
    expect(nums).toHaveLength(values.filter((v) => v !== 0).length);
    const a5 = nums.find((el) => el.getAttribute('data-vertex') === 'A5')!;
    expect(Number(a5.textContent)).toBe(values[4 * 9]);
    expect(a5.getAttribute('class')).toContain(values[4 * 9] > 0 ? 'num-b' : 'num-w');
  });

  it('crosses out dead stones', () => {
    const doc = parseSvg(
      renderBoardSvg({
        size: 9,
        stones: NINE,
        overlays: [
          {
            kind: 'dead',
            points: [
              { x: 6, y: 1 },
              { x: 2, y: 7 },
            ],
          },
        ],
      }),
    );
    expect(vertices(doc, 'dead')).toEqual(['C2', 'G8']);
  });

  it('marks the top N move values, best first, labelled with the value', () => {
    const moves = [
      { x: 4, y: 4, value: 3.5 },
      { x: 0, y: 0, value: 0.5 },
      { x: 1, y: 1, value: 12 },
      { x: 2, y: 2, value: 7.25 },
      { x: 3, y: 3, value: 1 },
    ];
    const doc = parseSvg(
      renderBoardSvg({ size: 9, stones: NINE, overlays: [{ kind: 'moveValues', moves, top: 3 }] }),
    );
    const marks = byClass(doc, 'mv');
    expect(marks.map((m) => m.getAttribute('data-vertex'))).toEqual(['B8', 'C7', 'E5']);
    expect(marks.map((m) => m.textContent)).toEqual(['12', '7.3', '3.5']);
    expect(byClass(doc, 'mv', 'best').map((m) => m.getAttribute('data-vertex'))).toEqual(['B8']);
    const five = parseSvg(
      renderBoardSvg({ size: 9, stones: NINE, overlays: [{ kind: 'moveValues', moves }] }),
    );
    expect(byClass(five, 'mv')).toHaveLength(5);
  });

  it('draws several overlays together', () => {
    const pos = positionFromRows(NINE);
    const doc = parseSvg(
      renderBoardSvg({
        size: 9,
        stones: NINE,
        lastMove: { x: 5, y: 5 },
        overlays: [
          computePictureOverlay(pos, 'moyo'),
          computePictureOverlay(pos, 'freihofner'),
          { kind: 'dead', points: [{ x: 2, y: 1 }] },
        ],
      }),
    );
    expect(byClass(doc, 'terr-b', 'moyo').length).toBeGreaterThan(0);
    expect(byClass(doc, 'num').length).toBeGreaterThan(0);
    expect(byClass(doc, 'dead')).toHaveLength(1);
    expect(byClass(doc, 'last')).toHaveLength(1);
  });
});

describe('renderBoardSvg: bad input names the field', () => {
  const empty5 = Array(5).fill('.....');
  const cases: Array<[string, () => unknown, string]> = [
    ['size 4', () => renderBoardSvg({ size: 4, stones: Array(4).fill('....') }), 'size'],
    ['size 26', () => renderBoardSvg({ size: 26, stones: [] }), 'size'],
    ['short rows', () => renderBoardSvg({ size: 5, stones: ['.....'] }), 'stones'],
    ['bad character', () => renderBoardSvg({ size: 5, stones: ['..Z..', ...empty5.slice(1)] }), 'stones[0]'],
    ['bad colour value', () => renderBoardSvg({ size: 5, stones: new Array(25).fill(3) }), 'stones[0]'],
    [
      'last move off board',
      () => renderBoardSvg({ size: 5, stones: empty5, lastMove: { x: 5, y: 0 } }),
      'lastMove',
    ],
    [
      'ownership out of range',
      () =>
        renderBoardSvg({
          size: 5,
          stones: empty5,
          overlays: [{ kind: 'ownership', values: new Array(25).fill(2) }],
        }),
      'overlays[0].values[0]',
    ],
    [
      'ownership wrong length',
      () => renderBoardSvg({ size: 5, stones: empty5, overlays: [{ kind: 'ownership', values: [0] }] }),
      'overlays[0].values',
    ],
    [
      'dead point off board',
      () =>
        renderBoardSvg({ size: 5, stones: empty5, overlays: [{ kind: 'dead', points: [{ x: -1, y: 0 }] }] }),
      'overlays[0].points[0]',
    ],
    [
      'move value NaN',
      () =>
        renderBoardSvg({
          size: 5,
          stones: empty5,
          overlays: [{ kind: 'moveValues', moves: [{ x: 0, y: 0, value: NaN }] }],
        }),
      'overlays[0].moves[0].value',
    ],
    ['unknown computed overlay', () => computePictureOverlay(positionFromRows(empty5), 'heat'), 'overlay'],
  ];
  it.each(cases)('%s', (_name, run, field) => {
    let error: unknown;
    try {
      run();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RenderInputError);
    expect((error as RenderInputError).field).toBe(field);
    expect((error as Error).message.startsWith(`${field}: `)).toBe(true);
  });
});

describe('renderEyeGraphSvg', () => {
  it('draws eye points, marginal points, attacker stones and vital marks of a GNU Go answer', () => {
    // analyze_eyegraph OO!%O.X%!... answers 0112 with these rows (specs/gnugo-gtp.md).
    const doc = parseSvg(renderEyeGraphSvg({ rows: ['  @ ', ' .X ', '!.*.'], value: '0112' }));
    expect(byClass(doc, 'eye')).toHaveLength(6);
    expect(byClass(doc, 'eye', 'marginal')).toHaveLength(2);
    expect(byClass(doc, 'stone', 'black')).toHaveLength(1);
    const vital = byClass(doc, 'vital', 'both').map(
      (el) => `${el.getAttribute('data-row')},${el.getAttribute('data-col')}`,
    );
    expect(vital.sort()).toEqual(['0,2', '2,2']);
    expect(texts(doc, 'value')).toEqual(['0112']);
  });

  it('distinguishes attack and defence points and draws edges', () => {
    const doc = parseSvg(renderEyeGraphSvg({ rows: ['+---', '|<.>', '|(X)'] }));
    expect(byClass(doc, 'vital', 'attack')).toHaveLength(2);
    expect(byClass(doc, 'vital', 'defense')).toHaveLength(2);
    expect(byClass(doc, 'edge')).toHaveLength(6);
    expect(byClass(doc, 'edge', 'corner')).toHaveLength(1);
    expect(byClass(doc, 'value')).toHaveLength(0);
  });

  it('rejects unknown characters naming the row', () => {
    expect(() => renderEyeGraphSvg({ rows: ['..', '.q'] })).toThrow(
      /^rows\[1\]: unexpected character 'q' at column 1/,
    );
    expect(() => renderEyeGraphSvg({ rows: [] })).toThrow(RenderInputError);
  });
});
