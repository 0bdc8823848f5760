#!/usr/bin/env node
// The `moyo` command: runs the compiled engine CLI (npm run build produces dist/).
let cli;
try {
  cli = require('../dist/cli/main.js');
} catch (e) {
  if (e && e.code === 'MODULE_NOT_FOUND' && String(e.message).includes('dist/cli/main.js')) {
    process.stderr.write('moyo: the engine is not built yet: run `npm run build` in the repository root\n');
    process.exit(1);
  }
  throw e;
}
cli.main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
