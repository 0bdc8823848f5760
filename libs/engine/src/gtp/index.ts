/** GTP v2 front: line protocol, command registry (one file per family), engine and stdio server. */
export * from './protocol';
export * from './session';
export * from './handler';
export * from './registry';
export * from './engine';
export * from './serve';
export { drawBoard } from './commands/board';
