/** The Moyo Go engine. Pure computation: only the `cli` and `gtp` fronts do I/O. */
export * from './board';
export * from './influence';
export * from './render';
export * from './groups';
export * from './territory';
export * from './sgf';
export * from './analysis';
export * from './eyes';
export * from './katago';
