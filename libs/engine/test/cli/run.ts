import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** Repository root (cwd of every child). */
export const ROOT = resolve(__dirname, '../../../..');
const ENTRY = resolve(__dirname, 'moyo-entry.ts');

/** Generous test timeout for tests that start `moyo` processes: tsx startup is slow on a loaded machine. */
export const CHILD_TEST_TIMEOUT = 240_000;

/**
 * The command and arguments that start `moyo ARGS` from source: one node process with tsx's loader
 * (the `tsx` binary would start two processes and an IPC server, twice the startup cost).
 */
export function moyoCommand(args: string[]): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', ENTRY, ...args]];
}

/** What a finished `moyo` process did. */
export interface MoyoRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `moyo ARGS` from source with `input` on stdin (then end of input); resolves when the process
 * has ended. Asynchronous on purpose: spawnSync would block the test worker for the child's life.
 */
export function runMoyo(args: string[], input = ''): Promise<MoyoRun> {
  const [cmd, argv] = moyoCommand(args);
  return runProcess(cmd, argv, input);
}

/** Runs `cmd ARGV` in the repository root with `input` on stdin; resolves when it has ended. */
export function runProcess(cmd: string, argv: string[], input = ''): Promise<MoyoRun> {
  return new Promise((done, fail) => {
    const child = spawn(cmd, argv, { cwd: ROOT, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.stdin.on('error', () => {}); // the child may exit before reading everything
    child.on('error', fail);
    child.on('close', (code, signal) => done({ code, signal, stdout, stderr }));
    child.stdin.end(input);
  });
}
