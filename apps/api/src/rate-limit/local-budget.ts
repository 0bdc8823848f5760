/** Subjects remembered at most (one entry per API key seen in the current window). */
const MAX_SUBJECTS = 10_000;

/** One subject's window as this process last heard it from the shared counter. */
interface View {
  /** The highest count the shared counter answered in this window. */
  counted: number;
  /** Counts this process sent that the counter has not answered yet. */
  unanswered: number;
  /** When the window ends (ms, this process's clock), from the counter's answer. */
  resetAt: number;
}

/**
 * This process's view of each subject's fixed-window budget in the shared counter (Redis), so
 * that a request well within its budget need not wait for the counter's answer: every request is
 * still counted there (its count is sent later, with others), only the decision is taken from
 * the view. The view's estimate is the counter's last answer plus this process's counts not yet
 * answered (sent or not): for one replica it is never below the true count (the answers come in
 * order on one connection and each includes the counts sent before it). A request is admitted at once
 * only while the estimate leaves `margin` of the budget untouched (a tenth of it) and the window
 * has not ended; near the limit, at a window's start and with no view, the caller waits for the
 * counter as before, so small budgets (tests, a few requests a minute) are decided exactly.
 * Other replicas' counts reach the view with each answer; they can overshoot the budget only by
 * what they spend beyond the margin within one round trip of this process.
 */
export class LocalBudgets {
  private readonly views = new Map<string, View>();
  private readonly margin: number;

  constructor(
    private readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {
    this.margin = Math.ceil(limit / 10);
  }

  /**
   * Whether one more request of `subject` is within its budget without asking the counter; when
   * so, the view counts it (as unanswered) and says what remains and when the window resets.
   * Null: ask the counter and wait (then `sent` and `answered` as for any count).
   */
  admit(subject: string): { remaining: number; resetSeconds: number } | null {
    const view = this.views.get(subject);
    const now = this.now();
    if (!view || now >= view.resetAt) return null;
    const estimate = view.counted + view.unanswered + 1;
    if (estimate > this.limit - this.margin) return null;
    view.unanswered++;
    return {
      remaining: this.limit - estimate,
      resetSeconds: Math.max(1, Math.ceil((view.resetAt - now) / 1000)),
    };
  }

  /** A count of `subject` sent to the counter without `admit` (its answer decides). */
  sent(subject: string): void {
    let view = this.views.get(subject);
    if (!view) {
      if (this.views.size >= MAX_SUBJECTS) this.views.clear();
      // No window known yet: counted, but nothing is admitted until an answer comes.
      view = { counted: 0, unanswered: 0, resetAt: 0 };
      this.views.set(subject, view);
    }
    view.unanswered++;
  }

  /**
   * The counter's answer to a count of `points` requests of `subject` (admitted or `sent`): its
   * count in the window (including them) and the ms until the window resets. Null: no answer (an
   * error): the window is forgotten, so the next requests wait for the counter.
   */
  answered(
    subject: string,
    answer: { counted: number; msBeforeReset: number } | null,
    points = 1,
  ): void {
    const view = this.views.get(subject);
    if (!view) return;
    view.unanswered = Math.max(0, view.unanswered - points);
    const now = this.now();
    if (!answer) {
      view.resetAt = 0;
      return;
    }
    // Answers come in order: a lower count than the view's is a new window (the counter reset),
    // taken once the view's window has ended (until then the higher count errs on the safe side).
    if (now >= view.resetAt || answer.counted >= view.counted) {
      view.counted = answer.counted;
      view.resetAt = now + answer.msBeforeReset;
    }
  }
}
