/**
 * The `moyo` subcommands: every exported `CliCommand` is registered (help lists them by name).
 * To add one, add ONE line: `export { myCommand } from './my-command';`
 */
export { analyzeCommand } from './analyze';
export { showCommand } from './show';
export { gtpCommand } from './gtp';
export { eyegraphCommand } from './eyegraph-command';
export { analysisCommand } from './analysis';
export { annotateCommand } from './annotate';
