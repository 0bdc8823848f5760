import { describe, expect, it } from 'vitest';
import { regressionAnswer } from '../support/regression-answer';

describe("owl: the attacker at a weak-alive node also tries a short dragon's outer liberties (OwlParams.weakAliveOuter)", () => {
  it('a defence the attacker can answer with a ko outside is coded as a ko (ld_owl 166)', () => {
    // Before: '1 B18' (after B B18 the attacker played only the liberties of the short strings,
    // never E19, the outer liberty that turns the corner into a ko).
    expect(regressionAnswer('ld_owl.tst', 166)).toBe('2 B18');
  });

  it('a kill by ko from an outer liberty is found (ld_owl 201)', () => {
    // Before: '0' (T15, one of the dragon's two outer liberties, was never tried below the root).
    expect(regressionAnswer('ld_owl.tst', 201)).toBe('3 T15');
  });
});
