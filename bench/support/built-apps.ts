/**
 * The built apps (apps/<app>/dist/main.js) as benches run them: checked before a run, started as
 * child processes with their output in one log, stopped gracefully (SIGKILL after 15 s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Writable } from 'node:stream';

const ROOT = resolve(__dirname, '../..');

const mainOf = (app: string) => join(ROOT, `apps/${app}/dist/main.js`);

/** Exits with status 2 and a message naming the bench when an app has not been built. */
export function requireBuiltApps(bench: string, apps: readonly string[]): void {
  for (const app of apps) {
    if (!existsSync(mainOf(app))) {
      process.stderr.write(`${bench}: apps/${app}/dist/main.js is missing: run npm run build first\n`);
      process.exit(2);
    }
  }
}

/** Starts the built `app` with `env`, its output appended to `log`; the child is added to `children`. */
export function startBuiltApp(
  app: string,
  env: NodeJS.ProcessEnv,
  log: Writable,
  children: ChildProcess[],
): ChildProcess {
  const child = spawn(process.execPath, [mainOf(app)], { env, cwd: ROOT });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  children.push(child);
  return child;
}

/** SIGTERM to every child, SIGKILL to those still up after 15 s; resolves once all have exited. */
export async function stopApps(children: readonly ChildProcess[]): Promise<void> {
  for (const child of children) child.kill('SIGTERM');
  const hard = setTimeout(() => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')), 15_000);
  await Promise.all(
    children.map((c) => (c.exitCode !== null ? undefined : new Promise((r) => c.once('exit', r)))),
  );
  clearTimeout(hard);
}
