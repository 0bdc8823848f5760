import type { GtpSession } from './session';

/**
 * An answer that stays open after its first lines (`kata-analyze`, `lz-analyze`): the engine writes
 * `=id`, then `lines`, then (when `intervalMs` is set) a line from `next` every `intervalMs`, and
 * ends the answer with the blank line only when the next input arrives (any line, a bare newline
 * too) or the input ends, as KataGo and Leela Zero do.
 */
export interface GtpOpenAnswer {
  readonly open: true;
  /** The lines after `=id`, each a whole line (no blank line inside). */
  readonly lines: readonly string[];
  /** The answer ends right after its lines (`kata-genmove_analyze`: the `play` line is the last). */
  readonly ended?: boolean;
  /** Milliseconds between the reports after the first lines; 0 or absent: no more reports. */
  readonly intervalMs?: number;
  /** The next report (one whole line); called every `intervalMs` while the answer stays open. */
  readonly next?: () => string;
}

/**
 * A GTP command handler: gets the arguments (and the session and the registry, for the few that
 * need them) and returns the answer body without `= ` (or an open answer). Throwing an Error
 * answers `? message`. Command families import this type from here, not from registry.ts (which
 * imports the families).
 */
export type GtpHandler = (
  args: readonly string[],
  session: GtpSession,
  registry: ReadonlyMap<string, GtpHandler>,
) => string | GtpOpenAnswer;
