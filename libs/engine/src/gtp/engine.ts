import { formatGtpResponse, parseGtpLine } from './protocol';
import { GTP_COMMANDS, type GtpHandler } from './registry';
import { GtpSession } from './session';

/**
 * A GTP engine over one session: feed it lines, get answers. No I/O of its own (see serve.ts).
 * Every handler error becomes a `?` answer and the engine keeps serving.
 */
export class GtpEngine {
  readonly session: GtpSession;

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

  /** Answers one input line; null for a line without a command (blank or comment). Mutates the session. */
  handleLine(line: string): string | null {
    const cmd = parseGtpLine(line);
    if (!cmd) return null;
    const handler = this.commands.get(cmd.name);
    if (!handler) return formatGtpResponse(cmd.id, false, 'unknown command');
    try {
      return formatGtpResponse(cmd.id, true, handler(cmd.args, this.session, this.commands));
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      return formatGtpResponse(cmd.id, false, msg || 'failed');
    }
  }
}
