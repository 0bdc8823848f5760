import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');

/** Chromium flags for CI containers: no sandbox (no user namespaces), no GPU, no network chatter. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A child process of the test with its recent output, for failure messages. */
export interface RunningApp {
  readonly name: string;
  readonly child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** The built entry point of an app (`npm run build` makes it; CI builds before testing). */
export function builtEntry(app: string): string {
  return resolve(ROOT, `apps/${app}/dist/main.js`);
}

/** True when every listed app has been built. */
export function appsBuilt(...apps: string[]): boolean {
  return apps.every((a) => existsSync(builtEntry(a)));
}

/** Stops a child process: SIGTERM, then SIGKILL after 10 s; resolves once it has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts an app's built entry point as a real process with exactly `env` (plus PATH/HOME). Its
 * output is kept (the last 20 kB) so a failing test can show why the app did not come up.
 */
export function startApp(app: string, env: Record<string, string>): RunningApp {
  const { PATH, HOME } = process.env;
  const child = spawn(process.execPath, [builtEntry(app)], {
    cwd: ROOT,
    env: { PATH: PATH ?? '', HOME: HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    name: app,
    child,
    output: () => log,
    stop: () => stopChild(child),
  };
}

/** Polls `url` until it answers 200 or `app` exits or the time runs out (then throws with its output). */
export async function waitForOk(url: string, app: RunningApp, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (app.child.exitCode !== null) {
      throw new Error(`${app.name} exited with ${app.child.exitCode}:\n${app.output()}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${app.name} did not answer ${url} in time:\n${app.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
