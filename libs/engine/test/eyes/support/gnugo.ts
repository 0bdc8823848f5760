import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where Debian installs GNU Go 3.8. */
export const GNUGO_PATH = process.env.GNUGO_PATH ?? '/usr/games/gnugo';

/** True when the GNU Go binary is present (the live differential tests and the bench need it). */
export function gnugoAvailable(): boolean {
  return existsSync(GNUGO_PATH);
}

/**
 * A GNU Go process in GTP mode, one command at a time. Answers are returned without the trailing
 * blank line, e.g. `= 0112\n  @ \n .X \n!.*.` or `? failed to analyze`.
 */
export class GnuGoGtp {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private waiting: { resolve: (answer: string) => void; reject: (e: Error) => void } | null = null;
  private failed: Error | null = null;

  constructor(args: string[] = []) {
    this.child = spawn(GNUGO_PATH, ['--mode', 'gtp', ...args]);
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.drain();
    });
    this.child.on('error', (e) => {
      this.failed = e;
    });
    this.child.on('exit', (code) => {
      this.failed ??= new Error(`gnugo exited with code ${code}`);
      this.drain();
    });
  }

  private drain(): void {
    const end = this.buffer.indexOf('\n\n');
    if (this.waiting && end >= 0) {
      const answer = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const w = this.waiting;
      this.waiting = null;
      w.resolve(answer);
    } else if (this.waiting && this.failed) {
      const w = this.waiting;
      this.waiting = null;
      w.reject(this.failed);
    }
  }

  /** The GNU Go process id (the bench reads its CPU time from /proc). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Sends one command line and resolves with its answer. */
  command(line: string): Promise<string> {
    if (this.failed) return Promise.reject(this.failed);
    if (this.waiting) return Promise.reject(new Error('GnuGoGtp: one command at a time'));
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.child.stdin.write(line + '\n');
      this.drain();
    });
  }

  /** Asks GNU Go to quit and waits for the process to end. */
  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.stdin.end('quit\n');
    });
  }
}
