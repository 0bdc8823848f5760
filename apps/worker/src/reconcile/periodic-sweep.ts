/**
 * A sweep run every `intervalMs`, jittered to 0.75-1.25x so replicas started together do not all
 * ask for their lock at the same instant; a failed sweep is reported to `onError` and the next one
 * runs on schedule. Used by the reconciler and the retention sweep.
 */
export class PeriodicSweep {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;
  private done = false;

  constructor(
    private readonly intervalMs: number,
    private readonly sweep: () => Promise<unknown>,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** True once stop() was called: a long sweep may end early. */
  get stopped(): boolean {
    return this.done;
  }

  start(): void {
    if (this.done) return;
    const wait = this.intervalMs * (0.75 + Math.random() * 0.5);
    this.timer = setTimeout(() => {
      this.sweeping = this.sweep()
        .catch(this.onError)
        .finally(() => this.start());
    }, wait);
  }

  /** Stops the timer and waits for a sweep in progress. */
  async stop(): Promise<void> {
    this.done = true;
    clearTimeout(this.timer);
    await this.sweeping?.catch(() => undefined);
  }
}
