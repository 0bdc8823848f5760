import { describe, expect, it } from 'vitest';
import { regressionAnswer } from '../support/regression-answer';

describe('owl: a life by shape whose strings are short of liberties is checked with a pass (OwlParams.passCheckDepth)', () => {
  // owl 139-142: a 9x9 corner whose seven-point eye space the eye-graph reader values at two eyes,
  // bordered by four strings of which three have two liberties each.
  it('the kill inside the eye space is found, not only on the short liberties (owl 139)', () => {
    // Before: '0' (the attacker tried only the short strings' liberties; H9 is none).
    expect(regressionAnswer('owl.tst', 139)).toBe('1 H9');
  });

  it('the owner names the point the attacker wants (owl 140)', () => {
    // Before: '1 PASS' (the static view called the dragon alive at every owner's node).
    expect(regressionAnswer('owl.tst', 140)).toBe('1 H9');
  });

  it('a kill by ko one move later is coded as a ko (owl 141)', () => {
    // Before: '0'.
    expect(regressionAnswer('owl.tst', 141)).toBe('3 J8');
  });

  it('dragon_status finds the critical point of a corner eye space in a net of short strings (ld_owl 16)', () => {
    // Before: 'alive'.
    expect(regressionAnswer('ld_owl.tst', 16)).toBe('critical A2 A2');
  });
});
