import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { GtpEngine } from './engine';

/** Why `serveGtp` stopped. */
export type GtpServeEnd = 'quit' | 'end-of-input' | 'output-closed';

/**
 * Serves GTP on a readable/writable pair (stdin/stdout for `moyo gtp`) until `quit`, end of input,
 * or the output going away (the controller closed its end: EPIPE). Resolves with the reason and
 * never rejects for a closed output. The only place GTP touches streams and files.
 */
export async function serveGtp(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): Promise<GtpServeEnd> {
  const engine = new GtpEngine((path) => readFileSync(path, 'utf8'));
  const rl = createInterface({ input, crlfDelay: Infinity, terminal: false });
  let outputClosed = false;
  // A write to a pipe whose reader is gone fails asynchronously; without a listener Node throws.
  const onOutputError = (): void => {
    outputClosed = true;
    rl.close();
  };
  output.on('error', onOutputError);
  let end: GtpServeEnd = 'end-of-input';
  // An open kata-analyze / lz-analyze answer reports again at its interval until the next line.
  let timer: NodeJS.Timeout | undefined;
  const stopReports = (): void => {
    clearInterval(timer);
    timer = undefined;
  };
  const reportAgain = (): void => {
    const report = outputClosed || !output.writable ? null : engine.report();
    if (report === null) stopReports();
    else output.write(report);
  };
  try {
    for await (const line of rl) {
      // Lines come here before any timer can run again: no report follows the line that stops it.
      stopReports();
      if (outputClosed || !output.writable) break;
      const answer = engine.handleLine(line);
      if (answer !== null) output.write(answer);
      if (engine.done) {
        end = 'quit';
        break;
      }
      if (engine.reportIntervalMs > 0) timer = setInterval(reportAgain, engine.reportIntervalMs);
    }
  } finally {
    stopReports();
    rl.close();
  }
  const close = engine.finish();
  if (close && !outputClosed && output.writable) output.write(close);
  // Keep the listener: an EPIPE from the last writes may still be on its way.
  if (outputClosed || !output.writable) end = end === 'quit' ? 'quit' : 'output-closed';
  return end;
}
