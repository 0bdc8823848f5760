#!/usr/bin/env node
// The `moyo-admin` command: runs the compiled admin CLI (npm run build produces apps/api/dist/).
require('../dist/admin/cli.js')
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
