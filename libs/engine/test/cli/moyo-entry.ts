// Runs the moyo CLI from source (tsx), as bin/moyo.js runs it from dist: for child-process tests.
import { main } from '../../src/cli/main';

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
