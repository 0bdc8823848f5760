import type { Timeline } from '../timeline';

/** Hands the page each new state of the timeline, and errors worth showing. */
export interface SourceCallbacks {
  update(t: Timeline): void;
  error(message: string): void;
}

/** An opened game, batch or job; close() stops its requests and streams. */
export interface Source {
  close(): void;
}

/** Opens a game, batch or job by id with `api` (the page's `Api`, or any client with its methods). */
export type OpenSource<A> = (api: A, id: string, cb: SourceCallbacks) => Source;

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      done();
    });
  });
}

export function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}
