import { ENGINE } from '../../analysis/registry';
import type { GtpHandler } from '../handler';
import { GtpError } from '../protocol';

/** The administrative commands every GTP engine has. */
export const CORE_GTP_COMMANDS: Readonly<Record<string, GtpHandler>> = {
  protocol_version: () => '2',
  name: () => 'Moyo',
  version: () => ENGINE.version,
  known_command: (args, session, registry) => {
    if (args.length !== 1) throw new GtpError('known_command needs one command name');
    return registry.has(args[0]) ? 'true' : 'false';
  },
  list_commands: (_args, _session, registry) => [...registry.keys()].join('\n'),
  quit: (_args, session) => {
    session.quit = true;
    return '';
  },
};
