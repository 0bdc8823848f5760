import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const TSX = resolve(__dirname, '../../../node_modules/.bin/tsx');
const MODULE = resolve(__dirname, '../src/config/shutdown-deadline.ts');

/** Runs a node process that arms the deadline, then hangs (or not) after SIGTERM; its exit. */
function runChild(hangs: boolean): Promise<{ code: number | null; stderr: string }> {
  const script = `
    const { exitIfShutdownHangs } = require(${JSON.stringify(MODULE)});
    exitIfShutdownHangs('test', 300);
    // An orderly shutdown: ends at once, or never (a timer that keeps the process alive).
    process.once('SIGTERM', () => { if (${hangs}) setInterval(() => {}, 1000); });
    const keep = setInterval(() => {}, 1000);
    process.once('SIGTERM', () => { if (!${hangs}) clearInterval(keep); });
    process.stdout.write('ready\\n');
  `;
  return new Promise((done) => {
    const child = spawn(TSX, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.once('data', () => child.kill('SIGTERM'));
    child.once('exit', (code) => done({ code, stderr }));
  });
}

describe('exitIfShutdownHangs', () => {
  it('exits with status 1 and says why when the shutdown hangs past the deadline', async () => {
    const { code, stderr } = await runChild(true);
    expect(code).toBe(1);
    expect(stderr).toMatch(/moyo test: shutdown did not finish within 300 ms; exiting/);
  });

  it('lets a shutdown that finishes in time exit as usual', async () => {
    const { code, stderr } = await runChild(false);
    expect(code).toBe(0);
    expect(stderr).toBe('');
  });
});
