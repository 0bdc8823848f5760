import * as families from './commands';
import type { GtpHandler } from './handler';

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
