/** The `moyo` command-line front: subcommands registry and `main`. */
export * from './types';
export * from './render';
export { main, CLI_COMMANDS } from './main';
