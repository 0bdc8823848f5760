import { describe, expect, it } from 'vitest';
import { BLACK, WHITE } from '../../src/board/color';
import {
  CoordinateError,
  PASS,
  formatGtpVertex,
  formatKataGoMove,
  formatOgsPoint,
  formatSgfPoint,
  parseGtpVertex,
  parseKataGoMove,
  parseOgsPoint,
  parsePlayer,
  parseSgfPoint,
} from '../../src/board/coords';
import { Geometry } from '../../src/board/geometry';

describe('coordinates', () => {
  const g19 = Geometry.of(19);

  it('knows the corners in every notation', () => {
    const a19 = g19.pt(0, 0);
    expect(formatGtpVertex(a19, g19)).toBe('A19');
    expect(formatSgfPoint(a19, g19)).toBe('aa');
    expect(formatOgsPoint(a19, g19)).toEqual([0, 0]);
    const t1 = g19.pt(18, 18);
    expect(formatGtpVertex(t1, g19)).toBe('T1');
    expect(parseGtpVertex('Q16', g19)).toBe(parseSgfPoint('pd', g19));
    expect(parseGtpVertex('q16', g19)).toBe(parseOgsPoint([15, 3], g19));
    expect(parseGtpVertex('J10', g19)).toBe(g19.pt(8, 9));
    expect(formatKataGoMove({ player: WHITE, point: parseGtpVertex('D4', g19) }, g19)).toEqual(['W', 'D4']);
  });

  it('round-trips every point on every size from 5 to 25', () => {
    for (let size = 5; size <= 25; size++) {
      const g = Geometry.of(size);
      for (const p of g.points) {
        expect(parseGtpVertex(formatGtpVertex(p, g), g)).toBe(p);
        expect(parseSgfPoint(formatSgfPoint(p, g), g)).toBe(p);
        expect(parseOgsPoint(formatOgsPoint(p, g), g)).toBe(p);
        const m = { player: BLACK as typeof BLACK, point: p };
        expect(parseKataGoMove(formatKataGoMove(m, g), g)).toEqual(m);
      }
    }
  });

  it('passes', () => {
    expect(parseGtpVertex('pass', g19)).toBe(PASS);
    expect(parseGtpVertex('PASS', g19)).toBe(PASS);
    expect(parseSgfPoint('', g19)).toBe(PASS);
    expect(parseSgfPoint('tt', g19)).toBe(PASS);
    expect(parseOgsPoint([-1, -1], g19)).toBe(PASS);
    expect(formatGtpVertex(PASS, g19)).toBe('pass');
    expect(formatSgfPoint(PASS, g19)).toBe('');
    expect(formatOgsPoint(PASS, g19)).toEqual([-1, -1]);
    expect(parseKataGoMove(['W', 'pass'], g19)).toEqual({ player: WHITE, point: PASS });
    // tt is a real point on boards larger than 19.
    const g21 = Geometry.of(21);
    expect(parseSgfPoint('tt', g21)).toBe(g21.pt(19, 19));
  });

  it('rejects bad input with a typed error naming it', () => {
    const bad: [() => unknown, RegExp][] = [
      [() => parseGtpVertex('I5', g19), /"I5".*skip the letter I/],
      [() => parseGtpVertex('Z5', g19), /"Z5".*column Z is off/],
      [() => parseGtpVertex('A20', g19), /"A20".*row 20 is off/],
      [() => parseGtpVertex('A0', g19), /row 0/],
      [() => parseGtpVertex('hello', g19), /"hello"/],
      [() => parseSgfPoint('zz', g19), /"zz".*off the 19x19/],
      [() => parseSgfPoint('p', g19), /"p".*two letters/],
      [() => parseOgsPoint([19, 0], g19), /off the 19x19/],
      [() => parseOgsPoint([1.5, 0], g19), /integer/],
      [() => parseOgsPoint('ab', g19), /"ab"/],
      [() => parseKataGoMove(['X', 'D4'], g19), /"X".*player/],
      [() => parseKataGoMove(['B'], g19), /KataGo move/],
      [() => parsePlayer('red'), /"red"/],
    ];
    for (const [f, re] of bad) {
      expect(f).toThrow(CoordinateError);
      expect(f).toThrow(re);
    }
  });
});
