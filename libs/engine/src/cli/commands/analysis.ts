import { createInterface } from 'node:readline';
import { KataGoAnalysisEngine, type KataGoOutput } from '../../katago';
import type { CliCommand } from '../types';

/** KataGo's `analysis` flags that take a value; a client's command line may carry them (ignored). */
const KATAGO_VALUE_FLAGS = new Set([
  '-model',
  '-config',
  '-analysis-threads',
  '-override-config',
  '-human-model',
]);
const KATAGO_FLAGS = new Set(['-quit-without-waiting']);

/** Checks argv (KataGo's flags are accepted and ignored); returns an error text or null. */
function checkArgs(argv: readonly string[]): string | null {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i].replace(/^--/, '-');
    if (KATAGO_FLAGS.has(a)) continue;
    if (KATAGO_VALUE_FLAGS.has(a)) {
      if (i + 1 >= argv.length) return `${argv[i]} needs a value`;
      i++;
      continue;
    }
    return `unexpected argument '${argv[i]}' (moyo analysis reads queries on stdin; KataGo's -model, -config, -analysis-threads, -override-config are accepted and ignored)`;
  }
  return null;
}

/**
 * Serves KataGo's analysis protocol: one JSON query per input line, one JSON answer per output line.
 * Turns are analysed one per event-loop turn, most urgent first, so a `terminate` read meanwhile
 * stops the turns still waiting. At end of input the waiting turns are finished, then it resolves.
 */
export async function serveKataGoAnalysis(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): Promise<void> {
  const engine = new KataGoAnalysisEngine();
  let closed = false;
  output.on('error', () => {
    closed = true;
  });
  const write = (lines: readonly KataGoOutput[]) => {
    if (closed) return;
    for (const l of lines) output.write(JSON.stringify(l) + '\n');
  };
  const rl = createInterface({ input, crlfDelay: Infinity, terminal: false });
  let ended = false;
  let running = false;
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const drain = () => {
    if (closed) {
      engine.submit({ id: '', action: 'terminate_all' });
      return done();
    }
    const result = engine.next();
    if (result) write([result]);
    if (engine.pending > 0) setImmediate(drain);
    else {
      running = false;
      if (ended) done();
    }
  };
  const kick = () => {
    if (running) return;
    running = true;
    setImmediate(drain);
  };
  rl.on('line', (line) => {
    write(engine.submitLine(line));
    kick();
  });
  rl.on('close', () => {
    ended = true;
    if (!running) done();
  });
  await finished;
}

/** `moyo analysis`: KataGo's JSON analysis engine on stdin/stdout (a drop-in for `katago analysis`). */
export const analysisCommand: CliCommand = {
  name: 'analysis',
  summary: "analysis: KataGo's JSON analysis protocol on standard input/output",
  async run(argv, io) {
    const problem = checkArgs(argv);
    if (problem) {
      io.stderr(`moyo analysis: ${problem}\n`);
      return 2;
    }
    io.stderr('Moyo analysis engine (KataGo analysis protocol): Started, ready to begin handling requests\n');
    await serveKataGoAnalysis(io.stdin, io.stdoutStream);
    return 0;
  },
};
