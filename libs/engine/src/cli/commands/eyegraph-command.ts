import type { CliCommand } from '../types';
import { EYEGRAPH_USAGE, runEyegraphCommand } from './eyegraph';

/**
 * `moyo eyegraph GRAPH [--outer-libs N] [--ko-threats N] [--json] [--svg OUT|-]`: registers the
 * eye-graph command (argument handling, output and exit codes are in `eyegraph.ts`) with the `moyo`
 * front.
 */
export const eyegraphCommand: CliCommand = {
  name: 'eyegraph',
  summary: `${EYEGRAPH_USAGE.replace(/^usage: moyo /, '')}: eye value and vital points of a GNU Go eye graph`,
  run: (argv, io) => runEyegraphCommand(argv, io),
};
