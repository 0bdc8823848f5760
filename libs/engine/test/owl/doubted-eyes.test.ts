import { describe, expect, it } from 'vitest';
import { regressionAnswer } from '../support/regression-answer';

describe('owl: the root of a defence doubts eyes in open spaces the attacker can enter (OwlParams.doubtOpenEyes)', () => {
  it("names the owner's move at the threatened space's vital point instead of no move (ld_owl 531)", () => {
    // Before: '1 PASS' (the attack failed and the static view counted the open C9-E9 space's eye
    // as sure, though the eye-graph reader names E9 and D9 as its attack points).
    expect(regressionAnswer('ld_owl.tst', 531)).toMatch(/^1 (D9|E9|E8)$/);
  });

  it('still names no move where the eyes are sure (owl 12)', () => {
    expect(regressionAnswer('owl.tst', 12)).toBe('1 PASS');
  });
});
