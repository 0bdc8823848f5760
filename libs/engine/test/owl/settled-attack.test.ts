import { describe, expect, it } from 'vitest';
import { regressionAnswer, regressionGame } from '../support/regression-answer';

describe("owl: the owner takes the attacker's point of an eye space the reader settled (OwlParams.settledAttackPoints)", () => {
  it('after the attacker blocks at D1 the corner lives at A2, the 2-2 space B3 B2 A2 A1 (ld_owl 159 after B1 D1)', () => {
    // The eye-graph reader values the space at two eyes with A2 and B2 as the attacker's points and
    // names no defence (the range is settled), so the owner's candidates held only the outside.
    const engine = regressionGame('games/life_and_death/tripod2.sgf');
    for (const move of ['play B B1', 'play W D1']) expect(engine.handleLine(move)).toMatch(/^= /);
    // Before: '= 0'.
    expect(engine.handleLine('owl_defend C3')?.trim()).toBe('= 1 A2');
  });

  it('dragon_status names the corner point both sides want (ld_owl 4)', () => {
    // Before: 'critical A4 E1'.
    expect(regressionAnswer('ld_owl.tst', 4)).toBe('critical A2 A2');
  });
});
