/** Where a CLI command reads and writes (injected: tests pass buffers, main passes the process). */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads a whole file as UTF-8; throws the fs error. */
  readFile: (path: string) => string;
  /** Writes a whole file as UTF-8 (`show --svg`); throws the fs error. Absent: the command cannot save. */
  writeFile?: (path: string, text: string) => void;
  /** Reads all of standard input (for `-`). */
  readStdin: () => Promise<string>;
  /** The raw streams, for commands that serve a protocol (`moyo gtp`). */
  stdin: NodeJS.ReadableStream;
  stdoutStream: NodeJS.WritableStream;
}

/**
 * A `moyo` subcommand. `run` parses its own arguments (everything after the command name), writes
 * through `io` and returns the exit code: 0 done, 1 failed on valid input, 2 bad arguments or input.
 */
export interface CliCommand {
  readonly name: string;
  /** One line for `moyo --help`. */
  readonly summary: string;
  run(argv: readonly string[], io: CliIo): number | Promise<number>;
}

/** Bad arguments or input: the command prints `moyo <cmd>: message` and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
