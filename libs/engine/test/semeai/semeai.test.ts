import { describe, expect, it } from 'vitest';
import { Board } from '../../src/board/board';
import { formatGtpVertex, parseGtpVertex } from '../../src/board/coords';
import { raceGoal } from '../../src/semeai/goal';
import { SemeaiReader } from '../../src/semeai/reader';
import { regressionAnswer } from '../support/regression-answer';
import { suitePasses } from '../support/regression-suite';

/**
 * semeai.tst tests 46-100 and 117-154 (the quick ones; 45 and 116 alone take minutes) passed
 * in-process when the floor was last raised (63 with read-out wins preferred at the root, joins in
 * the count, the ko fought after a root pass, throw-ins and ko ties broken by fills; the floor keeps
 * a margin of 2).
 */
const FLOOR = 61;

/** Moyo's answer to test `id` of regression/semeai.tst. */
const answer = (id: number): string => regressionAnswer('semeai.tst', id);

/** The race between the strings at v1 and v2 on `rows`, v1's owner to move. */
function race(rows: string[], v1: string, v2: string) {
  const board = Board.fromRows(rows);
  const p = parseGtpVertex(v1, board.geo);
  const q = parseGtpVertex(v2, board.geo);
  const before = board.toRows().join('\n');
  const r = new SemeaiReader(board).analyze(raceGoal(board, p), raceGoal(board, q));
  expect(board.toRows().join('\n')).toBe(before);
  return r;
}

// Black's B string and White's C string race on the left edge: six outside liberties each (column A
// for Black, D9-D4 for White, next to a living black group with four eyes) and A3 shared.
const RACE = [
  '.XO.X.X.X',
  '.XO.XXXXX',
  '.XO.XXXXX',
  '.XO.XXXXX',
  '.XO.X.X.X',
  '.XO.XXXXX',
  '.XOXXXXXX',
  'OOOOXXXXX',
  'XXXXXXXXX',
];

describe('semeai reader', () => {
  it('Black to move wins an even race of outside liberties, filling an outside liberty of White', () => {
    const r = race(RACE, 'B7', 'C7');
    expect(r.defense).toBe(1);
    expect(r.attack).toBe(1);
    expect(formatGtpVertex(r.move, Board.fromRows(RACE).geo)).toMatch(/^D[4-9]$/);
  });

  it('a basic seki (two shared liberties, no outside ones) is answered 1 0 PASS (semeai 71, 72)', () => {
    expect(answer(71)).toBe('1 0 PASS');
    expect(answer(72)).toBe('1 0 PASS');
  });

  it('stones inside the eye space of a shut-in group are left there: seki, not a capture (semeai 79, 80)', () => {
    // Capturing F7-G7-F6 would leave Black a bent three the outer White kills.
    expect(answer(79)).toBe('1 0 PASS');
    expect(answer(80)).toMatch(/^1 0 (PASS|E9|E8|J9|H5)$/);
  });

  it('a race where one eye beats none is won by the eye (semeai 5, 6)', () => {
    expect(answer(5)).toMatch(/^1 1 (A13|B13|C13|D13)$/);
    expect(answer(6)).toMatch(/^1 1 (A15|B15|C15|D15|E15)$/);
  });

  it('stones inside a shut-in group that only give it a dead shape when captured kill it (semeai 63, 64, 69, 70)', () => {
    // Capturing them leaves a bent three or a bent four in the corner: the capturer loses the race.
    expect(answer(63)).toBe('0 0 PASS');
    expect(answer(64)).toMatch(/^1 1 (PASS|A13|E13|E12|C11|C10|B9|A9)$/);
    expect(answer(69)).toBe('0 0 PASS');
    expect(answer(70)).toMatch(/^1 1 (PASS|L3)$/);
  });

  it('a bent four in the corner is dead: the inside stones are joined and given up (semeai 66, 67, 68)', () => {
    expect(answer(66)).toMatch(/^1 1 (PASS|N13)$/);
    expect(answer(67)).toBe('0 0 PASS');
    expect(answer(68)).toMatch(/^1 1 (PASS|A5|B5|C3|D3)$/);
  });

  it('at the root, a liberty that would be a self-atari is approached first (semeai 54, 129)', () => {
    expect(answer(54)).toBe('1 2 A16');
    expect(answer(129)).toMatch(/^3 3 (Q19|S17|T17)$/);
  });

  it('a shared liberty that gives new liberties is filled before an outside one (semeai 25, 26)', () => {
    expect(answer(25)).toBe('1 1 S9');
    expect(answer(26)).toBe('1 1 S9');
  });

  it('an eye with one enemy stone on its vital point is still an eye in the race (semeai 58, 59, 60)', () => {
    expect(answer(58)).toBe('0 0 PASS');
    expect(answer(59)).toBe('1 1 H5');
    expect(answer(60)).toBe('0 0 PASS');
  });

  it('a race string that can join a friend with more liberties is read, not counted (semeai 135)', () => {
    // After White's R11 the count had Black's Q12 string (P10, R10) lose to White's three; Black's
    // R10 joins S10 and the race is a seki.
    expect(answer(135)).toBe('1 0 R11');
  });

  it('a liberty the other side can only fill by a self-atari is read, not counted (semeai 41)', () => {
    // 150 (0 0) passed too until the ko and short-string changes of 2026-11-28; it runs out of
    // nodes (1 0 PASS). 141: see the root's pass below.
    expect(answer(41)).toMatch(/^1 1 (PASS|B3|A6|B6|C5|D4|E3|E2|E1)$/);
  });
});

describe('semeai reader: short strings beside the race', () => {
  it('a short string of ours beside an enemy goal with two liberties is defended first (semeai 21)', () => {
    // T18 (two liberties) touches White's O19 string (two liberties): joining it to S17 (T17) or
    // T19 keeps White from gaining liberties by taking it; without the move Black loses the race.
    expect(answer(21)).toMatch(/^1 1 (T17|T19)$/);
  });

  it('with legal ko captures read as ordinary moves and the defence above, 130 and 148 are read out', () => {
    // Before: 2 0 PASS (a ko where GNU Go sees none) and 1 0 PASS (the node budget ran out).
    // Neither change alone fixes them.
    expect(answer(130)).toBe('0 0 PASS');
    expect(answer(148)).toBe('1 1 T9');
  });

  it('the same defence keeps a ko line from deciding the race (semeai 96)', () => {
    // Before, White's kill was read as a ko (1 2 S19): Black's answer to it was not tried.
    expect(answer(96)).toBe('1 0 S19');
  });
});

describe('semeai reader: the first moves and lines cut by the budget', () => {
  it("after a pass at the root, the other side's first move may approach (semeai 53)", () => {
    // White's pass is refuted only by Black's approach at A16 (A18 and B19 are a self-atari and a
    // suicide): without it the pass kept C19 alive and the answer was 1 0 PASS.
    expect(answer(53)).toBe('1 0 E11');
  });

  it('a line cut by the node budget is scored by eyes and liberties, not as both living (semeai 38, 102)', () => {
    // Before: 1 0 PASS and 1 0 C7, the kill running out of nodes in both.
    expect(answer(38)).toMatch(/^1 1 (PASS|B1|A9)$/);
    expect(answer(102)).toMatch(/^1 1 (D6|C7)$/);
  });

  it("after the root's pass the other side fights a ko it has instead of passing back (semeai 144)", () => {
    // Before: 2 3 C1, Black's pass back after White's pass scoring the race as both living.
    expect(answer(144)).toBe('2 2 PASS');
  });

  it('of root moves with the same ko code, a fill of an enemy liberty is the answer (semeai 143)', () => {
    // Before: 3 3 A2, the capture of A1 tried first and reaching the same ko as F3.
    expect(answer(143)).toMatch(/^3 3 (F1|F3)$/);
  });

  it("the root's pass gets the least share of the budget, not half (semeai 141)", () => {
    // Before: 1 2 F3, Black's pass line (6,578 nodes) leaving the table results that made F3 a
    // clean defence; the ko at C1/D1 makes the kill 2. GNU Go answers 2 2: its defence is a ko too
    // (after F3 C1 F2 A3 both engines answer 2 2), which Moyo's F3 line now misses again: the 2 it
    // gave was a table result from a line that repeated a position (see the test of semeai 140).
    expect(answer(141)).toMatch(/^[12] 2 (F1|F2|F3)$/);
  });

  it('a result that depends on a position repeated above its node is not cached (semeai 140)', () => {
    // Before: 1 0 E9. After E9, Black's pass and G7, Black (one liberty) was read from the table:
    // a both-living result of a line that had repeated an earlier position.
    expect(answer(140)).toBe('1 1 E9');
  });

  it('twelve moves a node: the kill of semeai 43 is among them', () => {
    // Before (ten): 0 0 PASS.
    expect(answer(43)).toMatch(/^1 1 (A15|A11|B11|C14|C13|D12|D11|D10|D9|B9|A9)$/);
  });
});

describe('semeai reader: throw-ins', () => {
  it('a throw-in on a liberty of a short enemy string is read in the first plies (semeai 62)', () => {
    // After White's A17 and Black's A16, White's C19 (B19 and C19 in atari) takes D19's liberty:
    // without it Black's A16 read as a win and A17 as a failed kill (3 0 PASS).
    expect(answer(62)).toBe('1 1 A17');
  });
});

describe('semeai reader: wins on lines cut by the budget', () => {
  it('a root move read out to a win is preferred to one that wins on a cut line (semeai 27, 34)', () => {
    // 27: S5 came first and won only where the budget cut its line (1 1 S5); S9 is read out.
    expect(answer(27)).toBe('1 1 S9');
    // 34: the kill keeps the defence's move, read out there, though its kill line is cut.
    expect(answer(34)).toBe('1 1 S18');
  });
});

describe("GNU Go's semeai.tst in-process, tests 46-100 and 117-154 (a floor: see scripts/gnugo-regress.ts)", () => {
  it('passes at least the tests it passed when the floor was last raised', () => {
    const quick = (id: number) => (id >= 46 && id <= 100) || (id >= 117 && id <= 154);
    expect(suitePasses('semeai.tst', (t) => quick(t.id))).toBeGreaterThanOrEqual(FLOOR);
  }, 300_000);
});
