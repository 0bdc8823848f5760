/** Two-layer territory (seed 004), ownership, score estimate, and territorial move values (seed 001). */
export * from './territory';
export * from './move-values';
