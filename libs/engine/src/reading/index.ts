/** Tactical reading: capture and rescue of strings, ko codes, a Zobrist-keyed transposition table. */
export * from './result';
export * from './tactical';
export * from './transposition';
export * from './node';
export * from './moves';
export * from './connection';
export * from './komaster';
