#!/usr/bin/env node
// The `moyo` command: runs the compiled engine CLI (npm run build produces dist/).
require('../dist/cli/main.js')
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
