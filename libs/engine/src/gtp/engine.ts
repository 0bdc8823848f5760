import { formatGtpResponse, parseGtpLine } from './protocol';
import type { GtpHandler } from './handler';
import { GTP_COMMANDS } from './registry';
import { GtpSession } from './session';

/**
 * A GTP engine over one session: feed it lines, get answers. No I/O of its own (see serve.ts).
 * Every handler error becomes a `?` answer and the engine keeps serving.
 */
export class GtpEngine {
  readonly session: GtpSession;
  /** An open answer (kata-analyze, lz-analyze) waits for its closing blank line. */
  private answerOpen = false;
  /** The open answer's further reports, if it repeats them. */
  private reporter: { intervalMs: number; next: () => string } | null = null;

  constructor(
    readFile: (path: string) => string,
    readonly commands: ReadonlyMap<string, GtpHandler> = GTP_COMMANDS,
  ) {
    this.session = new GtpSession(readFile);
  }

  /** True after `quit`. */
  get done(): boolean {
    return this.session.quit;
  }

  /**
   * Answers one input line; null for a line without a command (blank or comment) when no answer is
   * open. Any line closes an open answer first (its blank line leads the output). Mutates the session.
   */
  handleLine(line: string): string | null {
    const close = this.finish();
    const cmd = parseGtpLine(line);
    if (!cmd) return close || null;
    const handler = this.commands.get(cmd.name);
    if (!handler) return close + formatGtpResponse(cmd.id, false, 'unknown command');
    try {
      const answer = handler(cmd.args, this.session, this.commands);
      if (typeof answer === 'string') return close + formatGtpResponse(cmd.id, true, answer);
      this.answerOpen = !answer.ended;
      const every = answer.intervalMs ?? 0;
      this.reporter =
        this.answerOpen && answer.next && every > 0 ? { intervalMs: every, next: answer.next } : null;
      const lines = answer.lines.map((l) => l.replace(/[\r\n]+/g, ' ') + '\n').join('');
      return `${close}=${cmd.id ?? ''}\n${lines}${answer.ended ? '\n' : ''}`;
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      return close + formatGtpResponse(cmd.id, false, msg || 'failed');
    }
  }

  /**
   * Milliseconds between the reports of the open answer (`kata-analyze B 50`: 500); 0 when no answer
   * is open or it does not repeat. The front calls `report` at this pace until the next input line.
   */
  get reportIntervalMs(): number {
    return this.answerOpen && this.reporter ? this.reporter.intervalMs : 0;
  }

  /**
   * The open answer's next report, a whole line (`info ...\n`); null when no answer is open, it does
   * not repeat, or its report failed (reports stop then; the next input still closes the answer).
   */
  report(): string | null {
    if (!this.answerOpen || !this.reporter) return null;
    try {
      return this.reporter.next().replace(/[\r\n]+/g, ' ') + '\n';
    } catch {
      this.reporter = null;
      return null;
    }
  }

  /** Ends an open answer: its blank line, or '' when none is open (at end of input). */
  finish(): string {
    this.reporter = null;
    if (!this.answerOpen) return '';
    this.answerOpen = false;
    return '\n';
  }
}
