export * from './color';
export * from './geometry';
export * from './zobrist';
export * from './board';
export * from './coords';
export * from './rules';
export * from './history';
export * from './random';
