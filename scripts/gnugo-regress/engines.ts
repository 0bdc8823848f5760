import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { EngineCommand } from './gtp-process';

export type EngineName = 'moyo' | 'gnugo';

/** Repository root. */
export const ROOT = resolve(__dirname, '../..');
/** Where Debian installs GNU Go 3.8 (`GNUGO_PATH` overrides). */
export const GNUGO_PATH = process.env.GNUGO_PATH ?? '/usr/games/gnugo';
/** GNU Go's options, as its regress.sh runs it (`--quiet --mode gtp`, default level 10). */
export const GNUGO_ARGS = ['--mode', 'gtp', '--quiet'];

const MOYO_BIN = join(ROOT, 'libs/engine/bin/moyo.js');
const MOYO_BUILD = join(ROOT, 'libs/engine/dist');
const MOYO_DIST = join(MOYO_BUILD, 'cli/main.js');
const MOYO_SRC = join(ROOT, 'libs/engine/src');
const MOYO_ENTRY = join(__dirname, 'moyo-entry.ts');

export type MoyoFrom = 'auto' | 'dist' | 'src';

/** The newest modification time of the files under `dir` whose names end with `suffix`. */
function newestMtime(dir: string, suffix: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path, suffix));
    else if (entry.name.endsWith(suffix)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** How `moyo gtp` will be started, and why. */
export interface MoyoLaunch {
  /** Starts `moyo gtp` with `cwd` as its working directory (where `loadsgf` paths are read). */
  command(cwd: string): EngineCommand;
  description: string;
}

/**
 * `moyo gtp` from the build (`node libs/engine/bin/moyo.js gtp`) when it exists and its newest emitted file
 * is not older than the newest source under libs/engine/src (`auto`), otherwise from source through
 * tsx's loader.
 */
export function moyoLaunch(from: MoyoFrom): MoyoLaunch {
  const built = existsSync(MOYO_DIST);
  if (from === 'dist' && !built) throw new Error(`--moyo-from dist: ${MOYO_DIST} is missing (npm run build)`);
  // tsc -b rewrites only the files whose output changed: the newest emitted file counts (not
  // .tsbuildinfo, which a type check without output also touches).
  const fresh = built && newestMtime(MOYO_BUILD, '.js') >= newestMtime(MOYO_SRC, '.ts');
  if (from === 'dist' || (from === 'auto' && fresh)) {
    return {
      command: (cwd) => ({ file: process.execPath, args: [MOYO_BIN, 'gtp'], cwd }),
      description: `node libs/engine/bin/moyo.js gtp (the build)`,
    };
  }
  // tsx's loader is resolved from the working directory, so start in the root and change there.
  return {
    command: (cwd) => ({
      file: process.execPath,
      args: ['--import', 'tsx', MOYO_ENTRY, cwd, 'gtp'],
      cwd: ROOT,
    }),
    description: `moyo gtp from libs/engine/src through tsx (${built ? 'the build is older than src' : 'not built'})`,
  };
}

/** `gnugo --mode gtp --quiet` with `cwd` as its working directory. */
export function gnugoCommand(cwd: string): EngineCommand {
  return { file: GNUGO_PATH, args: GNUGO_ARGS, cwd };
}

/** True when the GNU Go binary exists. */
export function gnugoInstalled(): boolean {
  return existsSync(GNUGO_PATH);
}
