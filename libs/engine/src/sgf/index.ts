/** SGF: reading (via @sabaki/sgf) into a Game at any move, and writing a Game back. */
export * from './errors';
export * from './read';
export * from './write';
export * from './annotate';
