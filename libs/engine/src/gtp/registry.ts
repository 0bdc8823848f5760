import * as families from './commands';
import type { GtpSession } from './session';

/**
 * A GTP command handler: gets the arguments (and the session and the registry, for the few that
 * need them) and returns the answer body without `= `. Throwing an Error answers `? message`.
 */
export type GtpHandler = (
  args: readonly string[],
  session: GtpSession,
  registry: ReadonlyMap<string, GtpHandler>,
) => string;

function isFamily(v: unknown): v is Record<string, GtpHandler> {
  return (
    typeof v === 'object' &&
    v !== null &&
    Object.keys(v).length > 0 &&
    Object.values(v).every((h) => typeof h === 'function')
  );
}

/** Every GTP command by name, from the families exported by `commands/index.ts`. */
export const GTP_COMMANDS: ReadonlyMap<string, GtpHandler> = (() => {
  const map = new Map<string, GtpHandler>();
  for (const family of Object.values(families) as unknown[]) {
    if (!isFamily(family)) continue;
    for (const [name, handler] of Object.entries(family)) {
      if (map.has(name)) throw new Error(`GTP registry: command ${name} registered twice`);
      map.set(name, handler);
    }
  }
  return map;
})();
