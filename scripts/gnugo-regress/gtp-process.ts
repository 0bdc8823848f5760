import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/** How to start a GTP engine: executable, arguments and working directory. */
export interface EngineCommand {
  file: string;
  args: string[];
  cwd: string;
}

/** The engine did not answer in time, or ended before answering. */
export class EngineGone extends Error {}

/**
 * A GTP engine process, one command at a time. Each reply is returned raw, without the blank
 * line that ends it (`=12 critical A1 B2`, `? unknown command`, or several lines).
 */
export class GtpProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private stderrTail = '';
  private waiting: { resolve: (raw: string) => void; reject: (e: Error) => void } | null = null;
  private ended: Error | null = null;

  constructor(command: EngineCommand) {
    this.child = spawn(command.file, command.args, { cwd: command.cwd, stdio: 'pipe' });
    this.child.stdout.setEncoding('utf8');
    this.child.stderr.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.buffer += chunk.replace(/\r\n/g, '\n');
      this.drain();
    });
    this.child.stderr.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-400);
    });
    this.child.stdin.on('error', () => undefined); // a dead engine is reported by 'exit'
    this.child.on('error', (e) => this.end(new EngineGone(`cannot start ${command.file}: ${e.message}`)));
    this.child.on('exit', (code, signal) => {
      const why = signal ? `signal ${signal}` : `exit code ${code}`;
      const tail = this.stderrTail.trim().split('\n').slice(-2).join(' | ');
      this.end(new EngineGone(`engine ended (${why})${tail ? `: ${tail}` : ''}`));
    });
  }

  private end(e: EngineGone): void {
    this.ended ??= e;
    this.drain();
  }

  private drain(): void {
    if (!this.waiting) return;
    const end = this.buffer.indexOf('\n\n');
    if (end >= 0) {
      const raw = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2).replace(/^\n+/, '');
      const w = this.waiting;
      this.waiting = null;
      w.resolve(raw);
    } else if (this.ended) {
      const w = this.waiting;
      this.waiting = null;
      w.reject(this.ended);
    }
  }

  /**
   * Sends one command line; resolves with the raw reply. Rejects with `EngineGone` when the engine
   * has ended or does not answer within `timeoutMs` (the process is then killed).
   */
  send(line: string, timeoutMs: number): Promise<string> {
    if (this.waiting) return Promise.reject(new Error('GtpProcess: one command at a time'));
    if (this.ended) return Promise.reject(this.ended);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.kill();
        this.end(new EngineGone(`no answer within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.waiting = {
        resolve: (raw) => {
          clearTimeout(timer);
          resolve(raw);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      this.child.stdin.write(`${line}\n`);
      this.drain();
    });
  }

  /** Sends `quit` and waits for the process to end (kills it after 5 s). */
  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.kill(), 5000);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      this.child.stdin.end('quit\n');
    });
  }

  /** Ends the process at once. */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
