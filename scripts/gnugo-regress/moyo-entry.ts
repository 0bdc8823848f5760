/**
 * Starts `moyo ARGS` from source in directory DIR: `node --import tsx moyo-entry.ts DIR ARGS...`.
 * The regression runner uses it when the engine is not built (tsx's loader is resolved from the
 * repository root, then the process moves to the suite's folder so `loadsgf` paths work).
 */
import { main } from '../../libs/engine/src/cli/main';

const [dir, ...args] = process.argv.slice(2);
process.chdir(dir);
void main(args).then((code) => {
  process.exitCode = code;
});
