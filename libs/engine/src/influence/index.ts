/** Influence maps: Bouzy dilation/erosion, Freihofner's reflecting linear influence, junction ranking. */
export type { ColorPosition } from './position';
export * from './bouzy';
export * from './freihofner';
export * from './junctions';
export * from './field';
export * from './analysis';
