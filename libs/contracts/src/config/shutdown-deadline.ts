/**
 * Makes a process that was asked to stop (SIGTERM or SIGINT) exit within `deadlineMs` even when its
 * orderly shutdown hangs (a connection that never closes, a job that never ends): past the
 * deadline it writes why on stderr and exits with status 1. The timer does not keep the process
 * alive, so a shutdown that finishes in time exits as usual. Call it once, from main.
 */
export function exitIfShutdownHangs(app: string, deadlineMs: number): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        process.stderr.write(`moyo ${app}: shutdown did not finish within ${deadlineMs} ms; exiting\n`);
        process.exit(1);
      }, deadlineMs).unref();
    });
  }
}
