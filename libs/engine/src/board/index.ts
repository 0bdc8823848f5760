export * from './color';
export * from './geometry';
