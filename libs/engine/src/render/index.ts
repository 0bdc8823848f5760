/** Pictures: SVG boards with analysis overlays and eye-graph diagrams, as strings (no DOM, no I/O). */
export type * from './model';
export { RenderInputError, renderBoardSvg, renderEyeGraphSvg } from './svg';
export * from './adapters';
export * from './replay';
export * from './results';
export * from './position-svg';
