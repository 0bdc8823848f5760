/** KataGo's analysis protocol on Moyo's estimate: queries, per-turn answers, the queue. */
export * from './errors';
export * from './coords';
export * from './rules';
export * from './handicap';
export * from './estimate';
export * from './answer';
export * from './query';
export * from './replay';
export * from './engine';
export * from './analysis';
