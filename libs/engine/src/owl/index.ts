/** Owl reading: life and death of one dragon by search over its eye spaces, lunches and room. */
export * from './eyespace';
export * from './moves';
export * from './owl';
export * from './semeai';
export * from './shared-point';
