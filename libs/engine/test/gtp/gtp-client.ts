import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/**
 * A minimal GTP client over a child process: sends one command at a time and resolves with the
 * answer (`{ ok, body }`), reading up to the blank line that ends every GTP answer. If the process
 * dies or cannot start, the pending answer rejects with its exit status and stderr instead of
 * waiting forever.
 */
export class GtpClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private waiting: { resolve: (answer: string) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;
  private readonly exit: Promise<number | null>;
  readonly stderr: string[] = [];

  constructor(command: string, args: string[], cwd?: string) {
    this.child = spawn(command, args, { cwd, stdio: 'pipe' });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.flush();
    });
    this.child.stderr.on('data', (c) => this.stderr.push(String(c)));
    // Writes after the child is gone fail with EPIPE; the exit handler reports that instead.
    this.child.stdin.on('error', () => {});
    this.exit = new Promise((resolve) => {
      this.child.on('error', (e) => {
        this.fail(new Error(`${command} did not start: ${e.message}`));
        resolve(null);
      });
      // 'close' (not 'exit'): every byte of stdout and stderr has been read by then.
      this.child.on('close', (code, signal) => {
        this.fail(
          new Error(`${command} ended (code ${code}, signal ${signal}); stderr: ${this.stderr.join('')}`),
        );
        resolve(code);
      });
    });
  }

  private fail(e: Error): void {
    this.failure ??= e;
    const w = this.waiting;
    this.waiting = null;
    w?.reject(this.failure);
  }

  private flush(): void {
    const end = this.buffer.indexOf('\n\n');
    if (end < 0 || !this.waiting) return;
    const answer = this.buffer.slice(0, end);
    this.buffer = this.buffer.slice(end + 2);
    const w = this.waiting;
    this.waiting = null;
    w.resolve(answer);
  }

  /** Sends raw text (one line, newline added) and waits for one answer. */
  async raw(line: string): Promise<string> {
    const answer = new Promise<string>((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
    if (!this.failure) this.child.stdin.write(line + '\n');
    this.flush();
    if (this.failure && this.waiting) this.fail(this.failure);
    return answer;
  }

  /** Sends a command; resolves with whether it succeeded and the body after `= ` / `? `. */
  async send(line: string): Promise<{ ok: boolean; body: string }> {
    const a = await this.raw(line);
    const m = /^([=?])\d*\s?([\s\S]*)$/.exec(a);
    if (!m) throw new Error(`not a GTP answer to ${line}: ${JSON.stringify(a)}`);
    return { ok: m[1] === '=', body: m[2] };
  }

  /** Writes text without waiting for an answer (e.g. lines that have none). */
  write(text: string): void {
    this.child.stdin.write(text);
  }

  /** Resolves with the exit code once the process has ended and its output is read. */
  exited(): Promise<number | null> {
    return this.exit;
  }

  /** Everything on stdout not consumed as an answer yet. */
  get unread(): string {
    return this.buffer;
  }

  /** Closes stdin (end of input). */
  end(): void {
    this.child.stdin.end();
  }

  /** Closes our end of the child's stdout, as a controller that goes away does. */
  closeOutput(): void {
    this.child.stdout.destroy();
  }

  kill(): void {
    this.child.kill();
  }
}
