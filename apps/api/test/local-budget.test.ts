import { describe, expect, it } from 'vitest';
import { LocalBudgets } from '../src/rate-limit/local-budget';

/** Budgets of `limit` a window on a clock the test moves. */
function budgets(limit: number) {
  let now = 1_000_000;
  const b = new LocalBudgets(limit, () => now);
  return { b, advance: (ms: number) => (now += ms) };
}

describe('LocalBudgets', () => {
  it('admits nothing before the counter has answered once for the subject', () => {
    const { b } = budgets(100);
    expect(b.admit('k')).toBeNull();
    b.sent('k');
    expect(b.admit('k')).toBeNull();
    b.answered('k', { counted: 1, msBeforeReset: 60_000 });
    expect(b.admit('k')).toEqual({ remaining: 98, resetSeconds: 60 });
    expect(b.admit('other')).toBeNull();
  });

  it('counts unanswered requests and stops admitting a tenth of the budget before its end', () => {
    const { b } = budgets(100);
    b.sent('k');
    b.answered('k', { counted: 1, msBeforeReset: 60_000 });
    // 1 counted, then 89 admitted without answers: the estimate reaches 90 = 100 - 10.
    for (let i = 0; i < 89; i++) expect(b.admit('k')).not.toBeNull();
    expect(b.admit('k')).toBeNull();
    // An answer for one of them counts it once: 2 counted + 88 unanswered, still at the margin.
    b.answered('k', { counted: 2, msBeforeReset: 59_000 });
    expect(b.admit('k')).toBeNull();
  });

  it("takes other replicas' counts from the answers", () => {
    const { b } = budgets(100);
    b.sent('k');
    b.answered('k', { counted: 1, msBeforeReset: 60_000 });
    expect(b.admit('k')).not.toBeNull();
    // The counter says 85 (other replicas spent the rest): 85 + 1 is within 90, 87 is not.
    b.answered('k', { counted: 85, msBeforeReset: 59_000 });
    expect(b.admit('k')).toEqual({ remaining: 14, resetSeconds: 59 });
    expect(b.admit('k')).toEqual({ remaining: 13, resetSeconds: 59 });
    expect(b.admit('k')).toEqual({ remaining: 12, resetSeconds: 59 });
    expect(b.admit('k')).toEqual({ remaining: 11, resetSeconds: 59 });
    expect(b.admit('k')).toEqual({ remaining: 10, resetSeconds: 59 });
    expect(b.admit('k')).toBeNull();
  });

  it('waits for the counter once the window has ended, then starts from its answer', () => {
    const { b, advance } = budgets(100);
    b.sent('k');
    b.answered('k', { counted: 80, msBeforeReset: 1_000 });
    expect(b.admit('k')).not.toBeNull();
    advance(1_000);
    expect(b.admit('k')).toBeNull();
    b.sent('k');
    // The admitted one's answer (the old window, 81) and then the new window's first count.
    b.answered('k', { counted: 81, msBeforeReset: 0 });
    b.answered('k', { counted: 1, msBeforeReset: 60_000 });
    expect(b.admit('k')).toEqual({ remaining: 98, resetSeconds: 60 });
  });

  it('keeps the higher count while its window lasts (a lower one is not taken early)', () => {
    const { b } = budgets(100);
    b.sent('k');
    b.answered('k', { counted: 50, msBeforeReset: 10_000 });
    b.sent('k');
    b.answered('k', { counted: 3, msBeforeReset: 60_000 });
    expect(b.admit('k')).toEqual({ remaining: 49, resetSeconds: 10 });
  });

  it('forgets the window when the counter fails, and decides small budgets at the counter', () => {
    const { b } = budgets(100);
    b.sent('k');
    b.answered('k', { counted: 1, msBeforeReset: 60_000 });
    b.sent('k');
    b.answered('k', null);
    expect(b.admit('k')).toBeNull();
    // A budget of 5: the margin is 1; the fifth request (estimate 5) waits for the counter.
    const small = budgets(5).b;
    small.sent('k');
    small.answered('k', { counted: 1, msBeforeReset: 60_000 });
    expect(small.admit('k')).not.toBeNull();
    expect(small.admit('k')).not.toBeNull();
    expect(small.admit('k')).not.toBeNull();
    expect(small.admit('k')).toBeNull();
  });
});
