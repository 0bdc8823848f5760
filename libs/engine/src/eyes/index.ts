/** Eye graphs: GNU Go's encoding, the life-and-death construction, the reader and the eye value. */
export * from './parse';
export * from './construction';
export * from './reader';
export * from './analyze';
export * from './reading-board';
export * from './bit-board';
