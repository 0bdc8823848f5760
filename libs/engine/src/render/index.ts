/** Pictures: SVG boards with analysis overlays and eye-graph diagrams, as strings (no DOM, no I/O). */
export type * from './model';
export { RenderInputError } from './picture-input';
export { renderBoardSvg } from './board-svg';
export { renderEyeGraphSvg } from './eye-graph-svg';
export * from './adapters';
export * from './replay';
export * from './results';
export * from './position-svg';
