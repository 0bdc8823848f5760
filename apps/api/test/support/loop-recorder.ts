import { expect } from 'vitest';

/**
 * Records named events in order, for tests that prove the event loop stays free: `wrap` adds
 * start/end events around an async method of `target` (returns the undo); `healthzBetween` counts
 * the `healthz` events (a /healthz answer) between two others; `loopTurnedDuring` says whether the
 * event loop turned while a wrapped method ran. Ordering only, no clock.
 */
export function loopRecorder() {
  const events: string[] = [];
  const wrap = <T extends object>(target: T, method: keyof T & string, name: string) => {
    const original = (target[method] as (...args: unknown[]) => Promise<unknown>).bind(target);
    (target as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      events.push(`${name}:start`);
      // Runs at the event loop's next turn: before `:end` only if the method gave the loop back.
      setImmediate(() => events.push(`${name}:tick`));
      try {
        return await original(...args);
      } finally {
        events.push(`${name}:end`);
      }
    };
    return () => {
      (target as Record<string, unknown>)[method] = original;
    };
  };
  /** Indexes of `healthz` events between the first `from` and the first `to` after it. */
  const healthzBetween = (from: string, to: string) => {
    const start = events.indexOf(from);
    const end = events.indexOf(to, start);
    expect(start, `${from} in ${events.join(' ')}`).toBeGreaterThanOrEqual(0);
    expect(end, `${to} in ${events.join(' ')}`).toBeGreaterThan(start);
    return events.slice(start, end).filter((e) => e === 'healthz').length;
  };
  /**
   * True when the event loop turned while `name` ran: its `:tick` came before its `:end`. A method
   * that does its work synchronously on the loop (then resolves) ends first. Deterministic.
   */
  const loopTurnedDuring = (name: string) => {
    const start = events.indexOf(`${name}:start`);
    const tick = events.indexOf(`${name}:tick`, start);
    const end = events.indexOf(`${name}:end`, start);
    expect(end, `${name}:end in ${events.join(' ')}`).toBeGreaterThan(start);
    return tick > start && tick < end;
  };
  return { events, wrap, healthzBetween, loopTurnedDuring };
}

/** Asks `base`/healthz one request after another until `done()`, recording each answer in `events`. */
export async function pingUntil(base: string, events: string[], done: () => boolean): Promise<void> {
  while (!done()) {
    const res = await fetch(`${base}/healthz`);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    if (!done()) events.push('healthz');
  }
}
