/** Influence field in GNU Go's model: sources, permeability, attenuation, intrusions, territory values, regions. */
export * from './params';
export * from './field';
