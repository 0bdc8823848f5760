/** The Moyo Go engine. Pure computation: only the `cli` and `gtp` fronts do I/O. */
export * from './board';
