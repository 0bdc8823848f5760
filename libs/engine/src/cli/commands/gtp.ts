import { serveGtp } from '../../gtp/serve';
import type { CliCommand } from '../types';

/** `moyo gtp`: GTP version 2 on standard input and output until `quit` or end of input. */
export const gtpCommand: CliCommand = {
  name: 'gtp',
  summary: 'gtp: speak GTP version 2 on standard input/output',
  async run(argv, io) {
    if (argv.length > 0) {
      io.stderr(`moyo gtp: unexpected argument '${argv[0]}' (moyo gtp takes none)\n`);
      return 2;
    }
    await serveGtp(io.stdin, io.stdoutStream);
    return 0;
  },
};
